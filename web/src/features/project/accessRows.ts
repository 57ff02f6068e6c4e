import type { ProjectAccessQuery, ProjectRole } from '../../gql/graphql';

type AccessProject = NonNullable<ProjectAccessQuery['project']>;

/** A row of the access table: a person's own role, or a group's. */
export interface AccessRow {
  key: string;
  kind: 'USER' | 'GROUP';
  /** userId or groupId: what the role mutations take. */
  principalId: string;
  label: string;
  detail: string;
  role: ProjectRole;
  since: string;
}

export function accessRows(project: Pick<AccessProject, 'members' | 'groups'>): AccessRow[] {
  const people: AccessRow[] = project.members.map((member) => ({
    key: `user:${member.userId}`,
    kind: 'USER',
    principalId: member.userId,
    label: member.name || member.email,
    detail: member.name ? member.email : '',
    role: member.role,
    since: member.joinedAt,
  }));
  const groups: AccessRow[] = project.groups.map((group) => ({
    key: `group:${group.groupId}`,
    kind: 'GROUP',
    principalId: group.groupId,
    label: group.name,
    detail: `${group.memberCount} ${group.memberCount === 1 ? 'member' : 'members'}`,
    role: group.role,
    since: group.addedAt,
  }));
  const byLabel = (a: AccessRow, b: AccessRow) => a.label.localeCompare(b.label);
  return [...people.sort(byLabel), ...groups.sort(byLabel)];
}
