import type { ActivityKind } from '../../gql/graphql';
import { apiScopeLabel } from '../apiManagement/apiLabels';

// Every kind the schema has: a kind added there fails the type check until it has a label here.
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  SIGN_IN: 'Signed in',
  SIGN_IN_FAILED: 'Failed sign-in',
  ORG_UPDATED: 'Organization renamed',
  ORG_DELETION_STARTED: 'Organization deletion started',
  MEMBER_CREATED: 'Member added',
  MEMBER_UPDATED: 'Member updated',
  MEMBER_REMOVED: 'Member removed',
  INVITATION_SENT: 'Invitation sent',
  INVITATION_DELETED: 'Invitation deleted',
  INVITATION_ACCEPTED: 'Invitation accepted',
  GROUP_CREATED: 'Group created',
  GROUP_UPDATED: 'Group renamed',
  GROUP_DELETED: 'Group deleted',
  GROUP_MEMBER_ADDED: 'Added to group',
  GROUP_MEMBER_REMOVED: 'Removed from group',
  PROJECT_CREATED: 'Project created',
  PROJECT_DELETED: 'Project deleted',
  PROJECT_RESET: 'Project reset',
  PROJECT_MEMBER_ADDED: 'Project member added',
  PROJECT_MEMBER_UPDATED: 'Project member role changed',
  PROJECT_MEMBER_REMOVED: 'Project member removed',
  PROJECT_GROUP_ADDED: 'Group given project access',
  PROJECT_GROUP_UPDATED: 'Group project role changed',
  PROJECT_GROUP_REMOVED: 'Group project access removed',
  DATA_SOURCE_CHANGED: 'Data source changed',
  LLM_CONFIG_CHANGED: 'Language model settings changed',
  DEPLOYED: 'Models deployed',
  API_KEY_CREATED: 'API key created',
  API_KEY_REVOKED: 'API key revoked',
  TERM_TAUGHT: 'Term taught',
  TERM_REMOVED: 'Derived term removed',
  TAUGHT_TERM_DELETED: 'Taught term deleted',
  SESSION_PROPERTY_CREATED: 'Session property created',
  SESSION_PROPERTY_DELETED: 'Session property deleted',
  SESSION_PROPERTY_VALUE_SET: 'Session property value set',
  POLICY_CREATED: 'Policy created',
  POLICY_UPDATED: 'Policy updated',
  POLICY_DELETED: 'Policy deleted',
};

export const ACTIVITY_KINDS = Object.keys(ACTIVITY_KIND_LABELS) as ActivityKind[];

/** The kinds grouped as the filter lists them. */
export const ACTIVITY_KIND_GROUPS: { label: string; kinds: ActivityKind[] }[] = [
  { label: 'Sign-in', kinds: ['SIGN_IN', 'SIGN_IN_FAILED'] },
  { label: 'Organization', kinds: ['ORG_UPDATED', 'ORG_DELETION_STARTED', 'MEMBER_CREATED', 'MEMBER_UPDATED', 'MEMBER_REMOVED'] },
  { label: 'Invitations', kinds: ['INVITATION_SENT', 'INVITATION_DELETED', 'INVITATION_ACCEPTED'] },
  { label: 'Groups', kinds: ['GROUP_CREATED', 'GROUP_UPDATED', 'GROUP_DELETED', 'GROUP_MEMBER_ADDED', 'GROUP_MEMBER_REMOVED'] },
  {
    label: 'Projects',
    kinds: [
      'PROJECT_CREATED',
      'PROJECT_DELETED',
      'PROJECT_RESET',
      'PROJECT_MEMBER_ADDED',
      'PROJECT_MEMBER_UPDATED',
      'PROJECT_MEMBER_REMOVED',
      'PROJECT_GROUP_ADDED',
      'PROJECT_GROUP_UPDATED',
      'PROJECT_GROUP_REMOVED',
    ],
  },
  { label: 'Data and models', kinds: ['DATA_SOURCE_CHANGED', 'LLM_CONFIG_CHANGED', 'DEPLOYED'] },
  { label: 'API keys', kinds: ['API_KEY_CREATED', 'API_KEY_REVOKED'] },
  { label: 'Knowledge', kinds: ['TERM_TAUGHT', 'TERM_REMOVED', 'TAUGHT_TERM_DELETED'] },
  {
    label: 'Data security',
    kinds: ['SESSION_PROPERTY_CREATED', 'SESSION_PROPERTY_DELETED', 'SESSION_PROPERTY_VALUE_SET', 'POLICY_CREATED', 'POLICY_UPDATED', 'POLICY_DELETED'],
  },
];

