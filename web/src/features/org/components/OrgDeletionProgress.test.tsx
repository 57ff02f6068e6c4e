import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { elapse, mockOperations, renderWithProviders, useFastClock } from '../../../test/renderWithProviders';
import type { OrgsQuery } from '../../../gql/graphql';
import { ORG_DELETION_POLL_MS, orgDeletionState } from '../hooks/useOrgDeletion';
import { OrgDeletionProgress, deletionProgressText } from './OrgDeletionProgress';

afterEach(() => vi.useRealTimers());

const orgs = (...list: { id: string; state: 'ACTIVE' | 'DELETING' }[]): OrgsQuery => ({
  orgs: list.map((org) => ({ ...org, name: org.id, myRole: 'ADMIN' })),
});

describe('org deletion', () => {
  it('reads where the deletion stands from the list of orgs', () => {
    expect(orgDeletionState('o1', undefined)).toBeNull();
    expect(orgDeletionState('o1', orgs({ id: 'o1', state: 'DELETING' }))).toBe('deleting');
    expect(orgDeletionState('o1', orgs({ id: 'o2', state: 'ACTIVE' }))).toBe('deleted');
    expect(orgDeletionState('o1', orgs({ id: 'o1', state: 'ACTIVE' }))).toBe('stopped');
  });

  it('counts the projects left', () => {
    expect(deletionProgressText(null)).toBe('Starting…');
    expect(deletionProgressText({ status: 'deleting', remainingProjects: 3, totalProjects: 3 })).toBe('Deleting 3 projects…');
    expect(deletionProgressText({ status: 'deleting', remainingProjects: 1, totalProjects: 3 })).toBe('Deleting 1 project…');
    expect(deletionProgressText({ status: 'deleting', remainingProjects: 0, totalProjects: 3 })).toBe(
      'Removing the organization and its members…',
    );
  });

  it('shows the progress, then moves on once the org is gone', async () => {
    let polls = 0;
    const onDeleted = vi.fn();
    const api = mockOperations({
      Orgs: () => {
        polls += 1;
        return { data: polls === 1 ? orgs({ id: 'o1', state: 'DELETING' }, { id: 'o2', state: 'ACTIVE' }) : orgs({ id: 'o2', state: 'ACTIVE' }) };
      },
      Projects: {
        data: {
          projects: [
            { id: 'p1', displayName: 'Shop', language: 'EN', state: 'DELETING', onboardingStatus: 'NOT_STARTED', createdAt: '2026-01-01T00:00:00Z', myRole: null },
            { id: 'p2', displayName: 'Ops', language: 'EN', state: 'DELETING', onboardingStatus: 'NOT_STARTED', createdAt: '2026-01-01T00:00:00Z', myRole: null },
          ],
        },
      },
    });
    useFastClock();
    renderWithProviders(<OrgDeletionProgress org={{ id: 'o1', name: 'Acme' }} onDeleted={onDeleted} />, api.client);
    expect(await screen.findByText('Deleting 2 projects…')).toBeInTheDocument();
    expect(screen.getByText('Deleting Acme')).toBeInTheDocument();
    await elapse(ORG_DELETION_POLL_MS);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
  });

  it('says so when the deletion stopped', async () => {
    const api = mockOperations({ Orgs: { data: orgs({ id: 'o1', state: 'ACTIVE' }) }, Projects: { data: { projects: [] } } });
    renderWithProviders(<OrgDeletionProgress org={{ id: 'o1', name: 'Acme' }} onDeleted={() => undefined} />, api.client);
    expect(await screen.findByText('The deletion of Acme stopped before it finished.')).toBeInTheDocument();
  });
});
