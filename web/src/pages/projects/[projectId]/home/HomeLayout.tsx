import { Outlet, useParams } from 'react-router';
import { Layout } from '../../../../components/ui';
import { ThreadSidebar } from '../../../../features/asking/components/ThreadSidebar';

/** Home and thread pages: the thread list beside the page. */
export function HomeLayout() {
  const { projectId = '' } = useParams();
  return (
    <Layout style={{ background: 'transparent', gap: 24 }}>
      <Layout.Sider width={240} theme="light" style={{ background: '#fff', padding: 12, borderRadius: 8 }}>
        <ThreadSidebar projectId={projectId} />
      </Layout.Sider>
      <Layout.Content style={{ minWidth: 0 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
