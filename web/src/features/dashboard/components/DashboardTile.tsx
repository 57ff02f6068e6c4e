import { useState } from 'react';
import { useMutation } from 'urql';
import {
  Alert,
  Button,
  ClockCircleOutlined,
  Dropdown,
  HolderOutlined,
  Input,
  Modal,
  MoreOutlined,
  ReloadOutlined,
  TableOutlined,
  Tag,
  Tooltip,
  Typography,
} from '../../../components/ui';
import { formatDateTime } from '../../../components/page/formatDate';
import { showFailureToast } from '../../../app/errors/operationErrors';
import type { DashboardItemFieldsFragment } from '../../../gql/graphql';
import {
  DeleteDashboardItemMutation,
  RefreshDashboardItemMutation,
  UpdateDashboardItemMutation,
  UpdateDashboardItemTextMutation,
} from '../graphql/dashboard';
import { dataThrough } from '../dataThrough';
import { picksOf, useDrillDown } from '../hooks/useDrillDown';
import { TileBody } from './TileBody';

export const STALE_TEXT = 'Stale: a model this tile reads changed since; refresh';

/** Where the tile's result came from: the cache, or a run just now. */
export function cacheText(data: Pick<DashboardItemFieldsFragment['data'], 'cacheHit' | 'cacheCreatedAt'>): string | null {
  if (!data.cacheCreatedAt) return null;
  return data.cacheHit ? `Cached · ${formatDateTime(data.cacheCreatedAt)}` : `Refreshed ${formatDateTime(data.cacheCreatedAt)}`;
}

/** One tile: its name (the drag handle), refresh, rename and delete, its result and where it came from. */
export function DashboardTile({ projectId, item, canEdit }: { projectId: string; item: DashboardItemFieldsFragment; canEdit: boolean }) {
  const [refreshing, refresh] = useMutation(RefreshDashboardItemMutation);
  const [renamingState, rename] = useMutation(UpdateDashboardItemMutation);
  const [, remove] = useMutation(DeleteDashboardItemMutation);
  const [name, setName] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [editingText, editText] = useMutation(UpdateDashboardItemTextMutation);
  const isText = item.type === 'TEXT';
  const { data } = item;
  const cache = cacheText(data);
  const through = data.error ? null : dataThrough(data.columns, (data.rows as unknown as unknown[][] | null) ?? []);
  const { drill, drilling } = useDrillDown(projectId, item);

  const runRefresh = async () => {
    const result = await refresh({ projectId, itemId: item.id });
    if (result.error) showFailureToast(result.error, 'Failed to refresh dashboard item.');
  };
  const saveText = async () => {
    if (text === null) return;
    const result = await editText({ projectId, itemId: item.id, text });
    if (result.error) return showFailureToast(result.error, 'Failed to update dashboard item.');
    setText(null);
  };
  const saveName = async () => {
    if (name === null) return;
    const result = await rename({ projectId, itemId: item.id, name });
    if (result.error) return showFailureToast(result.error, 'Failed to update dashboard item.');
    setName(null);
  };
  const confirmDelete = () =>
    Modal.confirm({
      title: `Delete the tile "${item.name}"?`,
      content: 'The thread it was pinned from stays.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        const result = await remove({ projectId, itemId: item.id }, { additionalTypenames: ['Dashboard', 'DashboardItem'] });
        if (result.error) showFailureToast(result.error, 'Failed to delete dashboard item.');
      },
    });

  return (
    <div
      className="dashboard-tile"
      data-testid="dashboard-tile"
      data-item-id={item.id}
      data-item-type={item.type}
      data-cache-created-at={data.cacheCreatedAt ?? ''}
    >
      <div className="dashboard-tile__header">
        <div className={canEdit ? 'dashboard-tile__handle' : 'dashboard-tile__title'} title={canEdit ? 'Drag to move' : undefined}>
          {canEdit && <HolderOutlined className="dashboard-tile__grip" aria-hidden />}
          <Typography.Text strong ellipsis={{ tooltip: item.name }} data-testid="tile-name">
            {item.name}
          </Typography.Text>
        </div>
        <div className="dashboard-tile__actions">
          {!isText && (
            <Tooltip title="Rows behind this tile">
              <Button size="small" type="text" icon={<TableOutlined />} loading={drilling} onClick={() => void drill([])} aria-label={`Rows behind ${item.name}`} />
            </Tooltip>
          )}
          {canEdit && !isText && (
            <Tooltip title="Refresh">
              <Button size="small" type="text" icon={<ReloadOutlined />} loading={refreshing.fetching} onClick={runRefresh} aria-label={`Refresh ${item.name}`} />
            </Tooltip>
          )}
          {canEdit && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  isText ? { key: 'text', label: 'Edit text' } : { key: 'edit', label: 'Rename' },
                  { key: 'delete', label: 'Delete', danger: true },
                ],
                onClick: ({ key }) => (key === 'edit' ? setName(item.name) : key === 'text' ? setText(item.text ?? '') : confirmDelete()),
              }}
            >
              <Button size="small" type="text" icon={<MoreOutlined />} aria-label={`Tile actions ${item.name}`} />
            </Dropdown>
          )}
        </div>
      </div>
      {data.stale && <Alert type="warning" showIcon banner message={STALE_TEXT} className="dashboard-tile__notice" />}
      {data.error && <Alert type="error" showIcon message={data.error} className="dashboard-tile__notice" />}
      {data.unfiltered.length > 0 && (
        <Typography.Text type="secondary" className="dashboard-tile__notice dashboard-tile__unfiltered" data-testid="tile-unfiltered">
          Not filtered by {data.unfiltered.join('; ')}
        </Typography.Text>
      )}
      <div className="dashboard-tile__body">{!(data.error && data.columns.length === 0) && <TileBody item={item} onPick={(row) => void drill(picksOf(item, row))} />}</div>
      {(cache || data.overridden || through) && (
        <div className="dashboard-tile__footer" data-testid="tile-cache">
          {through && (
            <Typography.Text type="secondary" className="dashboard-tile__cache" data-testid="tile-freshness">
              {through}
            </Typography.Text>
          )}
          {cache && (
            <Typography.Text type="secondary" className="dashboard-tile__cache">
              <ClockCircleOutlined /> {cache}
            </Typography.Text>
          )}
          {data.overridden && (
            <Tooltip title="Computed by an explicit refresh, not served from the cache">
              <Tag style={{ marginInlineEnd: 0 }}>Refreshed on demand</Tag>
            </Tooltip>
          )}
        </div>
      )}
      <Modal
        open={text !== null}
        title="Edit text"
        okText="Save"
        confirmLoading={editingText.fetching}
        onOk={saveText}
        onCancel={() => setText(null)}
        destroyOnHidden
      >
        <Input.TextArea aria-label="Tile text" value={text ?? ''} maxLength={5000} autoSize={{ minRows: 3, maxRows: 12 }} onChange={(e) => setText(e.target.value)} />
      </Modal>
      <Modal open={name !== null} title="Rename tile" okText="Save" confirmLoading={renamingState.fetching} onOk={saveName} onCancel={() => setName(null)} destroyOnHidden>
        <Input aria-label="Tile name" value={name ?? ''} maxLength={200} onChange={(e) => setName(e.target.value)} onPressEnter={saveName} />
      </Modal>
    </div>
  );
}
