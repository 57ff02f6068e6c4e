import { Link, useParams } from 'react-router';
import { Button, Flex, Typography, ArrowLeftOutlined } from '../../../../components/ui';
import { PageMeta } from '../../../../components/page/PageMeta';
import { paths } from '../../../../app/routes/paths';
import { ModelDescriptions } from '../../../../features/generation/components/ModelDescriptions';

export function RecommendSemanticsPage() {
  const { projectId = '' } = useParams();
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto' }}>
      <PageMeta title="Recommend semantics" description="Have your models and columns described, review, and save." />
      <Flex align="center" gap={8}>
        <Link to={paths.modeling(projectId)}>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label="Back to modeling" />
        </Link>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Describe your models
        </Typography.Title>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        Descriptions help both engines understand questions. Proposals are written by your organization's language model when one
        is configured, otherwise from the names and types; nothing changes until you save.
      </Typography.Paragraph>
      <ModelDescriptions projectId={projectId} />
    </div>
  );
}
