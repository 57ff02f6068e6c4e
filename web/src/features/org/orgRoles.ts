import type { OrgRole } from '../../gql/graphql';

export const ORG_ROLE_LABELS: Record<OrgRole, string> = {
  ADMIN: 'Admin',
  MEMBER: 'Member',
};

export const ORG_ROLE_OPTIONS: { value: OrgRole; label: string }[] = (['ADMIN', 'MEMBER'] as const).map((value) => ({
  value,
  label: ORG_ROLE_LABELS[value],
}));
