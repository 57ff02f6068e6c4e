import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import {
  Button,
  Flex,
  FolderAddOutlined,
  Input,
  Modal,
  PlusOutlined,
  TableOutlined,
  Typography,
  type MenuProps,
} from '../../../components/ui';
import { EMPTY_TEXT, LOADING_TEXT } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import { DeleteThreadMutation, UpdateThreadMutation } from '../../asking/graphql/asking';
import { emitThreadEvent, onThreadEvents } from '../../asking/hooks/threadEvents';
import { CreateDashboardMutation } from '../../dashboard/graphql/dashboard';
import { emitSpreadsheetEvent, onSpreadsheetEvents } from '../../spreadsheet/spreadsheetEvents';
import { useProject } from '../../project/hooks/useProject';
import { useMe } from '../../user/hooks/useMe';
import { DeleteFolderMutation, FolderTreeQuery, RevokeShareToFolderMutation, ShareToFolderMutation, SwitchFolderMutation } from '../graphql/folder';
import { groupFolderTree, listed, type Folder, type TreeItem } from '../folderTree';
import { FolderAccessModal } from './FolderAccessModal';
import { FolderNameModal } from './FolderNameModal';
import { FolderPickerModal } from './FolderPickerModal';
import { FolderHeader, SidebarItem } from './SidebarRows';

const TREE = { additionalTypenames: ['FolderTree'] };

type Dialog =
  | { kind: 'newFolder' }
  | { kind: 'renameFolder'; folder: Folder }
  | { kind: 'access'; folderId: string }
  | { kind: 'move'; item: TreeItem }
  | { kind: 'share'; item: TreeItem }
  | { kind: 'renameThread'; id: string; summary: string }
  | { kind: 'newDashboard'; name: string };

