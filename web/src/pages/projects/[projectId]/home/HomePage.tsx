import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { Button, Card, Flex, Typography } from '../../../../components/ui';
import { PageMeta } from '../../../../components/page/PageMeta';
import { ErrorState, LOADING_TEXT } from '../../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../../app/errors/operationErrors';
import { paths } from '../../../../app/routes/paths';
import { AskBox } from '../../../../features/asking/components/AskBox';
import { DeployFailurePanel } from '../../../../features/asking/components/DeployFailurePanel';
import { CreateThreadMutation, SuggestedQuestionsQuery } from '../../../../features/asking/graphql/asking';
import { emitThreadEvent } from '../../../../features/asking/hooks/threadEvents';
import { RecommendedQuestions } from '../../../../features/generation/components/RecommendedQuestions';

/** Ask a question; it opens a new thread. */
export function HomePage() {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const [{ data, fetching, error }, reexecute] = useQuery({ query: SuggestedQuestionsQuery, variables: { projectId } });
  const [creating, createThread] = useMutation(CreateThreadMutation);

  const ask = async (question: string) => {
    const result = await createThread({ projectId, data: { question } });
    if (result.error || !result.data) {
      showFailureToast(result.error, 'Failed to create thread.');
      return false;
    }
    emitThreadEvent('move', { threadId: result.data.createThread.id });
    navigate(paths.thread(projectId, result.data.createThread.id));
    return true;
  };

  const suggestions = data?.suggestedQuestions ?? [];
  return (
    <div style={{ maxWidth: 900, margin: '0 auto' }}>
      <PageMeta title="Home" description="Ask business questions about your data." />
      <DeployFailurePanel projectId={projectId} />
      <Typography.Title level={2}>Ask a question</Typography.Title>
      <Card>
        <AskBox onAsk={ask} busy={creating.fetching} />
      </Card>
      <Typography.Title level={5} style={{ marginTop: 24 }}>Try one of these</Typography.Title>
      {fetching && !data ? (
        <Typography.Text type="secondary">{LOADING_TEXT}</Typography.Text>
      ) : error && !data ? (
        <ErrorState
          message={failureMessage(error, 'Failed to load suggested questions.') ?? undefined}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      ) : suggestions.length === 0 ? (
        // Only a successful, empty answer means nothing is deployed yet.
        <Typography.Text type="secondary">Deploy your models to get suggested questions.</Typography.Text>
      ) : (
        <Flex gap={8} wrap="wrap">
          {suggestions.map((q) => (
            <Button key={q} onClick={() => void ask(q)} disabled={creating.fetching}>{q}</Button>
          ))}
        </Flex>
      )}
      <div style={{ marginTop: 24 }}>
        <RecommendedQuestions projectId={projectId} onAsk={(q) => void ask(q)} disabled={creating.fetching} />
      </div>
    </div>
  );
}
