import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { usePollUntil } from '../../../app/polling/usePollUntil';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { Alert, Button, Card, Checkbox, Descriptions, Flex, InputNumber, Popconfirm, Select, Table, Tag, Typography, toast } from '../../../components/ui';
import { ErrorState, LoadingState } from '../../../components/page/PageStates';
import type { DataSyncQuery as DataSyncResult, SyncJobStatus, SyncTableInput } from '../../../gql/graphql';
import { CardHeading } from '../../dataSource/components/CardHeading';
import { DataSyncQuery, ResumeDataSyncMutation, SetDataSyncMutation, StopDataSyncMutation, SyncDataNowMutation, SyncSourceTablesQuery } from '../graphql/dataSync';

/** PRODUCT.md §9: the sync status is polled every 3 seconds while a job runs. */
export const SYNC_POLL_MS = 3000;

const RUNNING: SyncJobStatus[] = ['PENDING', 'RUNNING'];
const STATUS_COLORS: Partial<Record<SyncJobStatus, string>> = {
  RUNNING: 'processing',
  PENDING: 'processing',
  SUCCEEDED: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
  INCOMPLETE: 'warning',
};

/** Words for a status, as the page shows it. */
export function statusLabel(status: SyncJobStatus): string {
  return status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ');
}

function when(value: string | null | undefined): string {
  return value ? new Date(value).toLocaleString() : '—';
}

type Job = DataSyncResult['syncJobs'][number];

function JobsTable({ jobs }: { jobs: Job[] }) {
  return (
    <Table<Job>
      size="small"
      rowKey="id"
      pagination={false}
      aria-label="Sync jobs"
      dataSource={jobs}
      locale={{ emptyText: 'No Data' }}
      columns={[
        { title: 'Started', dataIndex: 'createdAt', render: (value: string) => when(value) },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (status: SyncJobStatus) => <Tag color={STATUS_COLORS[status]}>{statusLabel(status)}</Tag>,
        },
        {
          title: 'Rows copied',
          dataIndex: 'rowsSynced',
          render: (rows: number, job) => (
            <span title={job.tables.map((t) => `${t.table}: ${t.rows.toLocaleString()}`).join('\n')}>{rows.toLocaleString()}</span>
          ),
        },
        { title: 'Finished', dataIndex: 'finishedAt', render: (value: string | null) => when(value) },
        { title: 'Error', dataIndex: 'error', render: (error: string | null) => error ?? '' },
      ]}
    />
  );
}

type Choice = { key: string; schema: string; name: string; columns: string[] };