/** The home sidebar: folders with their threads, dashboards and spreadsheets, and the user's own space. */
export function HomeSidebar({ projectId }: { projectId: string }) {
  const { threadId, dashboardId, spreadsheetId } = useParams();
  const navigate = useNavigate();
  const { me } = useMe();
  const { project } = useProject(projectId);
  const [{ data, fetching, error }, refetch] = useQuery({ query: FolderTreeQuery, variables: { projectId }, requestPolicy: 'cache-and-network' });
  const [, renameThread] = useMutation(UpdateThreadMutation);
  const [, deleteThread] = useMutation(DeleteThreadMutation);
  const [, deleteFolder] = useMutation(DeleteFolderMutation);
  const [, switchFolder] = useMutation(SwitchFolderMutation);
  const [, share] = useMutation(ShareToFolderMutation);
  const [, revoke] = useMutation(RevokeShareToFolderMutation);
  const [creatingDashboard, createDashboard] = useMutation(CreateDashboardMutation);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());

  useEffect(() => onThreadEvents(() => refetch({ requestPolicy: 'network-only' })), [refetch]);
  useEffect(() => onSpreadsheetEvents(() => refetch({ requestPolicy: 'network-only' })), [refetch]);

  const tree = data?.folderTree;
  const grouped = useMemo(() => groupFolderTree(tree?.folders ?? [], tree?.items ?? []), [tree]);
  const editor = !!tree?.canCreateFolders;
  const fileable = (tree?.folders ?? []).filter((f) => f.canEdit);

  const move = async (item: TreeItem, folderId: string | null) => {
    const result = await switchFolder({ projectId, kind: item.kind, itemId: item.id, folderId }, TREE);
    if (result.error) {
      showFailureToast(result.error, `Failed to move ${KIND_NAMES[item.kind]}.`);
      return false;
    }
    if (item.kind === 'THREAD') emitThreadEvent('move', { threadId: item.id });
    if (item.kind === 'SPREADSHEET') emitSpreadsheetEvent('tree', { spreadsheetId: item.id });
    return true;
  };
  const shareInto = async (item: TreeItem, folderId: string | null) => {
    if (!folderId) return false;
    const result = await share({ projectId, folderId, threadId: item.id }, TREE);
    if (result.error) {
      showFailureToast(result.error, 'Failed to share thread to folder.');
      return false;
    }
    return true;
  };
  const revokeShare = async (item: TreeItem) => {
    if (!item.folderId) return;
    const result = await revoke({ projectId, folderId: item.folderId, threadId: item.id }, TREE);
    if (result.error) showFailureToast(result.error, 'Failed to revoke thread share.');
  };
  const saveThreadName = async () => {
    if (dialog?.kind !== 'renameThread') return;
    const result = await renameThread({ projectId, threadId: dialog.id, data: { summary: dialog.summary } });
    if (result.error) return showFailureToast(result.error, 'Failed to update thread.');
    emitThreadEvent('rename', { threadId: dialog.id, summary: dialog.summary });
    setDialog(null);
  };
  const newDashboard = async () => {
    if (dialog?.kind !== 'newDashboard' || !dialog.name.trim()) return;
    const result = await createDashboard({ projectId, data: { name: dialog.name } }, TREE);
    if (result.error || !result.data) return showFailureToast(result.error, 'Failed to create dashboard.');
    setDialog(null);
    navigate(paths.dashboard(projectId, result.data.createDashboard.id));
  };
  const confirmDeleteThread = (id: string) =>
    Modal.confirm({
      title: 'Delete this thread?',
      content: 'Its questions and answers are deleted with it.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        const result = await deleteThread({ projectId, threadId: id }, TREE);
        if (result.error) return showFailureToast(result.error, 'Failed to delete thread.');
        emitThreadEvent('delete', { threadId: id });
        if (id === threadId) navigate(paths.home(projectId));
      },
    });
  const confirmDeleteFolder = (folder: Folder) =>
    Modal.confirm({
      title: `Delete the folder "${folder.name}"?`,
      content: 'What is in it goes back to the space of whoever made it.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        const result = await deleteFolder({ projectId, folderId: folder.id }, TREE);
        if (result.error) showFailureToast(result.error, 'Failed to delete folder.');
      },
    });

  /** What one may do with an item where it is listed. */
  const itemMenu = (item: TreeItem, folder: Folder | null): MenuProps['items'] => {
    const mine = !!me && item.createdBy === me.id;
    const menu: NonNullable<MenuProps['items']> = [];
    if (item.shared) {
      if (folder?.canEdit) menu.push({ key: 'revoke', label: 'Remove from folder', onClick: () => void revokeShare(item) });
      return menu;
    }
    if (item.kind === 'THREAD' && mine) menu.push({ key: 'edit', label: 'Rename', onClick: () => setDialog({ kind: 'renameThread', id: item.id, summary: item.name }) });
    const movable = editor && (item.kind !== 'THREAD' || mine);
    if (movable && (fileable.length > 0 || item.folderId)) menu.push({ key: 'move', label: 'Move to…', onClick: () => setDialog({ kind: 'move', item }) });
    if (item.kind === 'THREAD' && mine && editor && fileable.length > 0) menu.push({ key: 'share', label: 'Share to folder…', onClick: () => setDialog({ kind: 'share', item }) });
    if (item.kind === 'THREAD' && mine) menu.push({ key: 'delete', label: 'Delete', danger: true, onClick: () => confirmDeleteThread(item.id) });
    return menu;
  };

  const folderMenu = (folder: Folder): MenuProps['items'] => [
    ...(folder.canEdit ? [{ key: 'edit', label: 'Rename', onClick: () => setDialog({ kind: 'renameFolder', folder }) }] : []),
    ...(folder.canManageAccess ? [{ key: 'access', label: 'Who sees it…', onClick: () => setDialog({ kind: 'access', folderId: folder.id }) }] : []),
    ...(folder.canEdit ? [{ key: 'delete', label: 'Delete', danger: true, onClick: () => confirmDeleteFolder(folder) }] : []),
  ];

  const linkOf = (item: TreeItem) =>
    item.kind === 'DASHBOARD' ? paths.dashboard(projectId, item.id) : item.kind === 'SPREADSHEET' ? paths.spreadsheet(projectId, item.id) : paths.thread(projectId, item.id);
  const openId = { THREAD: threadId, DASHBOARD: dashboardId, SPREADSHEET: spreadsheetId };
  const row = (item: TreeItem, folder: Folder | null) => (
    <SidebarItem key={`${item.kind}-${item.id}-${item.folderId ?? ''}`} item={item} to={linkOf(item)} active={item.id === openId[item.kind]} menu={itemMenu(item, folder)} />
  );

  const accessFolder = dialog?.kind === 'access' ? tree?.folders.find((f) => f.id === dialog.folderId) : undefined;
  const mySpaceEmpty = listed(grouped.mySpace).length === 0;
  return (
    <Flex vertical gap={8} style={{ height: '100%' }}>
      <Button type="primary" onClick={() => navigate(paths.home(projectId))}>New thread</Button>
      {editor && (
        <Flex gap={8} wrap="wrap">
          <Button size="small" icon={<FolderAddOutlined />} style={{ flex: '1 1 80px' }} aria-label="New folder" onClick={() => setDialog({ kind: 'newFolder' })}>
            Folder
          </Button>
          <Button size="small" icon={<PlusOutlined />} style={{ flex: '1 1 80px' }} aria-label="New dashboard" onClick={() => setDialog({ kind: 'newDashboard', name: '' })}>
            Dashboard
          </Button>
          <Button size="small" icon={<TableOutlined />} style={{ flex: '1 1 100%' }} aria-label="New spreadsheet" onClick={() => navigate(paths.newSpreadsheet(projectId))}>
            Spreadsheet
          </Button>
        </Flex>
      )}
      {error && !data ? (
        <Typography.Text type="danger">{failureMessage(error, 'Failed to load folders.')}</Typography.Text>
      ) : fetching && !data ? (
        <Typography.Text type="secondary">{LOADING_TEXT}</Typography.Text>
      ) : (
        <nav aria-label="Threads, dashboards and spreadsheets" className="home-sidebar">
          {grouped.folders.map((group) => {
            const { folder } = group;
            const open = !collapsed.has(folder.id);
            const items = listed(group);
            return (
              <section key={folder.id} data-folder={folder.name}>
                <FolderHeader
                  folder={folder}
                  open={open}
                  count={items.length}
                  onToggle={() =>
                    setCollapsed((old) => {
                      const next = new Set(old);
                      if (next.has(folder.id)) next.delete(folder.id);
                      else next.add(folder.id);
                      return next;
                    })
                  }
                  menu={folderMenu(folder)}
                />
                {open && (
                  <div className="home-sidebar__folder-items" role="list" aria-label={folder.name}>
                    {items.length === 0 ? <Typography.Text type="secondary" className="home-sidebar__empty">Empty</Typography.Text> : items.map((item) => row(item, folder))}
                  </div>
                )}
              </section>
            );
          })}
          <section data-folder="My space">
            <Typography.Text type="secondary" className="home-sidebar__heading">My space</Typography.Text>
            {mySpaceEmpty && <Typography.Text type="secondary" className="home-sidebar__empty">{EMPTY_TEXT}</Typography.Text>}
            {grouped.mySpace.dashboards.length > 0 && (
              <div aria-label="Dashboards" role="list">
                {grouped.mySpace.dashboards.map((item) => row(item, null))}
              </div>
            )}
            {grouped.mySpace.spreadsheets.length > 0 && (
              <div aria-label="Spreadsheets" role="list">
                {grouped.mySpace.spreadsheets.map((item) => row(item, null))}
              </div>
            )}
            {grouped.mySpace.threads.length > 0 && (
              <div aria-label="Threads" role="list">
                {grouped.mySpace.threads.map((item) => row(item, null))}
              </div>
            )}
          </section>
        </nav>
      )}
      {(dialog?.kind === 'newFolder' || dialog?.kind === 'renameFolder') && (
        <FolderNameModal
          projectId={projectId}
          folder={dialog.kind === 'renameFolder' ? dialog.folder : null}
          open
          canChooseAccess={project?.myPermissions.canManageFolderAccess ?? false}
          onClose={() => setDialog(null)}
        />
      )}
      {accessFolder && <FolderAccessModal projectId={projectId} folder={accessFolder} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'move' && (
        <FolderPickerModal
          title={`Move "${dialog.item.name}"`}
          okText="Move"
          folders={fileable.filter((f) => f.id !== dialog.item.folderId)}
          withMySpace={!!dialog.item.folderId}
          onPick={(folderId) => move(dialog.item, folderId)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'share' && (
        <FolderPickerModal
          title={`Share "${dialog.item.name}" to a folder`}
          okText="Share"
          folders={fileable.filter((f) => f.id !== dialog.item.folderId && !isSharedInto(tree?.items ?? [], dialog.item.id, f.id))}
          withMySpace={false}
          onPick={(folderId) => shareInto(dialog.item, folderId)}
          onClose={() => setDialog(null)}
        />
      )}
      <Modal open={dialog?.kind === 'renameThread'} title="Rename thread" okText="Save" onOk={saveThreadName} onCancel={() => setDialog(null)} destroyOnHidden>
        <Input
          aria-label="Thread name"
          value={dialog?.kind === 'renameThread' ? dialog.summary : ''}
          maxLength={100}
          onChange={(e) => dialog?.kind === 'renameThread' && setDialog({ ...dialog, summary: e.target.value })}
        />
      </Modal>
      <Modal
        open={dialog?.kind === 'newDashboard'}
        title="New dashboard"
        okText="Create"
        okButtonProps={{ disabled: dialog?.kind === 'newDashboard' && !dialog.name.trim() }}
        confirmLoading={creatingDashboard.fetching}
        onOk={newDashboard}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Input
          aria-label="Dashboard name"
          value={dialog?.kind === 'newDashboard' ? dialog.name : ''}
          maxLength={200}
          onChange={(e) => dialog?.kind === 'newDashboard' && setDialog({ ...dialog, name: e.target.value })}
          onPressEnter={newDashboard}
        />
      </Modal>
    </Flex>
  );
}

const KIND_NAMES = { THREAD: 'thread', DASHBOARD: 'dashboard', SPREADSHEET: 'spreadsheet' } as const;

function isSharedInto(items: readonly TreeItem[], threadId: string, folderId: string): boolean {
  return items.some((i) => i.kind === 'THREAD' && i.id === threadId && i.shared && i.folderId === folderId);
}
