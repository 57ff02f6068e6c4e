import { useParams } from 'react-router';
import { PageMeta } from '../../../../components/page/PageMeta';
import { ApiHistory } from '../../../../features/apiManagement/components/ApiHistory';
import { ApiKeys } from '../../../../features/apiManagement/components/ApiKeys';
import { ApiReference } from '../../../../features/apiManagement/components/ApiReference';
import { useApiManagementAccess } from '../../../../features/apiManagement/hooks/useApiManagementAccess';

export function ApiHistoryPage() {
  const { projectId = '' } = useParams();
  return (
    <>
      <PageMeta title="API history" description="The calls made into this project with API keys, with what they sent and answered." />
      <ApiHistory projectId={projectId} />
    </>
  );
}

export function ApiKeysPage() {
  const { projectId = '' } = useParams();
  const { isOrgAdmin } = useApiManagementAccess(projectId);
  return (
    <>
      <PageMeta title="API keys" description="The secret keys programs use to call the Quarry API." />
      <ApiKeys projectId={projectId} isOrgAdmin={isOrgAdmin} />
    </>
  );
}

export function ApiReferencePage() {
  return (
    <>
      <PageMeta title="API reference" description="The operations of the Quarry API, their parameters and answers." />
      <ApiReference />
    </>
  );
}
