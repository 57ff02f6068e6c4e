import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Button, Flex, Popconfirm, Table, Tag, Tooltip, Typography, PlusOutlined, toast } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { formatDateTime } from '../../../components/page/formatDate';
import { failureMessage, serverErrorOf, showFailureToast } from '../../../app/errors/operationErrors';
import type { ApiKeysQuery as ApiKeysResult, ApiScope } from '../../../gql/graphql';
import { apiScopeLabel } from '../apiLabels';
import { ApiKeysQuery, RevokeApiKeyMutation } from '../graphql/apiManagement';
import { ApiKeySecretModal, type CreatedSecret } from './ApiKeySecretModal';
import { CreateApiKeyModal } from './CreateApiKeyModal';
import { NoApiAccess } from './NoApiAccess';

type ApiKey = ApiKeysResult['apiKeys'][number];

const nowrap = { whiteSpace: 'nowrap' } as const;

export const ORG_KEY_REVOKE_TEXT = 'Only organization admins can revoke organization-wide keys.';

function KeyStatus({ apiKey }: { apiKey: ApiKey }) {
  if (apiKey.revokedAt) {
    return (
      <Flex vertical gap={2}>
        <span>
          <Tag color="red">Revoked</Tag>
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12, ...nowrap }}>
          {formatDateTime(apiKey.revokedAt)}
        </Typography.Text>
      </Flex>
    );
  }
  if (!apiKey.active) return <Tag color="orange">Expired</Tag>;
  return <Tag color="green">Active</Tag>;
}

/** The keys that reach the project: create one (its secret shown once), revoke one. */
export function ApiKeys({ projectId, isOrgAdmin }: { projectId: string; isOrgAdmin: boolean }) {
  const context = useMemo(() => ({ additionalTypenames: ['ApiKey'] }), []);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: ApiKeysQuery, variables: { projectId }, context });
  const [, revoke] = useMutation(RevokeApiKeyMutation);
  const [creating, setCreating] = useState(false);
  // The one place the secret lives, from creation until its dialog is closed.
  const [created, setCreated] = useState<CreatedSecret | null>(null);
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  if (serverErrorOf(error)?.code === 'UNAUTHORIZED_ROLE_ACCESS') {
    return <NoApiAccess message={failureMessage(error, 'Failed to load API keys.') ?? undefined} />;
  }
  if (fetching && !data) return <LoadingState />;
  if (error && !data) return <ErrorState message={failureMessage(error, 'Failed to load API keys.') ?? undefined} onRetry={refetch} />;

  const remove = async (apiKey: ApiKey) => {
    const result = await revoke({ projectId, keyId: apiKey.id });
    if (result.error) return showFailureToast(result.error, 'Failed to revoke API key.');
    toast.success(`API key "${apiKey.name}" revoked.`);
    refetch();
  };

  const columns: TableColumnsType<ApiKey> = [
    {
      title: 'Name',
      dataIndex: 'name',
      width: 200,
      render: (name: string, apiKey) => (
        <Flex gap={6} wrap align="center">
          <span style={{ overflowWrap: 'anywhere' }}>{name}</span>
          {apiKey.organizationWide && <Tag color="purple">Organization</Tag>}
        </Flex>
      ),
    },
    {
      title: 'Key',
      dataIndex: 'prefix',
      render: (prefix: string) => (
        <Typography.Text code style={nowrap}>
          {prefix}…
        </Typography.Text>
      ),
    },
    {
      title: 'Scopes',
      dataIndex: 'scopes',
      width: 220,
      render: (scopes: ApiScope[]) => (
        <Flex gap={4} wrap>
          {scopes.map((scope) => (
            <Tag key={scope} style={{ marginInlineEnd: 0 }} color={scope === 'ADMIN' ? 'gold' : undefined}>
              {apiScopeLabel(scope)}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      render: (at: string, apiKey) => (
        <Flex vertical gap={2}>
          <span style={nowrap}>{formatDateTime(at)}</span>
          {apiKey.createdByEmail && (
            <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
              by {apiKey.createdByEmail}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Expires',
      dataIndex: 'expiresAt',
      render: (at?: string | null) => <span style={nowrap}>{at ? formatDateTime(at) : 'Never'}</span>,
    },
    {
      title: 'Last used',
      dataIndex: 'lastUsedAt',
      render: (at?: string | null) => <span style={nowrap}>{at ? formatDateTime(at) : 'Never'}</span>,
    },
    { title: 'Status', key: 'status', render: (_, apiKey) => <KeyStatus apiKey={apiKey} /> },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, apiKey) => {
        if (apiKey.revokedAt) return null;
        if (apiKey.organizationWide && !isOrgAdmin) {
          return (
            <Tooltip title={ORG_KEY_REVOKE_TEXT}>
              <Button danger size="small" disabled aria-label={`Revoke ${apiKey.name}`}>
                Revoke
              </Button>
            </Tooltip>
          );
        }
        return (
          <Popconfirm
            title="Revoke API key"
            description="Every call with this key is refused from now on. This cannot be undone."
            okText="Revoke"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(apiKey)}
          >
            <Button danger size="small" aria-label={`Revoke ${apiKey.name}`}>
              Revoke
            </Button>
          </Popconfirm>
        );
      },
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 680 }}>
          Programs call the Quarry API with a key: ask questions, run SQL and manage knowledge in this project. A key
          acts with the rights of the person who created it, within its scopes.
        </Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          Create key
        </Button>
      </Flex>
      <Table<ApiKey>
        rowKey="id"
        aria-label="API keys"
        size="small"
        columns={columns}
        dataSource={data?.apiKeys ?? []}
        loading={fetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <EmptyState /> }}
        scroll={{ x: 1000 }}
      />
      {creating && (
        <CreateApiKeyModal
          projectId={projectId}
          isOrgAdmin={isOrgAdmin}
          onClose={() => setCreating(false)}
          onCreated={(secret) => {
            setCreating(false);
            setCreated(secret);
            refetch();
          }}
        />
      )}
      {created && <ApiKeySecretModal created={created} onClose={() => setCreated(null)} />}
    </>
  );
}
