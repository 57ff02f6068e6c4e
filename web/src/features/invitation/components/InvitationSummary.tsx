import { Descriptions, Space, Tag } from '../../../components/ui';
import { formatDateTime } from '../../../components/page/formatDate';
import type { OrgRole, ProjectRole } from '../../../gql/graphql';
import { ORG_ROLE_LABELS } from '../../org/orgRoles';
import { PROJECT_ROLE_LABELS } from '../../project/projectRoles';

export interface InvitationFacts {
  email?: string;
  role: OrgRole;
  expiresAt: string;
  invitor?: { email: string; name?: string | null } | null;
  org: { name: string };
  projects: { id: string; displayName: string; role: ProjectRole }[];
}

export function invitorName(invitor: InvitationFacts['invitor']): string {
  if (!invitor) return 'An admin';
  return invitor.name ? `${invitor.name} (${invitor.email})` : invitor.email;
}

/** The projects an invitation gives a role on, one tag each: "Sales · Viewer". */
export function ProjectRoleTags({ projects }: { projects: InvitationFacts['projects'] }) {
  return (
    <Space size={[0, 4]} wrap>
      {projects.map((project) => (
        <Tag key={project.id}>
          {project.displayName} · {PROJECT_ROLE_LABELS[project.role]}
        </Tag>
      ))}
    </Space>
  );
}

/** What accepting gives: the org, the roles, who asked and until when. */
export function InvitationSummary({ invitation }: { invitation: InvitationFacts }) {
  return (
    <Descriptions column={1} size="small" bordered styles={{ label: { width: 150 } }}>
      <Descriptions.Item label="Organization">{invitation.org.name}</Descriptions.Item>
      <Descriptions.Item label="Invited by">{invitorName(invitation.invitor)}</Descriptions.Item>
      {invitation.email && <Descriptions.Item label="Invited e-mail">{invitation.email}</Descriptions.Item>}
      <Descriptions.Item label="Role">{ORG_ROLE_LABELS[invitation.role]}</Descriptions.Item>
      <Descriptions.Item label="Projects">
        {invitation.projects.length === 0 ? (
          'None yet'
        ) : (
          <ProjectRoleTags projects={invitation.projects} />
        )}
      </Descriptions.Item>
      <Descriptions.Item label="Expires">{formatDateTime(invitation.expiresAt)}</Descriptions.Item>
    </Descriptions>
  );
}
