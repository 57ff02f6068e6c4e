import { useParams } from 'react-router';
import { PageMeta } from '../../../../components/page/PageMeta';
import { Policies } from '../../../../features/dataSecurity/components/Policies';
import { SessionProperties } from '../../../../features/dataSecurity/components/SessionProperties';
import { ViewAsMember } from '../../../../features/dataSecurity/components/ViewAsMember';
import { Flex } from '../../../../components/ui';

export function RowLevelPage() {
  const { projectId = '' } = useParams();
  return (
    <>
      <PageMeta title="Row-level security" description="Which rows of each model a member sees, by their session properties." />
      <Flex vertical gap={24}>
        <Policies projectId={projectId} kind="RLS" />
        <ViewAsMember projectId={projectId} />
      </Flex>
    </>
  );
}

export function ColumnLevelPage() {
  const { projectId = '' } = useParams();
  return (
    <>
      <PageMeta title="Column-level security" description="Columns only some members may read." />
      <Flex vertical gap={24}>
        <Policies projectId={projectId} kind="CLS" />
        <ViewAsMember projectId={projectId} />
      </Flex>
    </>
  );
}

export function SessionPropertyPage() {
  const { projectId = '' } = useParams();
  return (
    <>
      <PageMeta title="Session properties" description="What policies know of the member asking: values given to members and groups." />
      <SessionProperties projectId={projectId} />
    </>
  );
}
