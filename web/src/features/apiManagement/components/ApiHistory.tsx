import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { Flex, Table, Tag, Typography } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { EMPTY_TEXT, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { formatTimestamp } from '../../../components/page/formatDate';
import { failureMessage, serverErrorOf } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import { apiCallTypeLabel } from '../apiLabels';
import {
  API_HISTORY_PAGE_SIZE,
  apiHistoryFiltersToParams,
  parseApiHistoryFilters,
  toApiHistoryFilter,
  type ApiHistoryFilters as Filters,
} from '../apiHistoryFilters';
import { ApiHistoryQuery, ApiKeysQuery } from '../graphql/apiManagement';
import { ApiCallDrawer, statusColor, type ApiCall } from './ApiCallDrawer';
import { ApiHistoryFilters } from './ApiHistoryFilters';
import { ApiHistoryRetention } from './ApiHistoryRetention';
import { NoApiAccess } from './NoApiAccess';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The REST calls made into the project, newest first: server paging, filters in the URL. */
export function ApiHistory({ projectId }: { projectId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseApiHistoryFilters(searchParams), [searchParams]);
  const variables = useMemo(
    () => ({
      projectId,
      filter: toApiHistoryFilter(filters),
      offset: (filters.page - 1) * API_HISTORY_PAGE_SIZE,
      limit: API_HISTORY_PAGE_SIZE,
    }),
    [projectId, filters],
  );
  const [{ data, fetching, error }, reexecute] = useQuery({ query: ApiHistoryQuery, variables });
  const [{ data: keysData }] = useQuery({ query: ApiKeysQuery, variables: { projectId } });
  const [opened, setOpened] = useState<ApiCall | null>(null);
  const refetch = () => reexecute({ requestPolicy: 'network-only' });
  const setFilters = (next: Filters) => setSearchParams(apiHistoryFiltersToParams(next));

  if (serverErrorOf(error)?.code === 'UNAUTHORIZED_ROLE_ACCESS') {
    return <NoApiAccess message={failureMessage(error, 'Failed to load API history.') ?? undefined} />;
  }

  const columns: TableColumnsType<ApiCall> = [
    { title: 'Time', dataIndex: 'createdAt', render: (at: string) => <span style={nowrap}>{formatTimestamp(at)}</span> },
    { title: 'Type', dataIndex: 'callType', render: (type: string) => <Tag style={nowrap}>{apiCallTypeLabel(type)}</Tag> },
    {
      title: 'Status',
      dataIndex: 'statusCode',
      render: (code: number) => <Tag color={statusColor(code)}>{code}</Tag>,
    },
    {
      title: 'Duration',
      dataIndex: 'durationMs',
      align: 'right',
      render: (ms: number) => <span style={nowrap}>{ms.toLocaleString('en-US')} ms</span>,
    },
    {
      title: 'Key',
      dataIndex: 'keyPrefix',
      render: (prefix: string) => (
        <Typography.Text code style={nowrap}>
          {prefix}…
        </Typography.Text>
      ),
    },
    {
      title: 'Thread',
      dataIndex: 'threadId',
      render: (threadId?: string | null) =>
        threadId ? (
          <Link to={paths.thread(projectId, threadId)} onClick={(event) => event.stopPropagation()} title={threadId}>
            <code>{threadId.slice(0, 8)}</code>
          </Link>
        ) : (
          '—'
        ),
    },
  ];

  let body;
  if (fetching && !data) body = <LoadingState />;
  else if (error && !data) {
    body = <ErrorState message={failureMessage(error, 'Failed to load API history.') ?? undefined} onRetry={refetch} />;
  } else {
    const page = data?.apiHistory;
    body = (
      <Table<ApiCall>
        rowKey="id"
        aria-label="API history"
        size="small"
        columns={columns}
        dataSource={page?.items ?? []}
        loading={fetching}
        locale={{ emptyText: EMPTY_TEXT }}
        scroll={{ x: 'max-content' }}
        onRow={(call) => ({
          onClick: () => setOpened(call),
          onKeyDown: (event) => {
            if (event.key === 'Enter') setOpened(call);
          },
          tabIndex: 0,
          style: { cursor: 'pointer' },
          'aria-label': `${apiCallTypeLabel(call.callType)} ${call.statusCode} at ${formatTimestamp(call.createdAt)}`,
        })}
        pagination={{
          current: filters.page,
          pageSize: API_HISTORY_PAGE_SIZE,
          total: page?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total.toLocaleString('en-US')} ${total === 1 ? 'call' : 'calls'}`,
          onChange: (next) => setFilters({ ...filters, page: next }),
        }}
      />
    );
  }

  const retentionDays = data?.apiHistory.retentionDays;
  return (
    <>
      <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 560 }}>
          Every call made with an API key into this project, newest first. Click a call to see what was sent and
          answered.
        </Typography.Paragraph>
        {retentionDays !== undefined && (
          <ApiHistoryRetention key={retentionDays} projectId={projectId} days={retentionDays} onSaved={refetch} />
        )}
      </Flex>
      <ApiHistoryFilters filters={filters} keys={keysData?.apiKeys ?? []} onChange={setFilters} />
      {body}
      <ApiCallDrawer projectId={projectId} call={opened} onClose={() => setOpened(null)} />
    </>
  );
}
