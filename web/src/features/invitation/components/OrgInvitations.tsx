import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  Button,
  Card,
  Flex,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  toast,
  DeleteOutlined,
  ReloadOutlined,
} from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { ErrorState, LoadingState } from '../../../components/page/PageStates';
import { formatDateTime } from '../../../components/page/formatDate';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import type { InvitationStatus, InvitationsQuery as InvitationsResult } from '../../../gql/graphql';
import { ORG_ROLE_LABELS } from '../../org/orgRoles';
import { CreateAndSendInvitationMutation, DeleteInvitationMutation, InvitationsQuery } from '../graphql/invitation';
import { resendInput } from '../invitationInput';
import { InvitationLink } from './InvitationLink';
import { ProjectRoleTags } from './InvitationSummary';

type Invitation = InvitationsResult['invitations'][number];

const STATUS_TAGS: Record<InvitationStatus, { color: string; label: string }> = {
  PENDING: { color: 'blue', label: 'Pending' },
  EXPIRED: { color: 'default', label: 'Expired' },
};

export function InvitationStatusTag({ status }: { status: InvitationStatus }) {
  const tag = STATUS_TAGS[status];
  return <Tag color={tag.color}>{tag.label}</Tag>;
}

/** The org's open invitations, for admins: see, send again (a new link) or withdraw. */
export function OrgInvitations() {
  const context = useMemo(() => ({ additionalTypenames: ['Invitation'] }), []);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: InvitationsQuery, context });
  const [, createAndSend] = useMutation(CreateAndSendInvitationMutation);
  const [, deleteInvitation] = useMutation(DeleteInvitationMutation);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [resent, setResent] = useState<{ email: string; url?: string | null; expiresAt: string } | null>(null);
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  const resend = async (invitation: Invitation) => {
    setBusyId(invitation.id);
    const result = await createAndSend({ data: resendInput(invitation) }, context);
    setBusyId(null);
    if (result.error || !result.data) {
      showFailureToast(result.error, 'Failed to resend invitation.');
      return;
    }
    const sent = result.data.createAndSendInvitation;
    setResent({ email: sent.email, url: sent.url, expiresAt: sent.expiresAt });
    refetch();
  };

  const remove = async (invitation: Invitation) => {
    setBusyId(invitation.id);
    const result = await deleteInvitation({ where: { id: invitation.id } });
    setBusyId(null);
    if (result.error) {
      showFailureToast(result.error, 'Failed to delete invitation.');
      return;
    }
    toast.success('Invitation deleted.');
    refetch();
  };

  const columns: TableColumnsType<Invitation> = [
    {
      title: 'Invited',
      key: 'email',
      render: (_, invitation) => (
        <Flex vertical>
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>{invitation.email}</Typography.Text>
          <Typography.Text type="secondary">
            {ORG_ROLE_LABELS[invitation.role]} · by {invitation.invitor?.name || invitation.invitor?.email || 'an admin'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Projects',
      key: 'projects',
      render: (_, invitation) =>
        invitation.projects.length === 0 ? '—' : <ProjectRoleTags projects={invitation.projects} />,
    },
    { title: 'Status', dataIndex: 'status', render: (status: InvitationStatus) => <InvitationStatusTag status={status} /> },
    {
      title: 'Expires',
      dataIndex: 'expiresAt',
      render: (expiresAt: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(expiresAt)}</span>,
    },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, invitation) => (
        <Space size={0}>
          <Tooltip title="Send again">
            <Button
              type="text"
              icon={<ReloadOutlined />}
              aria-label={`Resend invitation to ${invitation.email}`}
              loading={busyId === invitation.id}
              onClick={() => void resend(invitation)}
            />
          </Tooltip>
          <Popconfirm
            title="Delete invitation"
            description={`Withdraw the invitation to ${invitation.email}? Its link stops working.`}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(invitation)}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete invitation to ${invitation.email}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  let body;
  if (fetching && !data) body = <LoadingState />;
  else if (error && !data) {
    body = <ErrorState message={failureMessage(error, 'Failed to load invitations.') ?? undefined} onRetry={refetch} />;
  } else {
    body = (
      <Table
        rowKey="id"
        aria-label="Pending invitations"
        columns={columns}
        dataSource={data?.invitations ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
    );
  }

  return (
    <Card title="Pending invitations" style={{ marginTop: 16 }}>
      {body}
      <Modal
        title="Invitation sent again"
        open={resent !== null}
        onOk={() => setResent(null)}
        onCancel={() => setResent(null)}
        okText="Done"
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        {resent && <InvitationLink email={resent.email} url={resent.url} expiresAt={resent.expiresAt} />}
      </Modal>
    </Card>
  );
}
