import { Link } from 'react-router';
import {
  Button,
  DashboardOutlined,
  DownOutlined,
  Dropdown,
  FolderOutlined,
  GlobalOutlined,
  LockOutlined,
  MessageOutlined,
  MoreOutlined,
  ShareAltOutlined,
  TableOutlined,
  TeamOutlined,
  Tooltip,
  type MenuProps,
} from '../../../components/ui';
import type { FolderAccessKind, FolderItemKind } from '../../../gql/graphql';
import { ACCESS_LABELS, type Folder, type TreeItem } from '../folderTree';

const ITEM_ICONS: Record<FolderItemKind, React.ReactNode> = {
  THREAD: <MessageOutlined />,
  DASHBOARD: <DashboardOutlined />,
  SPREADSHEET: <TableOutlined />,
};

const ACCESS_ICONS: Record<FolderAccessKind, React.ReactNode> = {
  ANYONE_IN_PROJECT: <GlobalOutlined />,
  PRIVATE: <LockOutlined />,
  SPECIFIC: <TeamOutlined />,
};

function ActionsMenu({ label, items }: { label: string; items: MenuProps['items'] }) {
  if (!items || items.length === 0) return null;
  return (
    <Dropdown trigger={['click']} menu={{ items }}>
      <Button size="small" type="text" icon={<MoreOutlined />} aria-label={label} className="home-sidebar__more" />
    </Dropdown>
  );
}

/** A folder's row: open or close it, who sees it, and its actions. */
export function FolderHeader({ folder, open, count, onToggle, menu }: {
  folder: Folder;
  open: boolean;
  count: number;
  onToggle: () => void;
  menu: MenuProps['items'];
}) {
  return (
    <div className="home-sidebar__row home-sidebar__folder">
      <button type="button" className="home-sidebar__toggle" onClick={onToggle} aria-expanded={open} title={folder.name}>
        <DownOutlined className="home-sidebar__chevron" rotate={open ? 0 : -90} />
        <FolderOutlined />
        <span className="home-sidebar__name">{folder.name}</span>
        {!open && count > 0 && <span className="home-sidebar__count">{count}</span>}
      </button>
      <Tooltip title={ACCESS_LABELS[folder.access]}>
        <span className="home-sidebar__access" data-access={folder.access} aria-label={ACCESS_LABELS[folder.access]}>
          {ACCESS_ICONS[folder.access]}
        </span>
      </Tooltip>
      <ActionsMenu label={`Folder actions ${folder.name}`} items={menu} />
    </div>
  );
}

const KIND_LABELS: Record<FolderItemKind, string> = { THREAD: 'Thread', DASHBOARD: 'Dashboard', SPREADSHEET: 'Spreadsheet' };

/** A thread, dashboard or spreadsheet: a link to it, marked when shared, with its actions. */
export function SidebarItem({ item, to, active, menu }: { item: TreeItem; to: string; active: boolean; menu: MenuProps['items'] }) {
  const kind = KIND_LABELS[item.kind];
  return (
    <div
      role="listitem"
      className={`home-sidebar__row home-sidebar__item${active ? ' is-active' : ''}`}
      data-kind={item.kind}
      data-shared={item.shared || undefined}
    >
      <span className="home-sidebar__icon" aria-hidden>
        {ITEM_ICONS[item.kind]}
      </span>
      <Link to={to} className="home-sidebar__name" title={item.name}>
        {item.name}
      </Link>
      {item.shared && (
        <Tooltip title="Shared into this folder">
          <ShareAltOutlined className="home-sidebar__shared" aria-label="Shared" />
        </Tooltip>
      )}
      <ActionsMenu label={`${kind} actions ${item.name}`} items={menu} />
    </div>
  );
}
