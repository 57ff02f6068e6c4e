import { useState } from 'react';
import { useMutation } from 'urql';
import { Alert, Button, Flex, Spin, Typography, BulbOutlined } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { CreateRecommendedQuestionsTaskMutation } from '../graphql/generation';
import { isDone, useGenerationTask } from '../hooks/useGenerationTask';

/** Asks for recommended questions (follow-ups when in a thread) and offers them to ask. */
export function RecommendedQuestions({
  projectId,
  threadId,
  onAsk,
  disabled,
}: {
  projectId: string;
  threadId?: string;
  onAsk: (question: string) => void;
  disabled?: boolean;
}) {
  const [taskId, setTaskId] = useState<string | null>(null);
  const [{ fetching: starting }, createTask] = useMutation(CreateRecommendedQuestionsTaskMutation);
  const { task } = useGenerationTask(projectId, taskId);
  const running = !!taskId && !isDone(task?.status);

  const recommend = async () => {
    const result = await createTask({ projectId, threadId: threadId ?? null });
    if (result.error) return showFailureToast(result.error, 'Failed to recommend questions.');
    setTaskId(result.data?.createRecommendedQuestionsTask.id ?? null);
  };

  return (
    <Flex vertical gap={8} data-testid="recommended-questions">
      <Flex gap={8} align="center">
        <Button icon={<BulbOutlined />} loading={starting || running} onClick={recommend}>
          {threadId ? 'Recommend follow-up questions' : 'Recommend questions'}
        </Button>
        {running && (
          <Flex gap={8} align="center" role="status">
            <Spin size="small" />
            <Typography.Text type="secondary">Thinking of questions…</Typography.Text>
          </Flex>
        )}
      </Flex>
      {task?.status === 'FAILED' && <Alert type="error" showIcon message="Failed to recommend questions." description={task.error} />}
      {task?.status === 'FINISHED' &&
        (task.questions.length === 0 ? (
          <Typography.Text type="secondary">No Data</Typography.Text>
        ) : (
          <Flex gap={8} wrap="wrap">
            {task.questions.map((q) => (
              <Button key={q} type="dashed" disabled={disabled} onClick={() => onAsk(q)}>
                {q}
              </Button>
            ))}
          </Flex>
        ))}
    </Flex>
  );
}
