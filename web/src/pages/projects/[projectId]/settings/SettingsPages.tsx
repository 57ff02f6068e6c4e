import { useParams, useSearchParams } from 'react-router';
import { Tabs } from '../../../../components/ui';
import { PageMeta } from '../../../../components/page/PageMeta';
import { LoadingState } from '../../../../components/page/PageStates';
import { ActivityLog } from '../../../../features/activity/components/ActivityLog';
import { OrgGroups } from '../../../../features/group/components/OrgGroups';
import { OrgInvitations } from '../../../../features/invitation/components/OrgInvitations';
import { LlmSettings } from '../../../../features/llm/components/LlmSettings';
import { DataConnectionSettings } from '../../../../features/dataSource/components/DataConnectionSettings';
import { OrgDangerZone } from '../../../../features/org/components/OrgDangerZone';
import { OrgGeneralSettings } from '../../../../features/org/components/OrgGeneralSettings';
import { OrgMembersTable } from '../../../../features/org/components/OrgMembersTable';
import { ProjectAccessControl } from '../../../../features/project/components/ProjectAccessControl';
import { ProjectDangerZone } from '../../../../features/project/components/ProjectDangerZone';
import { ProjectGeneralSettings } from '../../../../features/project/components/ProjectGeneralSettings';
import { DeleteAccountCard } from '../../../../features/user/components/DeleteAccountCard';
import { ProfileSettings } from '../../../../features/user/components/ProfileSettings';
import { useMe } from '../../../../features/user/hooks/useMe';

// One small composition per settings route.

export function ProjectGeneralSettingsPage() {
  const { projectId = '' } = useParams();
  return (
    <>
      <PageMeta title="Project settings" description="Rename the project and set its language and timezone." />
      <ProjectGeneralSettings projectId={projectId} />
    </>
  );
}

export function ProjectAccessControlPage() {
  const { projectId = '' } = useParams();
  return (
    <>
      <PageMeta title="Access control" description="Choose which members and groups can open the project, and with which role." />
      <ProjectAccessControl projectId={projectId} />
    </>
  );
}

export function ProjectDataConnectionPage() {
  const { projectId = '' } = useParams();
  return (
    <>
      <PageMeta title="Data connection" description="See and edit the project's data source, and apply its schema changes." />
      <DataConnectionSettings projectId={projectId} />
    </>
  );
}

export function ProjectDangerZonePage() {
  const { projectId = '' } = useParams();
  return (
    <>
      <PageMeta title="Project danger zone" description="Reset or delete the project." />
      <ProjectDangerZone projectId={projectId} />
    </>
  );
}

export function OrgGeneralSettingsPage() {
  return (
    <>
      <PageMeta title="Organization settings" description="Rename your organization and see its usage." />
      <OrgGeneralSettings />
    </>
  );
}

type MembersTab = 'members' | 'groups';

export function OrgMembersPage() {
  const { me } = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: MembersTab = searchParams.get('tab') === 'groups' ? 'groups' : 'members';
  const isAdmin = me?.currentOrg?.myPermissions.canManageInvitations ?? false;
  return (
    <>
      <PageMeta title="Members" description="Invite people to your organization, and manage its members and groups." />
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearchParams(key === 'groups' ? { tab: key } : {}, { replace: true })}
        items={[
          {
            key: 'members',
            label: 'Members',
            children: (
              <>
                <OrgMembersTable myUserId={me?.id} />
                {isAdmin && <OrgInvitations />}
              </>
            ),
          },
          { key: 'groups', label: 'Groups', children: <OrgGroups /> },
        ]}
      />
    </>
  );
}

export function OrgLlmPage() {
  return (
    <>
      <PageMeta title="Language model" description="Connect OpenAI, Azure OpenAI, Amazon Bedrock or Vertex AI to answer questions." />
      <LlmSettings />
    </>
  );
}

export function OrgActivityLogPage() {
  return (
    <>
      <PageMeta title="Activity log" description="Who did what in your organization, and when." />
      <ActivityLog />
    </>
  );
}

export function OrgDangerZonePage() {
  return (
    <>
      <PageMeta title="Organization danger zone" description="Delete the organization and everything in it." />
      <OrgDangerZone />
    </>
  );
}

export function UserProfilePage() {
  return (
    <>
      <PageMeta title="Profile" description="Your name, company and country." />
      <ProfileSettings />
    </>
  );
}

export function UserDangerZonePage() {
  const { me } = useMe();
  return (
    <>
      <PageMeta title="Account danger zone" description="Delete your Quarry account." />
      {me ? <DeleteAccountCard email={me.email} /> : <LoadingState />}
    </>
  );
}
