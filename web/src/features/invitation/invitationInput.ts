import type { CreateInvitationInput, OrgRole, ProjectRole } from '../../gql/graphql';

export interface InviteValues {
  email: string;
  role: OrgRole;
  projects?: { projectId?: string; role?: ProjectRole }[];
}

/** The mutation input of the invite form: a trimmed address, one role per project (the last chosen). */
export function invitationInput(values: InviteValues): CreateInvitationInput {
  const roles = new Map<string, ProjectRole>();
  for (const row of values.projects ?? []) {
    if (row.projectId && row.role) roles.set(row.projectId, row.role);
  }
  return {
    email: values.email.trim(),
    role: values.role,
    projects: [...roles].map(([projectId, role]) => ({ projectId, role })),
  };
}

/** Sending again is inviting again with what the invitation already gives (a new link, a new expiry). */
export function resendInput(invitation: {
  email: string;
  role: OrgRole;
  projects: { id: string; role: ProjectRole }[];
}): CreateInvitationInput {
  return {
    email: invitation.email,
    role: invitation.role,
    projects: invitation.projects.map((project) => ({ projectId: project.id, role: project.role })),
  };
}
