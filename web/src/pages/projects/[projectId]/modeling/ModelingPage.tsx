import { Typography } from '../../../../components/ui';
import { PageMeta } from '../../../../components/page/PageMeta';
import { EmptyState } from '../../../../components/page/PageStates';

export function ModelingPage() {
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }}>
      <PageMeta title="Modeling" description="Models, relationships, calculated fields and views of your project." />
      <Typography.Title level={2}>Modeling</Typography.Title>
      <EmptyState />
    </div>
  );
}
