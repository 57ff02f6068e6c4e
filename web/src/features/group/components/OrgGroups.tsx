import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  Button,
  Card,
  Popconfirm,
  Space,
  Table,
  Typography,
  toast,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { ErrorState, LoadingState } from '../../../components/page/PageStates';
import { formatDate } from '../../../components/page/formatDate';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import type { OrgGroupsQuery as OrgGroupsResult } from '../../../gql/graphql';
import { OrgMembersQuery } from '../../org/graphql/members';
import { DeleteOrgGroupMutation, OrgGroupsQuery } from '../graphql/group';
import { GroupMembersDrawer } from './GroupMembersDrawer';
import { GroupNameModal } from './GroupNameModal';

type Group = OrgGroupsResult['orgGroups'][number];

/** The org's groups: everyone sees them and their members; admins create, rename, delete and fill them. */
export function OrgGroups() {
  const groupsContext = useMemo(() => ({ additionalTypenames: ['OrgGroup'] }), []);
  const membersContext = useMemo(() => ({ additionalTypenames: ['OrgMember'] }), []);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: OrgGroupsQuery, context: groupsContext });
  const [{ data: membersData }] = useQuery({ query: OrgMembersQuery, context: membersContext });
  const [, deleteGroup] = useMutation(DeleteOrgGroupMutation);
  const [naming, setNaming] = useState<{ group: Group | null } | null>(null);
  const [openGroupId, setOpenGroupId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  const org = membersData?.me.currentOrg;
  const isAdmin = org?.myPermissions.canManageGroups ?? false;
  const groups = data?.orgGroups ?? [];
  const openGroup = groups.find((group) => group.id === openGroupId) ?? null;

  const remove = async (group: Group) => {
    setDeletingId(group.id);
    const result = await deleteGroup({ where: { id: group.id } }, { additionalTypenames: ['OrgMember', 'ProjectGroup'] });
    setDeletingId(null);
    if (result.error) return showFailureToast(result.error, 'Failed to delete group.');
    toast.success('Group deleted.');
    refetch();
  };

  const columns: TableColumnsType<Group> = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, group) => (
        <Button type="link" onClick={() => setOpenGroupId(group.id)} aria-label={`Open group ${name}`} style={{ padding: 0 }}>
          {name}
        </Button>
      ),
    },
    { title: 'Members', dataIndex: 'memberCount', width: 110 },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      render: (createdAt: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(createdAt)}</span>,
    },
    {
      title: '',
      key: 'actions',
      align: 'right',
      width: 160,
      render: (_, group) => (
        <Space size={0}>
          <Button type="link" onClick={() => setOpenGroupId(group.id)}>
            {isAdmin ? 'Members' : 'View'}
          </Button>
          {isAdmin && (
            <>
              <Button type="text" icon={<EditOutlined />} aria-label={`Rename ${group.name}`} onClick={() => setNaming({ group })} />
              <Popconfirm
                title="Delete group"
                description={`Delete ${group.name}? The project roles it gives end with it.`}
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(group)}
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  loading={deletingId === group.id}
                  aria-label={`Delete ${group.name}`}
                />
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  let body;
  if (fetching && !data) body = <LoadingState />;
  else if (error && !data) {
    body = <ErrorState message={failureMessage(error, 'Failed to load groups.') ?? undefined} onRetry={refetch} />;
  } else {
    body = (
      <Table
        rowKey="id"
        aria-label="Groups"
        columns={columns}
        dataSource={groups}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
    );
  }

  return (
    <Card
      title="Groups"
      extra={
        isAdmin && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setNaming({ group: null })}>
            Create group
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        Give a group a role on a project (in the project&apos;s access control) and each of its members has at least that role there.
      </Typography.Paragraph>
      {body}
      <GroupNameModal open={naming !== null} group={naming?.group} onClose={() => setNaming(null)} />
      <GroupMembersDrawer
        group={openGroup}
        orgMembers={org?.members ?? []}
        canManage={isAdmin}
        onClose={() => setOpenGroupId(null)}
      />
    </Card>
  );
}
