import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { Alert, Button, Card, Flex, Input, Modal, PushpinOutlined, Space, Spin, TableOutlined, Tabs, Tag, Typography } from '../../../components/ui';
import { paths } from '../../../app/routes/paths';
import { showFailureToast } from '../../../app/errors/operationErrors';
import type { ThreadResponseFieldsFragment } from '../../../gql/graphql';
import { AdjustThreadResponseMutation, CancelAskingTaskMutation, UpdateThreadResponseMutation } from '../graphql/asking';
import { isFinal, useAskingTask } from '../hooks/useAskingTask';
import { ResponseChart } from './ResponseChart';
import { ResultTable } from './ResultTable';
import { LiveSteps, ReasoningSummary } from './ReasoningSteps';
import { ReadingChips } from './ReadingChips';
import { PinToDashboardModal } from '../../dashboard/components/PinToDashboardModal';
import { useKnowledgeRights } from '../../knowledge/hooks/useKnowledgeRights';
import { useProjectPermissions } from '../../user/hooks/useProjectPermissions';
import { TeachOffers } from './TeachOffers';

/** What the user sees while a task runs (PRODUCT.md §4 states). */
export const STATUS_TEXT: Record<string, string> = {
  IDLE: 'Waiting to start…',
  UNDERSTANDING: 'Understanding the question…',
  SEARCHING: 'Searching the model and its values…',
  PLANNING: 'Planning the query…',
  GENERATING: 'Generating the answer…',
  CORRECTING: 'Correcting the query…',
  DEPLOYING: 'Waiting for the model to deploy…',
};

type Props = {
  projectId: string;
  response: ThreadResponseFieldsFragment;
  /** The response changed (its task ended, or it was re-run): reload the thread. */
  onChanged: () => void;
  /** Ask a suggested question in this thread. */
  onAsk: (question: string) => void;
  /** The caller may ask in the thread and change its responses (the server says so). */
  canEdit?: boolean;
};

/** One question of a thread: its live state while it runs, then answer, SQL and chart. */
export function ResponseCard({ projectId, response, onChanged, onAsk, canEdit = true }: Props) {
  const initial = response.askingTask;
  const running = !!initial && !isFinal(initial.status);
  const { task: polled } = useAskingTask(projectId, running ? initial.id : null, onChanged);
  const task = polled ?? initial;
  const [stopping, cancel] = useMutation(CancelAskingTaskMutation);
  const [edit, setEdit] = useState<null | 'sql' | 'adjust_sql' | 'adjust_steps'>(null);
  const [pinning, setPinning] = useState(false);
  const navigate = useNavigate();
  const [adjusting, adjust] = useMutation(AdjustThreadResponseMutation);
  // The task's end is seen by its poll a moment before the thread reloads with the answer
  // the task wrote: until then the card still says it is writing it.
  const polledStatus = task?.status ?? 'FINISHED';
  const status = polledStatus === 'FINISHED' && !response.sql ? 'GENERATING' : polledStatus;
  const { canManage: canTeach } = useKnowledgeRights(projectId);
  const canPin = useProjectPermissions(projectId)?.canManageDashboards ?? true;

  // A chip removed or changed asks the edited question as a new response (adjust steps).
  const askInstead = async (question: string) => {
    const result = await adjust({ projectId, responseId: response.id, data: { question } });
    if (result.error) {
      showFailureToast(result.error, 'Failed to adjust thread response.');
      return false;
    }
    onChanged();
    return true;
  };

  const stop = async () => {
    if (!task) return;
    const result = await cancel({ projectId, taskId: task.id });
    if (result.error) showFailureToast(result.error, 'Failed to stop asking task.');
  };

  return (
    <Card data-testid="thread-response" data-status={status} style={{ marginBottom: 16 }}>
      {/* The question keeps at least 200 px; the actions wrap below it on a narrow screen. */}
      <Flex justify="space-between" align="start" gap={12} wrap="wrap">
        <Typography.Title level={5} style={{ marginTop: 0, flex: '1 1 200px', minWidth: 0 }}>
          {response.question}
        </Typography.Title>
        {status === 'FINISHED' && response.sql && (canPin || canEdit) && (
          <Space wrap>
            {canPin && <Button size="small" icon={<PushpinOutlined />} onClick={() => setPinning(true)}>Pin to dashboard</Button>}
            {canPin && <Button size="small" icon={<TableOutlined />} onClick={() => navigate(paths.newSpreadsheet(projectId, response.id))}>Open as spreadsheet</Button>}
            {canEdit && <Button size="small" onClick={() => setEdit('adjust_steps')}>Adjust steps</Button>}
            {canEdit && <Button size="small" onClick={() => setEdit('adjust_sql')}>Adjust SQL</Button>}
          </Space>
        )}
      </Flex>
      {!isFinal(status) && (
        <Flex vertical gap={12}>
          <Flex align="center" gap={12} role="status" aria-live="polite">
            <Spin size="small" />
            <Typography.Text data-testid="task-status">{STATUS_TEXT[status] ?? status}</Typography.Text>
            {canEdit && (
              <Button size="small" danger loading={stopping.fetching} onClick={stop}>
                Stop
              </Button>
            )}
          </Flex>
          {task && status !== 'DEPLOYING' && status !== 'IDLE' && <LiveSteps task={task} />}
        </Flex>
      )}
      {status === 'STOPPED' && <Alert type="info" showIcon message="Stopped. Nothing was answered." />}
      {status === 'FAILED' && <Alert type="error" showIcon message="Failed to answer the question." description={task?.error?.message} />}
      {status === 'DEPLOY_FAILED' && (
        <Alert type="error" showIcon message={task?.error?.shortMessage ?? 'Failed to deploy'}
          description={<pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{task?.error?.message}</pre>} />
      )}
      {status === 'NO_RESULT' && (
        <Alert
          type="warning"
          showIcon
          message={task?.error?.message ?? 'The question was not understood.'}
          description={
            <Flex vertical gap={8}>
              {!task?.error?.message && (task?.understood.length ?? 0) > 0 && <span>Understood: {task?.understood.join(', ')}.</span>}
              {canTeach && canEdit && task && (
                // Taught, the same question is asked again in the thread, stated in full.
                <TeachOffers projectId={projectId} offers={task.teachOffers} onTaught={() => void askInstead(task.question)} />
              )}
              {canEdit && (task?.suggestions.length ?? 0) > 0 && (
                <Flex gap={8} wrap="wrap" align="center">
                  <span>Try:</span>
                  {task?.suggestions.map((s) => (
                    <Button key={s} size="small" onClick={() => onAsk(s)}>{s}</Button>
                  ))}
                </Flex>
              )}
            </Flex>
          }
        />
      )}
      {status === 'FINISHED' && response.withheld && (
        <Alert
          type="info"
          showIcon
          data-testid="withheld"
          message="This answer is not shown to you"
          description={
            <Flex vertical gap={8} align="flex-start">
              <span>{response.answer}</span>
              {canEdit && (
                <Button size="small" loading={adjusting.fetching} onClick={() => void askInstead(response.askingTask?.question ?? response.question)}>
                  Ask it again for me
                </Button>
              )}
            </Flex>
          }
        />
      )}
      {status === 'FINISHED' && response.sql && !response.withheld && (
        <Tabs
          defaultActiveKey="answer"
          items={[
            {
              key: 'answer',
              label: 'Answer',
              children: (
                <Flex vertical gap={12}>
                  <Typography.Paragraph data-testid="answer" style={{ marginBottom: 0 }}>{response.answer}</Typography.Paragraph>
                  {task && task.reading.length > 0 ? (
                    <ReadingChips question={task.question} reading={task.reading} onAsk={canEdit ? askInstead : undefined} busy={adjusting.fetching} />
                  ) : (
                    task?.understood && task.understood.length > 0 && (
                      <Flex gap={4} wrap="wrap">{task.understood.map((u) => <Tag key={u}>{u}</Tag>)}</Flex>
                    )
                  )}
                  {task && <ReasoningSummary task={task} />}
                  <ResultTable projectId={projectId} responseId={response.id} />
                </Flex>
              ),
            },
            {
              key: 'view-sql',
              label: 'View SQL',
              children: (
                <Flex vertical gap={8}>
                  <pre aria-label="SQL" style={{ whiteSpace: 'pre-wrap', background: '#f6f7f9', padding: 12, borderRadius: 6, margin: 0 }}>{response.sql}</pre>
                  {canEdit && <Flex justify="flex-end"><Button size="small" onClick={() => setEdit('sql')}>Edit SQL</Button></Flex>}
                </Flex>
              ),
            },
            { key: 'chart', label: 'Chart', children: <ResponseChart projectId={projectId} response={response} /> },
          ]}
        />
      )}
      <EditModal projectId={projectId} response={response} mode={edit} onClose={() => setEdit(null)} onDone={onChanged} />
      {pinning && <PinToDashboardModal projectId={projectId} response={response} open={pinning} onClose={() => setPinning(false)} />}
    </Card>
  );
}

