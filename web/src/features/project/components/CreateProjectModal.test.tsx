import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockClient, renderWithProviders } from '../../../test/renderWithProviders';
import { CreateProjectModal } from './CreateProjectModal';

describe('CreateProjectModal', () => {
  it('asks for a display name before creating', async () => {
    const onMutation = vi.fn();
    renderWithProviders(
      <CreateProjectModal open onClose={() => undefined} />,
      mockClient({ timezones: ['UTC', 'Europe/Paris'] }, onMutation),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Please enter Display name', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(onMutation).not.toHaveBeenCalled();
  });

  it('rejects a name of blanks with the same message', async () => {
    renderWithProviders(<CreateProjectModal open onClose={() => undefined} />, mockClient({ timezones: ['UTC'] }));

    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Please enter Display name', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('creates the project with the chosen values', async () => {
    const onMutation = vi.fn(() => ({
      createProject: { id: 'p9', displayName: 'Sales', language: 'EN', timezone: 'UTC', onboardingStatus: 'NOT_STARTED', state: 'ACTIVE', createdAt: '2024-01-01T00:00:00Z' },
    }));
    const onClose = vi.fn();
    renderWithProviders(<CreateProjectModal open onClose={onClose} />, mockClient({ timezones: ['UTC'] }, onMutation));

    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: '  Sales ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 10_000 });
    expect(onMutation).toHaveBeenCalledWith({ data: { displayName: 'Sales', language: 'EN', timezone: 'UTC' } });
  });
});