/** The form that sets which tables are copied, by which cursor, and how often. */
function SyncSettings({
  projectId,
  canEdit,
  current,
  onSaved,
}: {
  projectId: string;
  canEdit: boolean;
  current: DataSyncResult['dataSync'];
  /** Called once the sync is set: the panel reads it again. */
  onSaved: () => void;
}) {
  const [{ data, fetching, error }] = useQuery({ query: SyncSourceTablesQuery, variables: { projectId } });
  const [{ fetching: saving }, setSync] = useMutation(SetDataSyncMutation);
  const initial: Record<string, string | null> = Object.fromEntries((current?.tables ?? []).map((t) => [`${t.schema}.${t.name}`, t.cursor ?? null]));
  const [chosen, setChosen] = useState<Record<string, string | null>>(initial);
  const [every, setEvery] = useState<number>(current?.everyMinutes ?? 60);

  if (fetching && !data) return <LoadingState />;
  if (error && !data) return <ErrorState message={failureMessage(error, 'Failed to load the source tables.') ?? undefined} />;
  const choices: Choice[] = (data?.listDataSourceTables ?? []).map((t) => {
    const schema = t.schema ?? '';
    const name = schema && t.name.startsWith(`${schema}.`) ? t.name.slice(schema.length + 1) : t.name;
    return { key: `${schema}.${name}`, schema, name, columns: t.columns.map((c) => c.name) };
  });

  const save = async () => {
    const tables: SyncTableInput[] = choices.filter((c) => c.key in chosen).map((c) => ({ schema: c.schema, name: c.name, cursor: chosen[c.key] }));
    const result = await setSync({ projectId, mode: 'STANDARD', tables, everyMinutes: every }, { additionalTypenames: ['DataSync', 'SyncJob'] });
    if (result.error) {
      showFailureToast(result.error, 'Failed to set the data sync.');
      return;
    }
    toast.success('Sync started.');
    onSaved();
  };

  return (
    <>
      <Table<Choice>
        size="small"
        rowKey="key"
        pagination={false}
        aria-label="Tables to sync"
        dataSource={choices}
        locale={{ emptyText: 'No Data' }}
        columns={[
          {
            title: 'Sync',
            width: 70,
            render: (_, choice) => (
              <Checkbox
                aria-label={`Sync ${choice.key}`}
                checked={choice.key in chosen}
                disabled={!canEdit}
                onChange={(event) =>
                  setChosen((was) => {
                    const next = { ...was };
                    if (event.target.checked) next[choice.key] = null;
                    else delete next[choice.key];
                    return next;
                  })
                }
              />
            ),
          },
          { title: 'Table', dataIndex: 'key' },
          {
            title: 'Copy',
            render: (_, choice) => (
              <Select<string>
                aria-label={`Cursor of ${choice.key}`}
                style={{ minWidth: 240 }}
                disabled={!canEdit || !(choice.key in chosen)}
                value={chosen[choice.key] ?? ''}
                onChange={(cursor) => setChosen((was) => ({ ...was, [choice.key]: cursor || null }))}
                options={[
                  { value: '', label: 'Whole table each time' },
                  ...choice.columns.map((column) => ({ value: column, label: `New and changed rows by ${column}` })),
                ]}
              />
            ),
          },
        ]}
      />
      <Flex gap={8} align="center" style={{ marginTop: 12 }}>
        <Typography.Text>Every</Typography.Text>
        <InputNumber aria-label="Minutes between syncs" min={5} max={10080} value={every} onChange={(value) => setEvery(value ?? 60)} disabled={!canEdit} />
        <Typography.Text>minutes</Typography.Text>
        <Button type="primary" onClick={save} loading={saving} disabled={!canEdit || Object.keys(chosen).length === 0}>
          {current ? 'Save and sync now' : 'Start syncing'}
        </Button>
      </Flex>
    </>
  );
}

/**
 * Settings › Data connection › Data sync: copy chosen tables of the source into the project's
 * own store on a schedule (questions then read the store); last and next sync, the jobs with
 * their progress (polled while one runs), stop, resume and sync now.
 */
