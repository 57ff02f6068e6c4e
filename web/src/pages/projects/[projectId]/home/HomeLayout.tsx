import { Outlet, useParams } from 'react-router';
import { Layout } from '../../../../components/ui';
import { HomeSidebar } from '../../../../features/folder/components/HomeSidebar';

/** Home, thread, dashboard and spreadsheet pages, with the folder tree beside them. */
export function HomeLayout() {
  const { projectId = '' } = useParams();
  return (
    <Layout style={{ background: 'transparent', gap: 24 }}>
      <Layout.Sider width={240} theme="light" style={{ background: '#fff', padding: 12, borderRadius: 8 }}>
        <HomeSidebar projectId={projectId} />
      </Layout.Sider>
      <Layout.Content style={{ minWidth: 0 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
