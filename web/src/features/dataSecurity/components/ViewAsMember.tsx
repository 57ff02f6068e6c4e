import { useState } from 'react';
import { useClient, useQuery } from 'urql';
import { Alert, Button, Card, Collapse, Flex, Input, Select, Table, Typography } from '../../../components/ui';
import { failureMessage } from '../../../app/errors/operationErrors';
import type { ViewAsMemberQuery as ViewAsResult } from '../../../gql/graphql';
import { ModelsQuery } from '../../modeling/graphql/modeling';
import { OrgMembersQuery } from '../../org/graphql/members';
import { ViewAsMemberQuery } from '../graphql/dataSecurity';

type Viewed = ViewAsResult['viewAsMember'];

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** View as member: an owner picks a member and SQL over the models, and sees the SQL as compiled for them and the rows they would get. */
export function ViewAsMember({ projectId }: { projectId: string }) {
  const client = useClient();
  const [{ data: members }] = useQuery({ query: OrgMembersQuery });
  const [{ data: models }] = useQuery({ query: ModelsQuery, variables: { projectId } });
  const [member, setMember] = useState<string | undefined>();
  const [sql, setSql] = useState('');
  const [viewing, setViewing] = useState(false);
  const [viewed, setViewed] = useState<Viewed | null>(null);
  const [error, setError] = useState<string | null>(null);

  const view = async () => {
    if (!member || !sql.trim()) return;
    setViewing(true);
    setError(null);
    const result = await client.query(ViewAsMemberQuery, { projectId, userId: member, sql }, { requestPolicy: 'network-only' }).toPromise();
    setViewing(false);
    if (result.error || !result.data) {
      setViewed(null);
      setError(failureMessage(result.error, 'Failed to view as the member.'));
      return;
    }
    setViewed(result.data.viewAsMember);
  };

  const rows = (viewed?.rows as unknown[][] | undefined) ?? [];
  return (
    <Card title="View as member" size="small">
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          What a member gets from a query, with every policy as it is now: the SQL as compiled for them, and their first rows.
        </Typography.Paragraph>
        <Flex gap={8} wrap>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="Member"
            aria-label="Member"
            style={{ minWidth: 260 }}
            value={member}
            onChange={setMember}
            options={(members?.me?.currentOrg?.members ?? []).map((m) => ({ value: m.userId, label: m.email }))}
          />
          <Select
            placeholder="Start from a model"
            aria-label="Model to view"
            style={{ minWidth: 220 }}
            onChange={(model: string) => setSql(`SELECT * FROM ${quoted(model)}`)}
            options={(models?.models ?? []).map((m) => ({ value: m.referenceName, label: m.displayName || m.referenceName }))}
          />
        </Flex>
        <Input.TextArea aria-label="SQL to view" rows={2} style={{ fontFamily: 'monospace' }} value={sql} onChange={(e) => setSql(e.target.value)} placeholder='SELECT * FROM "Customer"' />
        <div>
          <Button type="primary" loading={viewing} disabled={!member || !sql.trim()} onClick={view}>
            View as member
          </Button>
        </div>
        {error && <Alert type="error" showIcon message={error} />}
        {viewed && (
          <>
            <Collapse
              size="small"
              items={[
                {
                  key: 'sql',
                  label: 'SQL as compiled for them',
                  children: <Typography.Paragraph style={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', margin: 0, fontSize: 12 }}>{viewed.compiledSql}</Typography.Paragraph>,
                },
              ]}
            />
            <Table
              data-testid="view-as-rows"
              size="small"
              rowKey={(_, i) => String(i)}
              pagination={false}
              scroll={{ x: 'max-content', y: 360 }}
              locale={{ emptyText: 'No Data: this member sees no rows.' }}
              columns={viewed.columns.map((name, i) => ({ title: name, key: name, render: (_: unknown, row: unknown[]) => String(row[i] ?? '') }))}
              dataSource={rows}
            />
            {viewed.truncated && <Typography.Text type="secondary">The first {rows.length} rows.</Typography.Text>}
          </>
        )}
      </Flex>
    </Card>
  );
}
