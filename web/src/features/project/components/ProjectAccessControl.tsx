import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  Alert,
  Button,
  Card,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  toast,
  DeleteOutlined,
  PlusOutlined,
  TeamOutlined,
  UserOutlined,
} from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { formatDate } from '../../../components/page/formatDate';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import type { ProjectRole } from '../../../gql/graphql';
import { useMe } from '../../user/hooks/useMe';
import { accessRows, type AccessRow } from '../accessRows';
import {
  ProjectAccessQuery,
  RemoveProjectGroupMutation,
  RemoveProjectMemberMutation,
  UpdateProjectGroupRoleMutation,
  UpdateProjectMemberRoleMutation,
} from '../graphql/access';
import { PROJECT_ROLE_LABELS, PROJECT_ROLE_OPTIONS } from '../projectRoles';
import { AddProjectAccessModal, type PrincipalKind } from './AddProjectAccessModal';

export const READ_ONLY_ACCESS_TEXT = "Only the project's owners and organization admins can change who has access.";

function PrincipalTag({ kind }: { kind: AccessRow['kind'] }) {
  return kind === 'GROUP' ? (
    <Tag icon={<TeamOutlined />} color="geekblue">
      Group
    </Tag>
  ) : (
    <Tag icon={<UserOutlined />}>User</Tag>
  );
}

/** Who may open the project and with which role: people and groups of the org. */
export function ProjectAccessControl({ projectId }: { projectId: string }) {
  const context = useMemo(() => ({ additionalTypenames: ['ProjectMember', 'ProjectGroup'] }), []);
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: ProjectAccessQuery,
    variables: { where: { id: projectId } },
    context,
  });
  const { me } = useMe();
  const [, updateMemberRole] = useMutation(UpdateProjectMemberRoleMutation);
  const [, updateGroupRole] = useMutation(UpdateProjectGroupRoleMutation);
  const [, removeMember] = useMutation(RemoveProjectMemberMutation);
  const [, removeGroup] = useMutation(RemoveProjectGroupMutation);
  const [adding, setAdding] = useState<PrincipalKind | null>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const refetch = () => reexecute({ requestPolicy: 'network-only' });
  const project = data?.project;
  const rows = useMemo(() => (project ? accessRows(project) : []), [project]);
  const taken = useMemo(
    () => new Set([...(project?.members.map((m) => m.email) ?? []), ...(project?.groups.map((g) => g.groupId) ?? [])]),
    [project],
  );

  if (fetching && !data) return <LoadingState />;
  if (error && !data) {
    return <ErrorState message={failureMessage(error, 'Failed to load project access.') ?? undefined} onRetry={refetch} />;
  }
  if (!project) return <EmptyState />;

  const isOrgAdmin = me?.currentOrgRole === 'ADMIN';
  // What the server says this member may do here; it decides every call either way.
  const canManage = project.myPermissions.canManageMembers;

  const changeRole = async (row: AccessRow, role: ProjectRole) => {
    setBusyKey(row.key);
    const result =
      row.kind === 'USER'
        ? await updateMemberRole({ data: { projectId, userId: row.principalId, role } })
        : await updateGroupRole({ data: { projectId, groupId: row.principalId, role } });
    setBusyKey(null);
    if (result.error) return showFailureToast(result.error, 'Failed to update role.');
    toast.success('Role updated.');
    refetch();
  };

  const remove = async (row: AccessRow) => {
    setBusyKey(row.key);
    const result =
      row.kind === 'USER'
        ? await removeMember({ data: { projectId, userId: row.principalId } })
        : await removeGroup({ data: { projectId, groupId: row.principalId } });
    setBusyKey(null);
    if (result.error) {
      const fallback = row.kind === 'USER' ? 'Failed to remove project member.' : 'Failed to remove project group.';
      return showFailureToast(result.error, fallback);
    }
    toast.success(row.kind === 'USER' ? 'Member removed from the project.' : 'Group removed from the project.');
    refetch();
  };

  const columns: TableColumnsType<AccessRow> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{row.label}</Typography.Text>
          {row.detail && <Typography.Text type="secondary">{row.detail}</Typography.Text>}
        </Space>
      ),
    },
    { title: 'Kind', dataIndex: 'kind', render: (kind: AccessRow['kind']) => <PrincipalTag kind={kind} />, width: 100 },
    {
      title: 'Role',
      dataIndex: 'role',
      width: 170,
      render: (role: ProjectRole, row) =>
        canManage ? (
          <Select
            aria-label={`Role of ${row.label}`}
            value={role}
            options={PROJECT_ROLE_OPTIONS}
            loading={busyKey === row.key}
            disabled={busyKey === row.key}
            onChange={(value) => void changeRole(row, value)}
            style={{ width: 140 }}
          />
        ) : (
          PROJECT_ROLE_LABELS[role]
        ),
    },
    {
      title: 'Since',
      dataIndex: 'since',
      render: (since: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(since)}</span>,
    },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            align: 'right' as const,
            width: 60,
            render: (_: unknown, row: AccessRow) => (
              <Popconfirm
                title={row.kind === 'USER' ? 'Remove member' : 'Remove group'}
                description={`Take the project role of ${row.label} away?`}
                okText="Remove"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(row)}
              >
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${row.label}`} />
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  const myRole = project.myRole
    ? PROJECT_ROLE_LABELS[project.myRole]
    : isOrgAdmin
      ? 'Owner (as an organization admin)'
      : 'None';

  return (
    <Card
      title="Access control"
      extra={
        canManage && (
          <Space>
            <Button icon={<TeamOutlined />} onClick={() => setAdding('GROUP')}>
              Add group
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding('USER')}>
              Add member
            </Button>
          </Space>
        )
      }
    >
      <Typography.Paragraph>
        Your role on this project: <Typography.Text strong data-testid="my-project-role">{myRole}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        A person&apos;s role here is the highest of their own role and the roles of their groups. Organization admins act as
        owners of every project.
      </Typography.Paragraph>
      {!canManage && <Alert type="info" showIcon message={READ_ONLY_ACCESS_TEXT} style={{ marginBottom: 16 }} />}
      <Table
        rowKey="key"
        aria-label="Project access"
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
      <AddProjectAccessModal kind={adding} projectId={projectId} taken={taken} onClose={() => setAdding(null)} />
    </Card>
  );
}
