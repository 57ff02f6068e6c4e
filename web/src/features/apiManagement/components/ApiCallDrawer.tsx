import { Link } from 'react-router';
import { Descriptions, Drawer, Tag, Typography } from '../../../components/ui';
import { formatTimestamp } from '../../../components/page/formatDate';
import { paths } from '../../../app/routes/paths';
import type { ApiHistoryQuery as ApiHistoryResult } from '../../../gql/graphql';
import { apiCallTypeLabel } from '../apiLabels';

export type ApiCall = ApiHistoryResult['apiHistory']['items'][number];

export function statusColor(code: number): string {
  if (code >= 500) return 'red';
  if (code >= 400) return 'orange';
  if (code >= 300) return 'blue';
  return 'green';
}

const bodyStyle = {
  background: '#f5f5f5',
  padding: 12,
  borderRadius: 6,
  maxHeight: 420,
  overflow: 'auto',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  margin: 0,
} as const;

function Body({ label, value }: { label: string; value: unknown }) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {label}
      </Typography.Title>
      {value === null || value === undefined ? (
        <Typography.Text type="secondary">No body</Typography.Text>
      ) : (
        <pre aria-label={label} style={bodyStyle}>
          {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
        </pre>
      )}
    </>
  );
}

/** One call of the history: what was asked and answered (as stored: redacted). */
export function ApiCallDrawer({ projectId, call, onClose }: { projectId: string; call: ApiCall | null; onClose: () => void }) {
  return (
    <Drawer open={call !== null} onClose={onClose} width={720} title={call ? `${call.method} ${call.path}` : ''} destroyOnHidden>
      {call && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="Type">{apiCallTypeLabel(call.callType)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <Tag color={statusColor(call.statusCode)}>{call.statusCode}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Time">{formatTimestamp(call.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="Duration">{call.durationMs.toLocaleString('en-US')} ms</Descriptions.Item>
            <Descriptions.Item label="Key">
              <Typography.Text code>{call.keyPrefix}…</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Thread">
              {call.threadId ? <Link to={paths.thread(projectId, call.threadId)}>Open thread</Link> : '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            Stored redacted: keys, passwords and tokens are removed before a call is kept.
          </Typography.Paragraph>
          <Body label="Request body" value={call.requestBody} />
          <Body label="Response body" value={call.responseBody} />
        </>
      )}
    </Drawer>
  );
}
