import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import {
  Button,
  ClockCircleOutlined,
  Dropdown,
  Flex,
  FontSizeOutlined,
  Input,
  Modal,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MoreOutlined,
  ReloadOutlined,
  Tag,
} from '../../../components/ui';
import { formatTimestamp } from '../../../components/page/formatDate';
import { RenameableTitle } from '../../../components/page/RenameableTitle';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import type { DashboardQuery, DashboardRefreshFieldsFragment, DashboardRefreshStatus } from '../../../gql/graphql';
import { CreateDashboardTextItemMutation, DeleteDashboardMutation, UpdateDashboardMutation } from '../graphql/dashboard';
import { describeSchedule, formatInZone } from '../schedule';
import { CacheSettingsModal } from './CacheSettingsModal';
import { ScheduleModal } from './ScheduleModal';

type Dashboard = DashboardQuery['dashboard'];

const STATUS_COLORS: Record<DashboardRefreshStatus, string> = {
  RUNNING: 'processing',
  SUCCEEDED: 'success',
  PARTIAL: 'warning',
  FAILED: 'error',
  STOPPED: 'default',
};

/** How a refresh's status reads. */
export const STATUS_LABELS: Record<DashboardRefreshStatus, string> = {
  RUNNING: 'Refreshing',
  SUCCEEDED: 'Refreshed',
  PARTIAL: 'Partly refreshed',
  FAILED: 'Failed',
  STOPPED: 'Stopped',
};

/** How the latest refresh went: its status, tiles refreshed and failed, when it ended. */
export function RefreshOutcome({ refresh }: { refresh: DashboardRefreshFieldsFragment }) {
  const tiles = (n: number) => `${n} ${n === 1 ? 'tile' : 'tiles'}`;
  return (
    <span data-testid="last-refresh" data-status={refresh.status}>
      {/* Not marked scheduled: a "Refresh all" of a scheduled dashboard is recorded as scheduled too. */}
      Last refresh:{' '}
      <Tag color={STATUS_COLORS[refresh.status]} style={{ marginInlineEnd: 4 }}>
        {STATUS_LABELS[refresh.status]}
      </Tag>
      {refresh.status === 'STOPPED' ? refresh.reason : `${tiles(refresh.tilesRefreshed)} refreshed, ${refresh.tilesFailed} failed`}
      {refresh.finishedAt ? ` · ${refresh.status === 'STOPPED' ? 'stopped' : 'finished'} ${formatTimestamp(refresh.finishedAt)}` : ` · started ${formatTimestamp(refresh.startedAt)}`}
    </span>
  );
}

type Props = {
  projectId: string;
  dashboard: Dashboard;
  refreshing: boolean;
  progress: DashboardRefreshFieldsFragment | null;
  onRefreshAll: () => void;
  /** The dashboard filling the screen (for a wall display), when the browser can. */
  fullScreen?: { active: boolean; supported: boolean; toggle: () => void };
};

