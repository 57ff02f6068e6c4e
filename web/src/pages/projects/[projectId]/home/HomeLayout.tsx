import { useState } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import { Button, Drawer, FolderOutlined, Layout } from '../../../../components/ui';
import { useNarrow } from '../../../../components/page/useNarrow';
import { HomeSidebar } from '../../../../features/folder/components/HomeSidebar';

/** Home, thread, dashboard and spreadsheet pages, with the folder tree beside them (in a
 * drawer on a phone, so the page keeps the whole width). */
export function HomeLayout() {
  const { projectId = '' } = useParams();
  const narrow = useNarrow();
  const { pathname } = useLocation();
  // Open on the page it was opened on: opening a thread from it closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  // One tree for both widths, the page in the same place in it (a rotated phone keeps its state).
  return (
    <Layout style={{ background: 'transparent', gap: narrow ? 12 : 24 }}>
      {narrow ? (
        <div>
          <Button icon={<FolderOutlined />} onClick={() => setOpenAt(pathname)}>
            Threads and folders
          </Button>
          <Drawer open={open} onClose={() => setOpenAt(null)} placement="left" width={300} title="Threads and folders">
            <HomeSidebar projectId={projectId} />
          </Drawer>
        </div>
      ) : (
        <Layout.Sider width={240} theme="light" style={{ background: '#fff', padding: 12, borderRadius: 8 }}>
          <HomeSidebar projectId={projectId} />
        </Layout.Sider>
      )}
      <Layout.Content style={{ minWidth: 0 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
