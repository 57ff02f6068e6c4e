import { useParams } from 'react-router';
import { PageMeta } from '../../../../components/page/PageMeta';
import { LoadingState } from '../../../../components/page/PageStates';
import { LlmSettings } from '../../../../features/llm/components/LlmSettings';
import { DataConnectionSettings } from '../../../../features/dataSource/components/DataConnectionSettings';
import { OrgGeneralSettings } from '../../../../features/org/components/OrgGeneralSettings';
import { OrgMembersTable } from '../../../../features/org/components/OrgMembersTable';
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

export function OrgMembersPage() {
  const { me } = useMe();
  return (
    <>
      <PageMeta title="Members" description="Add, change and remove the members of your organization." />
      <OrgMembersTable myUserId={me?.id} />
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
