import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Popconfirm,
  Row,
  Space,
  Tag,
  Typography,
  toast,
  ApiOutlined,
  ArrowLeftOutlined,
} from '../../../components/ui';
import { ErrorState, LoadingState } from '../../../components/page/PageStates';
import { formatDate } from '../../../components/page/formatDate';
import { failureMessage, serverErrorOf, showFailureToast } from '../../../app/errors/operationErrors';
import type { LlmConfigInput, LlmSettingsQuery as LlmSettingsResult } from '../../../gql/graphql';
import {
  ApplyOrgLlmConfigsMutation,
  LlmSettingsQuery,
  RemoveOrgLlmConfigMutation,
  TestProviderConnectivityMutation,
} from '../graphql/llm';
import { FIELD_LABELS, PROVIDER_CHOICES, type ProviderChoice, choiceOf } from './providers';

/** PRODUCT.md §4 LLM setup modes. */
export type LlmSetupMode = 'SELECT_METHOD' | 'QUICK_SETUP' | 'MANUAL_SETUP';

type Saved = NonNullable<LlmSettingsResult['llmSettings']>;
type Usage = LlmSettingsResult['llmUsage'];
type Values = Omit<LlmConfigInput, 'provider'>;

/** Checked connection: what the last test said. */
type Tested = { ok: true } | { ok: false; message: string } | null;

/** What the provider (or the check of the settings) said, as the server put it. */
function reasonOf(error: unknown): string {
  return serverErrorOf(error)?.message?.trim() || 'The provider could not be reached.';
}

function toInput(choice: ProviderChoice, values: Values): LlmConfigInput {
  const blank = (v?: string | null) => (v && v.trim() ? v.trim() : null);
  return {
    provider: choice.provider,
    chatModel: values.chatModel?.trim() ?? '',
    embeddingModel: blank(values.embeddingModel),
    baseUrl: blank(values.baseUrl) ?? choice.defaults.baseUrl ?? null,
    apiVersion: blank(values.apiVersion) ?? choice.defaults.apiVersion ?? null,
    region: blank(values.region) ?? choice.defaults.region ?? null,
    accessKeyId: blank(values.accessKeyId),
    project: blank(values.project),
    apiKey: blank(values.apiKey),
  };
}

export function LlmSettings({ onSaved }: { onSaved?: () => void }) {
  const [{ data, fetching, error }, reexecute] = useQuery({ query: LlmSettingsQuery, requestPolicy: 'cache-and-network' });
  const [mode, setMode] = useState<LlmSetupMode | null>(null);
  const [choice, setChoice] = useState<ProviderChoice>(PROVIDER_CHOICES[0]);
  const [, removeConfig] = useMutation(RemoveOrgLlmConfigMutation);
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  if (fetching && !data) return <LoadingState />;
  if (error && !data) {
    return <ErrorState message={failureMessage(error, 'Failed to load the language model settings.') ?? undefined} onRetry={refetch} />;
  }
  const saved = data?.llmSettings ?? null;
  const current: LlmSetupMode | 'SAVED' = mode ?? (saved ? 'SAVED' : 'SELECT_METHOD');

  const remove = async () => {
    const result = await removeConfig({});
    if (result.error) return showFailureToast(result.error, 'Failed to remove language model.');
    toast.success('Language model removed. Questions are answered by the built-in engine.');
    setMode(null);
    refetch();
  };

  const pick = (next: ProviderChoice, manual = false) => {
    setChoice(next);
    setMode(next.quick && !manual ? 'QUICK_SETUP' : 'MANUAL_SETUP');
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Language model
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          With a language model, Quarry classifies each question, plans the answer, writes and corrects the SQL and writes the
          answer. Without one, the built-in engine answers from the semantic model — nothing leaves your servers.
        </Typography.Paragraph>
      </div>
      {current === 'SAVED' && saved && (
        <SavedProvider
          saved={saved}
          usage={data?.llmUsage}
          onChange={() => {
            setChoice(choiceOf(saved.provider, saved.baseUrl));
            setMode('MANUAL_SETUP');
          }}
          onRemove={remove}
        />
      )}
      {current === 'SELECT_METHOD' && <SelectMethod onPick={pick} />}
      {(current === 'QUICK_SETUP' || current === 'MANUAL_SETUP') && (
        <ProviderForm
          key={`${choice.key}-${current}`}
          choice={choice}
          mode={current}
          saved={saved && choiceOf(saved.provider, saved.baseUrl).key === choice.key ? saved : null}
          onBack={() => setMode(saved ? null : 'SELECT_METHOD')}
          onManual={() => setMode('MANUAL_SETUP')}
          onSaved={() => {
            setMode(null);
            refetch();
            onSaved?.();
          }}
        />
      )}
    </Space>
  );
}