/** The dashboard's name, its refresh-all, schedule and cache settings, and how its refreshes go. */
export function DashboardHeader({ projectId, dashboard, refreshing, progress, onRefreshAll, fullScreen }: Props) {
  const navigate = useNavigate();
  const [, update] = useMutation(UpdateDashboardMutation);
  const [, remove] = useMutation(DeleteDashboardMutation);
  const [open, setOpen] = useState<null | 'schedule' | 'cache_settings'>(null);
  const [note, setNote] = useState<string | null>(null);
  const [adding, addText] = useMutation(CreateDashboardTextItemMutation);
  const { schedule, canEdit } = dashboard;
  const shown = progress ?? dashboard.lastRefresh;

  const saveNote = async () => {
    if (note === null) return;
    const result = await addText({ projectId, data: { dashboardId: dashboard.id, text: note } }, { additionalTypenames: ['Dashboard', 'DashboardItem'] });
    if (result.error) return showFailureToast(result.error, 'Failed to create dashboard item.');
    setNote(null);
  };
  const rename = async (name: string) => {
    const result = await update({ projectId, dashboardId: dashboard.id, data: { name } }, { additionalTypenames: ['FolderTree'] });
    if (result.error) showFailureToast(result.error, 'Failed to update dashboard.');
  };
  const confirmDelete = () =>
    Modal.confirm({
      title: `Delete the dashboard "${dashboard.name}"?`,
      content: 'Its tiles and its schedule are deleted with it; the threads they came from stay.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        const result = await remove({ projectId, dashboardId: dashboard.id }, { additionalTypenames: ['FolderTree'] });
        if (result.error) return showFailureToast(result.error, 'Failed to delete dashboard.');
        navigate(paths.home(projectId));
      },
    });

  return (
    <Flex vertical gap={4} style={{ marginBottom: 16 }}>
      <Flex justify="space-between" align="center" gap={12} wrap="wrap">
        <RenameableTitle name={dashboard.name} canEdit={canEdit} onRename={rename} testId="dashboard-name" />
        <Flex gap={8} wrap="wrap">
          {fullScreen?.supported && (
            <Button icon={fullScreen.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={fullScreen.toggle}>
              {fullScreen.active ? 'Exit full screen' : 'Full screen'}
            </Button>
          )}
          {canEdit && (
            <>
              <Button icon={<ReloadOutlined />} loading={refreshing} disabled={dashboard.items.length === 0} onClick={onRefreshAll}>
                {refreshing ? 'Refreshing…' : 'Refresh all'}
              </Button>
              <Button icon={<FontSizeOutlined />} onClick={() => setNote('')}>
                Add text
              </Button>
              <Button icon={<ClockCircleOutlined />} onClick={() => setOpen('schedule')}>
                Schedule
              </Button>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'cache_settings', label: 'Cache settings' },
                    { key: 'delete', label: 'Delete dashboard', danger: true },
                  ],
                  onClick: ({ key }) => (key === 'delete' ? confirmDelete() : setOpen('cache_settings')),
                }}
              >
                <Button icon={<MoreOutlined />} aria-label="Dashboard actions" />
              </Dropdown>
            </>
          )}
        </Flex>
      </Flex>
      <Flex gap={16} wrap="wrap" style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13 }}>
        <span data-testid="schedule-summary">
          <ClockCircleOutlined /> {describeSchedule(schedule)}
          {schedule.frequency !== 'NEVER' && schedule.timezone ? ` (${schedule.timezone})` : ''}
        </span>
        {schedule.nextRunAt && schedule.timezone && (
          <span data-testid="next-run">
            Next run: {formatInZone(schedule.nextRunAt, schedule.timezone)} ({schedule.timezone})
          </span>
        )}
        <span>{dashboard.cacheEnabled ? `Cache on · ${ttlText(dashboard.cacheTtlSeconds)}` : 'Cache off'}</span>
        {shown && <RefreshOutcome refresh={shown} />}
      </Flex>
      <Modal
        open={note !== null}
        title="Add a text tile"
        okText="Add"
        confirmLoading={adding.fetching}
        onOk={saveNote}
        onCancel={() => setNote(null)}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label="Text tile"
          placeholder={'# A heading\nA note for whoever reads the dashboard.'}
          value={note ?? ''}
          maxLength={5000}
          autoSize={{ minRows: 3, maxRows: 12 }}
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
      <ScheduleModal projectId={projectId} dashboardId={dashboard.id} schedule={schedule} open={open === 'schedule'} onClose={() => setOpen(null)} />
      <CacheSettingsModal projectId={projectId} dashboard={dashboard} open={open === 'cache_settings'} onClose={() => setOpen(null)} />
    </Flex>
  );
}

function ttlText(seconds: number): string {
  const units: [number, string][] = [[86400, 'day'], [3600, 'hour'], [60, 'minute']];
  const [size, name] = units.find(([size]) => seconds % size === 0) ?? [1, 'second'];
  const n = seconds / size;
  return `${n} ${name}${n === 1 ? '' : 's'}`;
}