export function DataSyncPanel({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  // After a sync is started the run's job appears a moment later: polling goes on until a job
  // newer than the one seen then shows up (for a minute at most), then while it runs.
  const [awaiting, setAwaiting] = useState<{ after: string | null; until: number } | null>(null);
  const [{ data, fetching, error }, reexecute] = usePollUntil(
    { query: DataSyncQuery, variables: { projectId }, requestPolicy: 'cache-and-network' },
    {
      interval: SYNC_POLL_MS,
      done: (answer) => {
        if (answer?.syncJobs.some((job) => RUNNING.includes(job.status))) return false;
        const newest = answer?.syncJobs[0]?.id ?? null;
        return !awaiting || newest !== awaiting.after || Date.now() > awaiting.until;
      },
    },
  );
  const started = () => {
    setAwaiting({ after: data?.syncJobs[0]?.id ?? null, until: Date.now() + 60_000 });
    reexecute({ requestPolicy: 'network-only' });
  };
  const [{ fetching: stopping }, stop] = useMutation(StopDataSyncMutation);
  const [{ fetching: resuming }, resume] = useMutation(ResumeDataSyncMutation);
  const [{ fetching: starting }, syncNow] = useMutation(SyncDataNowMutation);
  const [editing, setEditing] = useState(false);

  const act = async (run: () => Promise<{ error?: Parameters<typeof showFailureToast>[0] }>, done: string, failed: string) => {
    const result = await run();
    if (result.error) {
      showFailureToast(result.error, failed);
      return;
    }
    toast.success(done);
    started();
  };

  const title = <CardHeading>Data sync</CardHeading>;
  if (fetching && !data) {
    return (
      <Card title={title} style={{ marginBottom: 16 }}>
        <LoadingState />
      </Card>
    );
  }
  if (error && !data) {
    return (
      <Card title={title} style={{ marginBottom: 16 }}>
        <ErrorState message={failureMessage(error, 'Failed to load the data sync.') ?? undefined} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />
      </Card>
    );
  }
  const sync = data?.dataSync ?? null;
  const jobs = data?.syncJobs ?? [];
  const running = jobs.find((job) => RUNNING.includes(job.status));
  const opts = { additionalTypenames: ['DataSync', 'SyncJob'] };

  return (
    <Card title={title} style={{ marginBottom: 16 }} aria-label="Data sync">
      {!sync && !editing && (
        <Flex vertical gap={12} align="start">
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Questions read the source directly. Syncing copies chosen tables into Quarry's own store on a schedule, so questions stop reaching
            the source; they then read the data as of the last sync.
          </Typography.Paragraph>
          <Button onClick={() => setEditing(true)} disabled={!canEdit}>
            Set up a sync
          </Button>
        </Flex>
      )}
      {sync && (
        <>
          {sync.stopped && <Alert type="warning" showIcon message="Syncing is stopped: questions read the store as of the last sync." style={{ marginBottom: 12 }} />}
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 200 } }}
            aria-label="Sync status"
            items={[
              { key: 'status', label: 'Status', children: <Tag color={STATUS_COLORS[sync.status]}>{statusLabel(sync.status)}</Tag> },
              { key: 'tables', label: 'Tables', children: sync.tables.map((t) => (t.cursor ? `${t.schema}.${t.name} (by ${t.cursor})` : `${t.schema}.${t.name}`)).join(', ') },
              { key: 'every', label: 'Every', children: `${sync.everyMinutes} minutes` },
              { key: 'last', label: 'Last sync', children: when(sync.lastSyncedAt) },
              { key: 'next', label: 'Next sync', children: sync.stopped ? 'Stopped' : when(sync.nextSyncAt) },
              ...(running ? [{ key: 'progress', label: 'Rows copied', children: `${running.rowsSynced.toLocaleString()} so far` }] : []),
            ]}
          />
          <Flex gap={8} style={{ margin: '12px 0' }}>
            {sync.stopped ? (
              <Button type="primary" loading={resuming} disabled={!canEdit} onClick={() => act(() => resume({ projectId }, opts), 'Sync resumed.', 'Failed to resume the sync.')}>
                Resume sync
              </Button>
            ) : (
              <>
                <Button loading={starting} disabled={!canEdit || !!running} onClick={() => act(() => syncNow({ projectId }, opts), 'Sync started.', 'Failed to start the sync.')}>
                  Sync now
                </Button>
                <Popconfirm title="Stop syncing?" description="A sync that runs is cancelled." onConfirm={() => act(() => stop({ projectId }, opts), 'Sync stopped.', 'Failed to stop the sync.')}>
                  <Button danger loading={stopping} disabled={!canEdit}>
                    Stop sync
                  </Button>
                </Popconfirm>
              </>
            )}
            <Button onClick={() => setEditing((was) => !was)} disabled={!canEdit}>
              {editing ? 'Close settings' : 'Change tables'}
            </Button>
          </Flex>
          <JobsTable jobs={jobs} />
        </>
      )}
      {editing && (
        <div style={{ marginTop: 16 }}>
          <SyncSettings
            projectId={projectId}
            canEdit={canEdit}
            current={sync}
            onSaved={() => {
              setEditing(false);
              started();
            }}
          />
        </div>
      )}
    </Card>
  );
}
