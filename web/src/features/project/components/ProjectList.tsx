import { Link } from 'react-router';
import { Button, Card, Col, Row, Space, Typography, PlusOutlined } from '../../../components/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import { formatDate } from '../../../components/page/formatDate';
import { useProjects } from '../hooks/useProjects';
import { openCreateProjectModal } from '../hooks/useCreateProjectModal';
import { languageLabel } from '../languages';
import { ProjectStateTag } from './ProjectStateTag';

export function ProjectList() {
  const { projects, fetching, error, refetch } = useProjects();

  if (fetching) return <LoadingState />;
  if (error && projects.length === 0) {
    return <ErrorState message={failureMessage(error, 'Failed to load projects.') ?? undefined} onRetry={refetch} />;
  }
  if (projects.length === 0) {
    return (
      <EmptyState>
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreateProjectModal}>
          Create your first project
        </Button>
      </EmptyState>
    );
  }

  return (
    <Row gutter={[16, 16]} role="list" aria-label="Projects">
      {projects.map((project) => {
        const busy = project.state !== 'ACTIVE';
        const title = (
          <Space>
            <span>{project.displayName}</span>
            <ProjectStateTag state={project.state} />
          </Space>
        );
        return (
          <Col key={project.id} xs={24} sm={12} lg={8} role="listitem">
            <Card title={busy ? title : <Link to={paths.project(project.id)}>{title}</Link>} size="small">
              <Typography.Text type="secondary">
                {languageLabel(project.language)} · Created {formatDate(project.createdAt)}
              </Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
