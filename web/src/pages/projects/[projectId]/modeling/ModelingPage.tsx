import { useParams } from 'react-router';
import { Typography } from '../../../../components/ui';
import { PageMeta } from '../../../../components/page/PageMeta';
import { ModelingOverview } from '../../../../features/modeling/components/ModelingOverview';

export function ModelingPage() {
  const { projectId = '' } = useParams();
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }}>
      <PageMeta title="Modeling" description="Models, relationships, calculated fields and views of your project." />
      <Typography.Title level={2}>Modeling</Typography.Title>
      <ModelingOverview projectId={projectId} />
    </div>
  );
}