export function activityKindLabel(kind: string): string {
  return ACTIVITY_KIND_LABELS[kind as ActivityKind] ?? kind;
}

const TARGET_KIND_LABELS: Record<string, string> = {
  USER: 'User',
  MEMBER: 'Member',
  GROUP: 'Group',
  INVITATION: 'Invitation',
  PROJECT: 'Project',
  DATA_SOURCE: 'Data source',
  LLM: 'Language model',
  ORG: 'Organization',
  DEPLOY: 'Deploy',
  API_KEY: 'API key',
  TERM: 'Term',
};

export function targetKindLabel(kind: string | null | undefined): string {
  if (!kind) return '';
  return TARGET_KIND_LABELS[kind] ?? kind;
}

const ROLE_LABELS: Record<string, string> = {
  ADMIN: 'Admin',
  MEMBER: 'Member',
  OWNER: 'Owner',
  CONTRIBUTOR: 'Contributor',
  VIEWER: 'Viewer',
};

const roleLabel = (role: unknown) => (typeof role === 'string' ? (ROLE_LABELS[role] ?? role) : '');

// Keys the summary already words (or that repeat the target), and ids nobody reads.
const WORDED = new Set([
  'role',
  'project',
  'projects',
  'previousName',
  'email',
  'change',
  'status',
  'type',
  'userId',
  'projectId',
  'scopes',
  'organizationWide',
  // A term's target label says it ("grooves" as tracks.genre).
  'phrase',
  'model',
  'column',
  'removed',
]);

/** One line about what an entry's `detail` holds, for the log's Details column. */
export function describeActivityDetail(detail: Record<string, unknown> | null | undefined, targetLabel?: string | null): string {
  if (!detail) return '';
  const parts: string[] = [];
  if (typeof detail.previousName === 'string') parts.push(`Renamed from "${detail.previousName}"`);
  if (typeof detail.email === 'string' && detail.email) parts.push(detail.email);
  if (typeof detail.project === 'string') parts.push(`Project: ${detail.project}`);
  if (detail.role) parts.push(`Role: ${roleLabel(detail.role)}`);
  if (Array.isArray(detail.projects) && detail.projects.length > 0) {
    const roles = detail.projects
      .map((entry) => {
        const { project, role } = (entry ?? {}) as { project?: unknown; role?: unknown };
        return typeof project === 'string' ? `${project} (${roleLabel(role)})` : null;
      })
      .filter(Boolean);
    if (roles.length > 0) parts.push(`Projects: ${roles.join(', ')}`);
  }
  if (Array.isArray(detail.scopes) && detail.scopes.length > 0) {
    parts.push(`Scopes: ${detail.scopes.map((scope) => (typeof scope === 'string' ? apiScopeLabel(scope) : '')).join(', ')}`);
  }
  if (detail.organizationWide === true) parts.push('Organization-wide');
  if (typeof detail.change === 'string' && detail.change !== targetLabel) parts.push(detail.change);
  if (typeof detail.type === 'string' && detail.type !== targetLabel) parts.push(detail.type);
  if (typeof detail.status === 'string' && detail.status !== targetLabel) parts.push(`Status: ${detail.status}`);
  for (const [key, value] of Object.entries(detail)) {
    if (WORDED.has(key)) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') parts.push(`${key}: ${value}`);
  }
  return parts.join(' · ');
}
