import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Button, Flex, Popconfirm, Select, Table, Typography, toast } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import type { SessionPropertiesQuery as PropertiesResult, SessionPropertyValuesQuery as ValuesResult } from '../../../gql/graphql';
import { OrgGroupsQuery } from '../../group/graphql/group';
import { OrgMembersQuery } from '../../org/graphql/members';
import { SessionPropertyValuesQuery, SetSessionPropertyValueMutation } from '../graphql/dataSecurity';
import { ValueInput, asJson, shownValue, typedValue } from './ValueInput';

type Property = PropertiesResult['sessionProperties'][number];
type Held = ValuesResult['sessionPropertyValues'][number];

/** Who holds which value of one property, with a form to give a member or a group one. */
export function PropertyValues({ projectId, property }: { projectId: string; property: Property }) {
  const context = useMemo(() => ({ additionalTypenames: ['SessionPropertyValue'] }), []);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: SessionPropertyValuesQuery, variables: { projectId, propertyId: property.id }, context });
  const [{ data: members }] = useQuery({ query: OrgMembersQuery });
  const [{ data: groups }] = useQuery({ query: OrgGroupsQuery });
  const [{ fetching: saving }, setValue] = useMutation(SetSessionPropertyValueMutation);
  const [holder, setHolder] = useState<string | undefined>();
  const [value, setRawValue] = useState<string | number | boolean | null | undefined>();
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  const memberList = members?.me?.currentOrg?.members ?? [];
  const groupList = groups?.orgGroups ?? [];
  const nameOf = (held: Held) =>
    held.userId
      ? `Member: ${memberList.find((m) => m.userId === held.userId)?.email ?? held.userId}`
      : `Group: ${groupList.find((g) => g.id === held.groupId)?.name ?? held.groupId}`;

  const save = async (target: string, raw: typeof value) => {
    const [kind, id] = target.split(':');
    const result = await setValue({
      projectId,
      data: { propertyId: property.id, userId: kind === 'user' ? id : null, groupId: kind === 'group' ? id : null, value: asJson(typedValue(property.valueType, raw)) },
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
        <Popconfirm title="Remove this value?" okText="Remove" onConfirm={() => save(held.userId ? `user:${held.userId}` : `group:${held.groupId}`, null)}>
          <Button size="small">Remove</Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} style={{ padding: '4px 0' }}>
      <Table<Held>
        rowKey={(held) => held.userId ?? held.groupId ?? ''}
        size="small"
        columns={columns}
        dataSource={data?.sessionPropertyValues ?? []}
        pagination={false}
        locale={{ emptyText: `No member or group has a value of @${property.name} yet.` }}
      />
      <Flex gap={8} wrap align="center">
        <Typography.Text>Give</Typography.Text>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder="a member or a group"
          aria-label="Member or group"
          style={{ minWidth: 240 }}
          value={holder}
          onChange={setHolder}
          options={[
            { label: 'Groups', options: groupList.map((g) => ({ value: `group:${g.id}`, label: `Group: ${g.name}` })) },
            { label: 'Members', options: memberList.map((m) => ({ value: `user:${m.userId}`, label: `Member: ${m.email}` })) },
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
