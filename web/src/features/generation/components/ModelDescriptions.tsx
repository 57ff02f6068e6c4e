import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Input,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  toast,
  BulbOutlined,
} from '../../../components/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import type { GenerationTaskFieldsFragment, ModelingDiagramQuery as ModelsResult } from '../../../gql/graphql';
import { ModelingDiagramQuery, UpdateModelMetadataMutation } from '../../modeling/graphql/modeling';
import { CreateModelDescriptionTaskMutation } from '../graphql/generation';
import { isDone, useGenerationTask } from '../hooks/useGenerationTask';

type SavedModel = ModelsResult['models'][number];
type Proposal = GenerationTaskFieldsFragment['modelDescriptions'][number];

/**
 * recommend-semantics: choose models, have their descriptions proposed (by the language model
 * when the organisation has one), review and edit them, then save the ones you keep.
 */
export function ModelDescriptions({ projectId }: { projectId: string }) {
  const [{ data, fetching, error }, reexecute] = useQuery({ query: ModelingDiagramQuery, variables: { projectId } });
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [{ fetching: starting }, createTask] = useMutation(CreateModelDescriptionTaskMutation);
  const { task, error: pollError } = useGenerationTask(projectId, taskId);

  if (fetching && !data) return <LoadingState />;
  if (error && !data) {
    return <ErrorState message={failureMessage(error, 'Failed to load models.') ?? undefined} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />;
  }
  const models = data?.models ?? [];
  if (models.length === 0) return <EmptyState description="No Data — add models on the setup or modeling page first." />;
  const selected = chosen ?? models.map((m) => m.referenceName);

  const generate = async () => {
    const result = await createTask({ projectId, models: selected });
    if (result.error) return showFailureToast(result.error, 'Failed to create model description task.');
    setTaskId(result.data?.createModelDescriptionTask.id ?? null);
  };

  const running = !!taskId && !isDone(task?.status);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="Models to describe">
        <Checkbox.Group
          value={selected}
          onChange={(values) => setChosen(values as string[])}
          options={models.map((m) => ({ label: m.displayName || m.referenceName, value: m.referenceName }))}
        />
        <Flex gap={12} align="center" style={{ marginTop: 16 }}>
          <Button type="primary" icon={<BulbOutlined />} loading={starting || running} disabled={selected.length === 0} onClick={generate}>
            Generate descriptions
          </Button>
          {running && (
            <Flex gap={8} align="center" role="status">
              <Spin size="small" />
              <Typography.Text>Generating descriptions for {selected.length} model(s)…</Typography.Text>
            </Flex>
          )}
        </Flex>
      </Card>
      {pollError && <Alert type="error" showIcon message={failureMessage(pollError, 'Failed to load the descriptions.')} />}
      {task?.status === 'FAILED' && <Alert type="error" showIcon message="Failed to generate descriptions." description={task.error} />}
      {task?.status === 'FINISHED' && (
        <Review projectId={projectId} task={task} models={models} onSaved={() => reexecute({ requestPolicy: 'network-only' })} />
      )}
    </Space>
  );
}

function Review({
  projectId,
  task,
  models,
  onSaved,
}: {
  projectId: string;
  task: GenerationTaskFieldsFragment;
  models: SavedModel[];
  onSaved: () => void;
}) {
  const [edited, setEdited] = useState<Proposal[]>(task.modelDescriptions);
  const [keep, setKeep] = useState<string[]>(task.modelDescriptions.map((m) => m.model));
  const [{ fetching: saving }, updateMetadata] = useMutation(UpdateModelMetadataMutation);
  const byName = useMemo(() => new Map(models.map((m) => [m.referenceName, m])), [models]);
  void projectId;

  const setModel = (model: string, change: (p: Proposal) => Proposal) =>
    setEdited((all) => all.map((p) => (p.model === model ? change(p) : p)));

  const save = async () => {
    let saved = 0;
    for (const proposal of edited.filter((p) => keep.includes(p.model))) {
      const model = byName.get(proposal.model);
      if (!model) continue;
      const columns = proposal.columns
        .map((c) => ({ id: model.columns.find((mc) => mc.referenceName === c.column)?.id, description: c.description }))
        .filter((c): c is { id: string; description: string } => !!c.id);
      const result = await updateMetadata({ modelId: model.id, data: { description: proposal.description, columns } });
      if (result.error) return showFailureToast(result.error, 'Failed to update model metadata.');
      saved += 1;
    }
    toast.success(`Descriptions saved for ${saved} model(s). Deploy to use them when answering.`);
    onSaved();
  };

  return (
    <Card
      title={
        <Space>
          Proposed descriptions
          <Tag>{task.generatedBy === 'LLM' ? 'Written by the language model' : 'From names and types'}</Tag>
        </Space>
      }
      extra={
        <Button type="primary" loading={saving} disabled={keep.length === 0} onClick={save}>
          Save selected
        </Button>
      }
    >
      <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="proposals">
        {edited.map((proposal) => {
          const current = byName.get(proposal.model);
          return (
            <Card key={proposal.model} size="small" type="inner" title={
              <Checkbox
                checked={keep.includes(proposal.model)}
                onChange={(e) => setKeep((k) => (e.target.checked ? [...k, proposal.model] : k.filter((m) => m !== proposal.model)))}
              >
                {current?.displayName || proposal.model}
              </Checkbox>
            }>
              <Typography.Text type="secondary">Now: {current?.description || '—'}</Typography.Text>
              <Input.TextArea
                aria-label={`Description of ${proposal.model}`}
                value={proposal.description}
                autoSize
                style={{ margin: '8px 0 12px' }}
                onChange={(e) => setModel(proposal.model, (p) => ({ ...p, description: e.target.value }))}
              />
              <Table
                size="small"
                rowKey="column"
                pagination={false}
                dataSource={proposal.columns}
                columns={[
                  { title: 'Column', dataIndex: 'column', width: 180 },
                  {
                    title: 'Now',
                    key: 'now',
                    width: '30%',
                    render: (_, c) => current?.columns.find((mc) => mc.referenceName === c.column)?.description || '—',
                  },
                  {
                    title: 'Proposed',
                    dataIndex: 'description',
                    render: (description: string, c) => (
                      <Input
                        aria-label={`Description of ${proposal.model}.${c.column}`}
                        value={description}
                        onChange={(e) =>
                          setModel(proposal.model, (p) => ({
                            ...p,
                            columns: p.columns.map((pc) => (pc.column === c.column ? { ...pc, description: e.target.value } : pc)),
                          }))
                        }
                      />
                    ),
                  },
                ]}
              />
            </Card>
          );
        })}
      </Space>
    </Card>
  );
}
