import { useParams } from 'react-router';
import { Typography } from '../../../../components/ui';
import { PageMeta } from '../../../../components/page/PageMeta';
import { ModelingWorkspace } from '../../../../features/modeling/components/ModelingWorkspace';

export function ModelingPage() {
  const { projectId = '' } = useParams();
  return (
    <div style={{ maxWidth: 1400, margin: '0 auto' }}>
      <PageMeta title="Modeling" description="Models, relationships, calculated fields and views of your project." />
      <Typography.Title level={2}>Modeling</Typography.Title>
      <ModelingWorkspace projectId={projectId} />
    </div>
  );
}
