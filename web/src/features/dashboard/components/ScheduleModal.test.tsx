import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { pickOption } from '../../../test/antdSelect';
import type { DashboardScheduleFieldsFragment } from '../../../gql/graphql';
import { ScheduleModal } from './ScheduleModal';

const never: DashboardScheduleFieldsFragment = { frequency: 'NEVER', day: null, hour: null, minute: null, cron: null, timezone: null, nextRunAt: null };

function renderModal(schedule = never) {
  const api = mockOperations({
    SetDashboardSchedule: (variables) => ({ data: { setDashboardSchedule: { id: 'd1', schedule: { ...never, ...(variables.data as object) } } } }),
  });
  const onClose = vi.fn();
  renderWithProviders(<ScheduleModal projectId="p1" dashboardId="d1" schedule={schedule} open onClose={onClose} />, api.client);
  return { api, onClose };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole(label === 'Cron expression' ? 'textbox' : 'spinbutton', { name: label }), { target: { value } });

describe('ScheduleModal', () => {
  it('refuses hours and minutes out of range', async () => {
    const { api } = renderModal();
    await pickOption(screen.getByRole('combobox', { name: 'Frequency' }), 'Daily');
    type('Hour', '24');
    type('Minute', '75');
    save();
    expect(await screen.findByText('The hour must be between 0 and 23.')).toBeInTheDocument();
    expect(screen.getByText('The minute must be between 0 and 59.')).toBeInTheDocument();
    expect(api.callsOf('SetDashboardSchedule')).toEqual([]);
  });

  it('needs the day for a weekly schedule', async () => {
    const { api } = renderModal({ ...never, frequency: 'WEEKLY', day: null, hour: 9, minute: 0, timezone: 'UTC' });
    // The day offered by default is cleared.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Day' }).closest('.ant-select')!.querySelector('.ant-select-selector')!);
    const clear = document.querySelector('.ant-select-clear');
    if (clear) fireEvent.mouseDown(clear);
    save();
    expect(await screen.findByText('Please choose the day of the week.')).toBeInTheDocument();
    expect(api.callsOf('SetDashboardSchedule')).toEqual([]);
  });

  it('needs the cron expression for a custom schedule', async () => {
    const { api } = renderModal();
    await pickOption(screen.getByRole('combobox', { name: 'Frequency' }), 'Custom (cron)');
    save();
    expect(await screen.findByText('Please enter the cron expression.')).toBeInTheDocument();
    type('Cron expression', '0 8 * *');
    save();
    expect(await screen.findByText(/needs five fields/)).toBeInTheDocument();
    expect(api.callsOf('SetDashboardSchedule')).toEqual([]);
  });

  it('saves a daily 08:00 schedule in the chosen timezone', async () => {
    const { api, onClose } = renderModal();
    await pickOption(screen.getByRole('combobox', { name: 'Frequency' }), 'Daily');
    type('Hour', '8');
    type('Minute', '0');
    const timezone = screen.getByRole('combobox', { name: 'Timezone' });
    fireEvent.change(timezone, { target: { value: 'Europe/Berl' } });
    await pickOption(timezone, 'Europe/Berlin');
    save();
    await waitFor(() =>
      expect(api.callsOf('SetDashboardSchedule')).toEqual([
        { projectId: 'p1', dashboardId: 'd1', data: { frequency: 'DAILY', hour: 8, minute: 0, timezone: 'Europe/Berlin' } },
      ]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
