import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { Card, Result, Table, Tag, Typography } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { EMPTY_TEXT, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { formatTimestamp } from '../../../components/page/formatDate';
import { failureMessage, serverErrorOf } from '../../../app/errors/operationErrors';
import type { ActivityKind, ActivityLogsQuery as ActivityLogsResult } from '../../../gql/graphql';
import { OrgMembersQuery } from '../../org/graphql/members';
import { ActivityLogsQuery } from '../graphql/activity';
import { useMe } from '../../user/hooks/useMe';
import {
  ACTIVITY_PAGE_SIZE,
  activityFiltersToParams,
  parseActivityFilters,
  toActivityLogFilter,
  type ActivityFilters,
} from '../activityFilters';
import { activityKindLabel, describeActivityDetail, targetKindLabel } from '../activityKinds';
import { ActivityLogFilters } from './ActivityLogFilters';

type Entry = ActivityLogsResult['activityLogs']['items'][number];

export const ADMINS_ONLY_TEXT = 'Only organization admins can see the activity log.';

const KIND_COLORS: Partial<Record<ActivityKind, string>> = {
  SIGN_IN_FAILED: 'red',
  ORG_DELETION_STARTED: 'red',
  INVITATION_SENT: 'blue',
  INVITATION_ACCEPTED: 'green',
};

const nowrap = { whiteSpace: 'nowrap' } as const;
// Addresses and labels are long words: they may break anywhere rather than widen the table.
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

const COLUMNS: TableColumnsType<Entry> = [
  { title: 'When', dataIndex: 'createdAt', render: (createdAt: string) => <span style={nowrap}>{formatTimestamp(createdAt)}</span> },
  {
    title: 'Event',
    dataIndex: 'kind',
    render: (kind: ActivityKind) => <Tag color={KIND_COLORS[kind]}>{activityKindLabel(kind)}</Tag>,
  },
  { title: 'Actor', dataIndex: 'actorEmail', render: (email?: string | null) => <span style={wrapAnywhere}>{email || '—'}</span> },
  {
    title: 'Target',
    key: 'target',
    render: (_, entry) =>
      entry.targetLabel ? (
        <span style={wrapAnywhere}>
          <Typography.Text type="secondary">{targetKindLabel(entry.targetKind)}</Typography.Text> {entry.targetLabel}
        </span>
      ) : (
        '—'
      ),
  },
  {
    title: 'Details',
    key: 'detail',
    render: (_, entry) => <span style={wrapAnywhere}>{describeActivityDetail(entry.detail, entry.targetLabel) || '—'}</span>,
  },
  {
    title: <span style={nowrap}>IP address</span>,
    dataIndex: 'clientAddress',
    render: (address?: string | null) => <span style={nowrap}>{address || '—'}</span>,
  },
];

/** The org's activity log, newest first, for its admins: server paging, filters in the URL. */
export function ActivityLog() {
  const { me, fetching: loadingMe, error: meError, reexecute: reexecuteMe } = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseActivityFilters(searchParams), [searchParams]);
  const isAdmin = me?.currentOrg?.myPermissions.canReadActivityLog ?? false;
  const variables = useMemo(
    () => ({
      filter: toActivityLogFilter(filters),
      offset: (filters.page - 1) * ACTIVITY_PAGE_SIZE,
      limit: ACTIVITY_PAGE_SIZE,
    }),
    [filters],
  );
  const [{ data, fetching, error }, reexecute] = useQuery({ query: ActivityLogsQuery, variables, pause: !isAdmin });
  const [{ data: membersData }] = useQuery({ query: OrgMembersQuery, pause: !isAdmin });

  const setFilters = (next: ActivityFilters) => setSearchParams(activityFiltersToParams(next));

  if (!me && loadingMe) return <LoadingState />;
  if (!me) {
    return (
      <ErrorState
        message={failureMessage(meError, 'Failed to load your account.') ?? undefined}
        onRetry={() => reexecuteMe({ requestPolicy: 'network-only' })}
      />
    );
  }
  const refused = serverErrorOf(error)?.code === 'UNAUTHORIZED_ROLE_ACCESS';
  if (!isAdmin || refused) {
    return (
      <Card title="Activity log">
        <Result status="403" title="Admins only" subTitle={ADMINS_ONLY_TEXT} />
      </Card>
    );
  }

  let body;
  if (fetching && !data) body = <LoadingState />;
  else if (error && !data) {
    body = (
      <ErrorState
        message={failureMessage(error, 'Failed to load activity log.') ?? undefined}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  } else {
    const page = data?.activityLogs;
    body = (
      <Table<Entry>
        rowKey="id"
        aria-label="Activity log"
        size="small"
        columns={COLUMNS}
        dataSource={page?.items ?? []}
        loading={fetching}
        locale={{ emptyText: EMPTY_TEXT }}
        pagination={{
          current: filters.page,
          pageSize: ACTIVITY_PAGE_SIZE,
          total: page?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total} ${total === 1 ? 'event' : 'events'}`,
          onChange: (next) => setFilters({ ...filters, page: next }),
        }}
      />
    );
  }

  return (
    <Card title="Activity log">
      <ActivityLogFilters filters={filters} actors={membersData?.me.currentOrg?.members ?? []} onChange={setFilters} />
      {body}
    </Card>
  );
}
