import { useState } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { Button, Drawer, Layout, Menu, MenuOutlined, Typography } from '../../components/ui';
import { useNarrow } from '../../components/page/useNarrow';
import { QuarryMark } from '../../components/page/BrandedCard';
import { OrgSwitcher } from '../../features/org/components/OrgSwitcher';
import { useApiManagementAccess } from '../../features/apiManagement/hooks/useApiManagementAccess';
import { CreateProjectModal } from '../../features/project/components/CreateProjectModal';
import { useCreateProjectModal } from '../../features/project/hooks/useCreateProjectModal';
import { UserMenu } from '../../features/user/components/UserMenu';
import { useMe } from '../../features/user/hooks/useMe';
import { useProjectPermissions } from '../../features/user/hooks/useProjectPermissions';
import { paths } from '../routes/paths';

function ProjectNav({ projectId, vertical = false }: { projectId: string; vertical?: boolean }) {
  const { pathname } = useLocation();
  const apiAccess = useApiManagementAccess(projectId);
  const permissions = useProjectPermissions(projectId);
  const items = [
    { key: paths.home(projectId), label: <Link to={paths.home(projectId)}>Home</Link> },
    { key: paths.modeling(projectId), label: <Link to={paths.modeling(projectId)}>Modeling</Link> },
    { key: `/projects/${projectId}/knowledge`, label: <Link to={paths.knowledge(projectId)}>Knowledge</Link> },
    // Viewers have no api-management (PRODUCT.md §6).
    ...(apiAccess.status === 'denied'
      ? []
      : [{ key: `/projects/${projectId}/api-management`, label: <Link to={paths.apiManagement(projectId)}>API</Link> }]),
    // The project's owners decide who sees what (data-security).
    ...(permissions?.canManageDataSecurity
      ? [{ key: `/projects/${projectId}/data-security`, label: <Link to={paths.dataSecurity(projectId)}>Data security</Link> }]
      : []),
    { key: `/projects/${projectId}/settings`, label: <Link to={paths.settings(projectId)}>Settings</Link> },
  ];
  const selected = items.filter((item) => pathname.startsWith(item.key)).map((item) => item.key);
  if (vertical) return <Menu mode="inline" items={items} selectedKeys={selected} style={{ borderInlineEnd: 'none' }} aria-label="Project navigation" />;
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

/** The product's mark, leading to the project list. */
function Brand() {
  return (
    <Link to={paths.projects} style={{ display: 'flex', alignItems: 'center', gap: 8, color: '#fff' }}>
      <QuarryMark />
      <Typography.Text strong style={{ color: '#fff', fontSize: 18 }}>
        Quarry
      </Typography.Text>
    </Link>
  );
}

/** The signed-in app: header with product, organization, project navigation and user menu. */
export function AppLayout() {
  const { projectId } = useParams();
  const { me } = useMe();
  const createProject = useCreateProjectModal();
  const narrow = useNarrow();
  const { pathname } = useLocation();
  // Open on the page it was opened on: a page opened from the menu closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;

  // One tree for both widths, the page in the same place in it: turning a phone (or a
  // screenshot resizing the window) never remounts the page and loses what it holds.
  const header = narrow ? (
    // A phone: the product mark and one button; the org, project navigation and account
    // live in a drawer, so the page keeps the whole width.
    <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12, color: '#fff', paddingInline: 12 }}>
      <Brand />
      {projectId && me?.currentProject?.id === projectId && (
        <Typography.Text style={{ color: 'rgba(255,255,255,0.85)', flex: 1, minWidth: 0 }} ellipsis>
          {me.currentProject.displayName}
        </Typography.Text>
      )}
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label="Open navigation"
        onClick={() => setMenuOpenAt(pathname)}
        style={{ color: '#fff', marginInlineStart: 'auto' }}
      />
    </Layout.Header>
  ) : (
    <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, color: '#fff' }}>
      <Brand />
      <OrgSwitcher currentOrg={me?.currentOrg} />
      {projectId && me?.currentProject?.id === projectId && (
        <Typography.Text style={{ color: 'rgba(255,255,255,0.85)', maxWidth: 220, flexShrink: 0 }} ellipsis={{ tooltip: me.currentProject.displayName }}>
          / {me.currentProject.displayName}
        </Typography.Text>
      )}
      <div style={{ flex: 1, minWidth: 0, display: 'flex' }}>{projectId && <ProjectNav projectId={projectId} />}</div>
      <UserMenu me={me} />
    </Layout.Header>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {header}
      <Layout.Content style={{ padding: narrow ? 12 : 24, minWidth: 0 }}>
        <Outlet />
      </Layout.Content>
      {narrow && (
        <Drawer open={menuOpen} onClose={() => setMenuOpenAt(null)} placement="right" width={280} title="Quarry" data-testid="navigation-drawer">
          <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
            <div style={{ background: '#1f3a5f', borderRadius: 8, padding: 8 }}>
              <OrgSwitcher currentOrg={me?.currentOrg} />
            </div>
            {projectId && <ProjectNav projectId={projectId} vertical />}
            <div style={{ background: '#1f3a5f', borderRadius: 8, padding: 8 }}>
              <UserMenu me={me} />
            </div>
          </div>
        </Drawer>
      )}
      <CreateProjectModal open={createProject.open} onClose={createProject.close} />
    </Layout>
  );
}
