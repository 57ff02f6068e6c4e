import { Link, Outlet, useLocation, useParams } from 'react-router';
import { Layout, Menu, Typography } from '../../components/ui';
import { QuarryMark } from '../../components/page/BrandedCard';
import { OrgSwitcher } from '../../features/org/components/OrgSwitcher';
import { useApiManagementAccess } from '../../features/apiManagement/hooks/useApiManagementAccess';
import { CreateProjectModal } from '../../features/project/components/CreateProjectModal';
import { useCreateProjectModal } from '../../features/project/hooks/useCreateProjectModal';
import { UserMenu } from '../../features/user/components/UserMenu';
import { useMe } from '../../features/user/hooks/useMe';
import { paths } from '../routes/paths';

function ProjectNav({ projectId }: { projectId: string }) {
  const { pathname } = useLocation();
  const apiAccess = useApiManagementAccess(projectId);
  const items = [
    { key: paths.home(projectId), label: <Link to={paths.home(projectId)}>Home</Link> },
    { key: paths.modeling(projectId), label: <Link to={paths.modeling(projectId)}>Modeling</Link> },
    { key: `/projects/${projectId}/knowledge`, label: <Link to={paths.knowledge(projectId)}>Knowledge</Link> },
    // Viewers have no api-management (PRODUCT.md §6).
    ...(apiAccess.status === 'denied'
      ? []
      : [{ key: `/projects/${projectId}/api-management`, label: <Link to={paths.apiManagement(projectId)}>API</Link> }]),
    { key: `/projects/${projectId}/settings`, label: <Link to={paths.settings(projectId)}>Settings</Link> },
  ];
  const selected = items.filter((item) => pathname.startsWith(item.key)).map((item) => item.key);
  return (
    <Menu
      mode="horizontal"
      theme="dark"
      items={items}
      selectedKeys={selected}
      style={{ background: 'transparent', flex: 1, minWidth: 0, borderBottom: 'none' }}
    />
  );
}

/** The signed-in app: header with product, organization, project navigation and user menu. */
export function AppLayout() {
  const { projectId } = useParams();
  const { me } = useMe();
  const createProject = useCreateProjectModal();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, color: '#fff' }}>
        <Link to={paths.projects} style={{ display: 'flex', alignItems: 'center', gap: 8, color: '#fff' }}>
          <QuarryMark />
          <Typography.Text strong style={{ color: '#fff', fontSize: 18 }}>
            Quarry
          </Typography.Text>
        </Link>
        <OrgSwitcher currentOrg={me?.currentOrg} />
        {projectId && me?.currentProject?.id === projectId && (
          <Typography.Text style={{ color: 'rgba(255,255,255,0.85)', maxWidth: 220, flexShrink: 0 }} ellipsis={{ tooltip: me.currentProject.displayName }}>
            / {me.currentProject.displayName}
          </Typography.Text>
        )}
        <div style={{ flex: 1, minWidth: 0, display: 'flex' }}>{projectId && <ProjectNav projectId={projectId} />}</div>
        <UserMenu me={me} />
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
      <CreateProjectModal open={createProject.open} onClose={createProject.close} />
    </Layout>
  );
}