function SavedProvider({
  saved,
  usage,
  onChange,
  onRemove,
}: {
  saved: Saved;
  usage?: Usage;
  onChange: () => void;
  onRemove: () => void;
}) {
  const choice = choiceOf(saved.provider, saved.baseUrl);
  return (
    <Card
      title={
        <Space>
          <ApiOutlined />
          {choice.title}
          <Tag color="green">In use</Tag>
        </Space>
      }
      extra={
        <Space>
          <Button onClick={onChange}>Change</Button>
          <Popconfirm
            title="Remove language model"
            description="Questions will be answered by the built-in engine."
            okText="Remove"
            okButtonProps={{ danger: true }}
            onConfirm={onRemove}
          >
            <Button danger>Remove</Button>
          </Popconfirm>
        </Space>
      }
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Chat model">{saved.chatModel}</Descriptions.Item>
        {saved.baseUrl && <Descriptions.Item label="Endpoint">{saved.baseUrl}</Descriptions.Item>}
        {saved.apiVersion && <Descriptions.Item label="API version">{saved.apiVersion}</Descriptions.Item>}
        {saved.region && <Descriptions.Item label="Region">{saved.region}</Descriptions.Item>}
        {saved.accessKeyId && <Descriptions.Item label="Access key id">{saved.accessKeyId}</Descriptions.Item>}
        {saved.project && <Descriptions.Item label="Project">{saved.project}</Descriptions.Item>}
        <Descriptions.Item label="Embeddings">{saved.embeddingModel ?? 'Local model (all-MiniLM-L6-v2)'}</Descriptions.Item>
        <Descriptions.Item label="Key">Saved, encrypted (never shown)</Descriptions.Item>
        <Descriptions.Item label="Updated">{formatDate(saved.updatedAt)}</Descriptions.Item>
        {usage && (
          <Descriptions.Item label="This month">
            <span data-testid="llm-usage">
              {usage.calls.toLocaleString()} calls · {usage.inputTokens.toLocaleString()} input and {usage.outputTokens.toLocaleString()}{' '}
              output tokens
            </span>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}

function SelectMethod({ onPick }: { onPick: (choice: ProviderChoice, manual?: boolean) => void }) {
  return (
    <Row gutter={[16, 16]}>
      {PROVIDER_CHOICES.map((choice) => (
        <Col key={choice.key} xs={24} md={12} xl={8}>
          <Card
            hoverable
            role="button"
            aria-label={`Set up ${choice.title}`}
            onClick={() => onPick(choice)}
            style={{ height: '100%' }}
          >
            <Card.Meta title={choice.title} description={choice.description} />
            {choice.quick && (
              <Button
                type="link"
                style={{ paddingLeft: 0, marginTop: 8 }}
                onClick={(event) => {
                  event.stopPropagation();
                  onPick(choice, true);
                }}
              >
                Manual setup
              </Button>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function ProviderForm({
  choice,
  mode,
  saved,
  onBack,
  onManual,
  onSaved,
}: {
  choice: ProviderChoice;
  mode: 'QUICK_SETUP' | 'MANUAL_SETUP';
  saved: Saved | null;
  onBack: () => void;
  onManual: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [tested, setTested] = useState<Tested>(null);
  const [{ fetching: testing }, testConnectivity] = useMutation(TestProviderConnectivityMutation);
  const [{ fetching: saving }, apply] = useMutation(ApplyOrgLlmConfigsMutation);
  const initial: Values = {
    chatModel: saved?.chatModel ?? choice.defaults.chatModel,
    baseUrl: saved?.baseUrl ?? choice.defaults.baseUrl,
    apiVersion: saved?.apiVersion ?? choice.defaults.apiVersion,
    region: saved?.region ?? choice.defaults.region,
    accessKeyId: saved?.accessKeyId,
    project: saved?.project,
    embeddingModel: saved?.embeddingModel,
  };
  const keyRequired = !saved;

  const test = async () => {
    const values = await form.validateFields();
    setTested(null);
    const result = await testConnectivity({ data: toInput(choice, values) });
    if (result.error) {
      setTested({ ok: false, message: reasonOf(result.error) });
    } else {
      setTested({ ok: true });
    }
  };

  const save = async (values: Values) => {
    const result = await apply({ data: toInput(choice, values) });
    if (result.error) {
      setTested({ ok: false, message: reasonOf(result.error) });
      return showFailureToast(result.error, 'Failed to save language model.');
    }
    toast.success(`${choice.title} saved. New questions are answered with it.`);
    onSaved();
  };

  const fields = mode === 'QUICK_SETUP' ? [] : choice.fields;
  const KeyInput = choice.provider === 'vertex_ai' ? Input.TextArea : Input.Password;
  return (
    <Card
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label="Back" onClick={onBack} />
          {choice.title} — {mode === 'QUICK_SETUP' ? 'quick setup' : 'manual setup'}
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save} onValuesChange={() => setTested(null)} style={{ maxWidth: 560 }}>
        {mode === 'MANUAL_SETUP' && (
          <Form.Item
            name="chatModel"
            label={choice.provider === 'azure' ? 'Chat deployment' : choice.provider === 'bedrock' ? 'Model id' : 'Chat model'}
            rules={[{ required: true }]}
          >
            <Input />
          </Form.Item>
        )}
        {fields.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={FIELD_LABELS[field]}
            rules={field === 'embeddingModel' || field === 'project' ? [] : [{ required: true }]}
          >
            <Input />
          </Form.Item>
        ))}
        <Form.Item
          name="apiKey"
          label={choice.keyLabel}
          extra={saved ? 'Leave empty to keep the saved key.' : 'Stored encrypted; never shown again.'}
          rules={keyRequired && choice.key !== 'openai-compatible' ? [{ required: true }] : []}
        >
          <KeyInput autoComplete="off" rows={4} />
        </Form.Item>
        {tested?.ok === true && <Alert type="success" showIcon message="Connection successful." style={{ marginBottom: 16 }} />}
        {tested?.ok === false && (
          <Alert type="error" showIcon message="The connection failed" description={tested.message} style={{ marginBottom: 16 }} />
        )}
        <Flex gap={8} wrap>
          <Button onClick={test} loading={testing}>
            Test connection
          </Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
          {mode === 'QUICK_SETUP' && (
            <Button type="link" onClick={onManual}>
              Manual setup
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
