import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Button, Flex, Popconfirm, Select, Table, Typography, toast } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import type { SessionPropertiesQuery as PropertiesResult, SessionPropertyValuesQuery as ValuesResult } from '../../../gql/graphql';
import { OrgGroupsQuery } from '../../group/graphql/group';
import { OrgMembersQuery } from '../../org/graphql/members';
import { ApiKeysQuery } from '../../apiManagement/graphql/apiManagement';
import { SessionPropertyValuesQuery, SetSessionPropertyValueMutation } from '../graphql/dataSecurity';
import { ValueInput, asJson, shownValue, typedValue } from './ValueInput';

type Property = PropertiesResult['sessionProperties'][number];
type Held = ValuesResult['sessionPropertyValues'][number];

/** The holder of a value as the form's select names it: `user:…`, `group:…` or `key:…`. */
const holderOf = (held: Held) => (held.userId ? `user:${held.userId}` : held.groupId ? `group:${held.groupId}` : `key:${held.apiKeyId}`);

/**
 * Who holds which value of one property, with a form to give a member, a group or an API
 * key one (a key sees data over the REST API with its own values, never its creator's).
 */
export function PropertyValues({ projectId, property }: { projectId: string; property: Property }) {
  const context = useMemo(() => ({ additionalTypenames: ['SessionPropertyValue'] }), []);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: SessionPropertyValuesQuery, variables: { projectId, propertyId: property.id }, context });
  const [{ data: members }] = useQuery({ query: OrgMembersQuery });
  const [{ data: groups }] = useQuery({ query: OrgGroupsQuery });
  const [{ data: keys }] = useQuery({ query: ApiKeysQuery, variables: { projectId } });
  const [{ fetching: saving }, setValue] = useMutation(SetSessionPropertyValueMutation);
  const [holder, setHolder] = useState<string | undefined>();
  const [value, setRawValue] = useState<string | number | boolean | null | undefined>();
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  const memberList = members?.me?.currentOrg?.members ?? [];
  const groupList = groups?.orgGroups ?? [];
  const keyList = (keys?.apiKeys ?? []).filter((k) => k.active);
  const nameOf = (held: Held) => {
    if (held.userId) return `Member: ${memberList.find((m) => m.userId === held.userId)?.email ?? held.userId}`;
    if (held.groupId) return `Group: ${groupList.find((g) => g.id === held.groupId)?.name ?? held.groupId}`;
    const key = keys?.apiKeys.find((k) => k.id === held.apiKeyId);
    return `API key: ${key ? `${key.name} (${key.prefix}…)` : held.apiKeyId}`;
  };

  const save = async (target: string, raw: typeof value) => {
    const [kind, id] = target.split(':');
    const result = await setValue({
      projectId,
      data: {
        propertyId: property.id,
        userId: kind === 'user' ? id : null,
        groupId: kind === 'group' ? id : null,
        apiKeyId: kind === 'key' ? id : null,
        value: asJson(typedValue(property.valueType, raw)),
      },
    });
    if (result.error) return showFailureToast(result.error, 'Failed to save the value.');
    toast.success(raw === null ? 'Value removed.' : 'Value saved.');
    setHolder(undefined);
    setRawValue(undefined);
    refetch();
  };

  if (fetching && !data) return <LoadingState />;
  if (error && !data) return <ErrorState message={failureMessage(error, 'Failed to load the values.') ?? undefined} onRetry={refetch} />;

  const columns: TableColumnsType<Held> = [
    { title: 'Who', key: 'who', render: (_, held) => nameOf(held) },
    { title: 'Value', dataIndex: 'value', render: (v: unknown) => shownValue(v) },
    {
      title: '',
      key: 'remove',
      align: 'right',
      render: (_, held) => (
        <Popconfirm title="Remove this value?" okText="Remove" onConfirm={() => save(holderOf(held), null)}>
          <Button size="small">Remove</Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} style={{ padding: '4px 0' }}>
      <Table<Held>
        rowKey={holderOf}
        size="small"
        columns={columns}
        dataSource={data?.sessionPropertyValues ?? []}
        pagination={false}
        locale={{ emptyText: `No member, group or API key has a value of @${property.name} yet.` }}
      />
      <Flex gap={8} wrap align="center">
        <Typography.Text>Give</Typography.Text>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder="a member, a group or an API key"
          aria-label="Member, group or API key"
          style={{ minWidth: 240 }}
          value={holder}
          onChange={setHolder}
          options={[
            { label: 'Groups', options: groupList.map((g) => ({ value: `group:${g.id}`, label: `Group: ${g.name}` })) },
            { label: 'Members', options: memberList.map((m) => ({ value: `user:${m.userId}`, label: `Member: ${m.email}` })) },
            { label: 'API keys', options: keyList.map((k) => ({ value: `key:${k.id}`, label: `API key: ${k.name} (${k.prefix}…)` })) },
          ]}
        />
        <Typography.Text>the value</Typography.Text>
        <div style={{ minWidth: 160 }}>
          <ValueInput valueType={property.valueType} value={value} onChange={setRawValue} />
        </div>
        <Button type="primary" loading={saving} disabled={!holder || value === undefined || value === null || value === ''} onClick={() => holder && save(holder, value)}>
          Save value
        </Button>
      </Flex>
    </Flex>
  );
}
