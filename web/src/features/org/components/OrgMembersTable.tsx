import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  Button,
  Card,
  Flex,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  toast,
  DeleteOutlined,
  MailOutlined,
  PlusOutlined,
} from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { formatDate } from '../../../components/page/formatDate';
import type { OrgMembersQuery as OrgMembersResult, OrgRole } from '../../../gql/graphql';
import { DeleteOrgMemberMutation, OrgMembersQuery, UpdateOrgMemberMutation } from '../graphql/members';
import { InviteModal } from '../../invitation/components/InviteModal';
import { ORG_ROLE_OPTIONS } from '../orgRoles';
import { AddMemberModal } from './AddMemberModal';

type OrgMember = NonNullable<NonNullable<OrgMembersResult['me']['currentOrg']>['members']>[number];

function memberName(member: OrgMember): string {
  const full = [member.firstName, member.lastName].filter(Boolean).join(' ');
  return member.name || full || '—';
}

export function OrgMembersTable({ myUserId }: { myUserId?: string }) {
  const context = useMemo(() => ({ additionalTypenames: ['OrgMember'] }), []);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: OrgMembersQuery, context });
  const [, updateOrgMember] = useMutation(UpdateOrgMemberMutation);
  const [, deleteOrgMember] = useMutation(DeleteOrgMemberMutation);
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  if (fetching && !data) return <LoadingState />;
  if (error && !data) {
    return <ErrorState message={failureMessage(error, 'Failed to load members.') ?? undefined} onRetry={refetch} />;
  }

  const org = data?.me.currentOrg;
  const members = org?.members ?? [];
  const isAdmin = org?.myPermissions.canManageMembers ?? false;

  const update = async (member: OrgMember, data: { role?: OrgRole; enabled?: boolean }) => {
    setBusyId(member.id);
    const result = await updateOrgMember({ where: { id: member.id }, data });
    setBusyId(null);
    if (result.error) showFailureToast(result.error, 'Failed to update member.');
    else toast.success('Member updated.');
  };

  const remove = async (member: OrgMember) => {
    setBusyId(member.id);
    const result = await deleteOrgMember({ where: { id: member.id } });
    setBusyId(null);
    if (result.error) {
      showFailureToast(result.error, 'Failed to remove member.');
      return;
    }
    toast.success('Member removed.');
    refetch();
  };

  const columns: TableColumnsType<OrgMember> = [
    {
      title: 'Member',
      key: 'member',
      render: (_, member) => (
        <Flex vertical>
          <Typography.Text>{memberName(member)}</Typography.Text>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {member.email} {!member.emailVerified && <Tag>Unverified</Tag>}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Role',
      dataIndex: 'role',
      render: (role: OrgRole, member) => (
        <Select
          aria-label={`Role of ${member.email}`}
          value={role}
          options={ORG_ROLE_OPTIONS}
          disabled={!isAdmin || member.userId === myUserId || busyId === member.id}
          onChange={(value) => void update(member, { role: value })}
          style={{ width: 120 }}
        />
      ),
    },
    {
      title: 'Enabled',
      dataIndex: 'enabled',
      render: (enabled: boolean, member) => (
        <Switch
          aria-label={`Enabled ${member.email}`}
          checked={enabled}
          disabled={!isAdmin || member.userId === myUserId}
          loading={busyId === member.id}
          onChange={(value) => void update(member, { enabled: value })}
        />
      ),
    },
    {
      title: 'Groups',
      key: 'groups',
      render: (_, member) =>
        member.groups.length === 0 ? (
          '—'
        ) : (
          <Space size={[0, 4]} wrap>
            {member.groups.map((group) => (
              <Tag key={group.id} color="geekblue">
                {group.name}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: 'Joined',
      dataIndex: 'joinedAt',
      render: (joinedAt: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(joinedAt)}</span>,
    },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, member) =>
        isAdmin && member.userId !== myUserId ? (
          <Popconfirm
            title="Remove member"
            description={`Remove ${member.email} from the organization?`}
            okText="Remove"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(member)}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${member.email}`} />
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Card
      title="Members"
      extra={
        isAdmin && (
          <Space>
            <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              Add member
            </Button>
            <Button type="primary" icon={<MailOutlined />} onClick={() => setInviting(true)}>
              Invite
            </Button>
          </Space>
        )
      }
    >
      <Table
        rowKey="id"
        aria-label="Members"
        columns={columns}
        dataSource={members}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
      <AddMemberModal open={adding} onClose={() => setAdding(false)} onAdded={refetch} />
      <InviteModal open={inviting} onClose={() => setInviting(false)} />
    </Card>
  );
}
