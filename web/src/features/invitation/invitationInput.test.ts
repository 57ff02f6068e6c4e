import { describe, expect, it } from 'vitest';
import { invitationInput, resendInput } from './invitationInput';

describe('invitationInput', () => {
  it('trims the address and leaves out unfinished project rows', () => {
    expect(
      invitationInput({
        email: '  ann@example.com ',
        role: 'MEMBER',
        projects: [{ projectId: 'p1', role: 'VIEWER' }, { projectId: 'p2' }, {}],
      }),
    ).toEqual({ email: 'ann@example.com', role: 'MEMBER', projects: [{ projectId: 'p1', role: 'VIEWER' }] });
  });

  it('keeps one role per project, the last one chosen', () => {
    expect(
      invitationInput({
        email: 'ann@example.com',
        role: 'ADMIN',
        projects: [
          { projectId: 'p1', role: 'VIEWER' },
          { projectId: 'p1', role: 'OWNER' },
        ],
      }).projects,
    ).toEqual([{ projectId: 'p1', role: 'OWNER' }]);
  });

  it('invites without project roles when none are given', () => {
    expect(invitationInput({ email: 'bo@example.com', role: 'MEMBER' }).projects).toEqual([]);
  });
});

describe('resendInput', () => {
  it('repeats the address, org role and project roles of the invitation', () => {
    expect(
      resendInput({ email: 'ann@example.com', role: 'MEMBER', projects: [{ id: 'p1', role: 'CONTRIBUTOR' }] }),
    ).toEqual({ email: 'ann@example.com', role: 'MEMBER', projects: [{ projectId: 'p1', role: 'CONTRIBUTOR' }] });
  });
});
