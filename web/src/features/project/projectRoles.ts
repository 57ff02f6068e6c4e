import type { ProjectRole } from '../../gql/graphql';

export const PROJECT_ROLE_LABELS: Record<ProjectRole, string> = {
  OWNER: 'Owner',
  CONTRIBUTOR: 'Contributor',
  VIEWER: 'Viewer',
};

export const PROJECT_ROLE_OPTIONS: { value: ProjectRole; label: string }[] = (
  ['OWNER', 'CONTRIBUTOR', 'VIEWER'] as const
).map((value) => ({ value, label: PROJECT_ROLE_LABELS[value] }));