const EDIT_TITLES = { sql: 'Edit SQL', adjust_sql: 'Adjust SQL', adjust_steps: 'Adjust steps' } as const;

/** Edit SQL re-runs this response; adjust SQL and adjust steps add a new one to the thread. */
function EditModal({ projectId, response, mode, onClose, onDone }: {
  projectId: string;
  response: ThreadResponseFieldsFragment;
  mode: null | keyof typeof EDIT_TITLES;
  onClose: () => void;
  onDone: () => void;
}) {
  const [text, setText] = useState('');
  const [update, runUpdate] = useMutation(UpdateThreadResponseMutation);
  const [adjust, runAdjust] = useMutation(AdjustThreadResponseMutation);
  const initial = mode === 'adjust_steps' ? (response.askingTask?.question ?? response.question) : (response.sql ?? '');
  const save = async () => {
    const value = text || initial;
    const result =
      mode === 'sql'
        ? await runUpdate({ projectId, responseId: response.id, data: { sql: value } })
        : await runAdjust({ projectId, responseId: response.id, data: mode === 'adjust_sql' ? { sql: value } : { question: value } });
    if (result.error) {
      showFailureToast(result.error, mode === 'sql' ? 'Failed to update thread response.' : 'Failed to adjust thread response.');
      return;
    }
    setText('');
    onClose();
    onDone();
  };
  return (
    <Modal
      open={mode !== null}
      title={mode ? EDIT_TITLES[mode] : ''}
      okText={mode === 'adjust_steps' ? 'Ask' : 'Run'}
      confirmLoading={update.fetching || adjust.fetching}
      onOk={save}
      onCancel={() => { setText(''); onClose(); }}
      destroyOnHidden
    >
      <Input.TextArea
        aria-label={mode === 'adjust_steps' ? 'Question' : 'SQL'}
        autoSize={{ minRows: mode === 'adjust_steps' ? 2 : 6 }}
        defaultValue={initial}
        onChange={(e) => setText(e.target.value)}
        style={{ fontFamily: mode === 'adjust_steps' ? undefined : 'monospace' }}
      />
    </Modal>
  );
}
