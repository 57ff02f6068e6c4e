import { useCallback, useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { Alert, Card, Typography } from '../../../../components/ui';
import { PageMeta } from '../../../../components/page/PageMeta';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/page/PageStates';
import { failureMessage, serverErrorOf, showFailureToast } from '../../../../app/errors/operationErrors';
import { paths } from '../../../../app/routes/paths';
import { AskBox } from '../../../../features/asking/components/AskBox';
import { DeployFailurePanel } from '../../../../features/asking/components/DeployFailurePanel';
import { ResponseCard } from '../../../../features/asking/components/ResponseCard';
import { CreateThreadResponseMutation, ThreadQuery } from '../../../../features/asking/graphql/asking';
import { onThreadEvents } from '../../../../features/asking/hooks/threadEvents';
import { RecommendedQuestions } from '../../../../features/generation/components/RecommendedQuestions';
import type { ThreadQuery as ThreadResult } from '../../../../gql/graphql';

type ThreadResponses = NonNullable<ThreadResult['thread']>['responses'];

/** A thread: its questions with their answers, and a box for the next question. */
export function ThreadPage() {
  const { projectId = '', threadId = '' } = useParams();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ThreadQuery, variables: { projectId, threadId }, requestPolicy: 'cache-and-network' });
  const [asking, createResponse] = useMutation(CreateThreadResponseMutation);
  const reload = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);

  useEffect(() => onThreadEvents((kind, detail) => detail.threadId === threadId && kind === 'rename' && reload()), [threadId, reload]);

  // A response added while the thread is open (a follow-up, a chip changed on an earlier
  // answer) is scrolled into view; opening the thread does not scroll.
  // A field that failed on the server leaves the thread without its responses: shown as an
  // error below, never read as a list.
  const responses = data?.thread?.responses as ThreadResponses | null | undefined;
  const count = responses?.length;
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (count === undefined) return;
    if (seen.current !== undefined && count > seen.current) {
      document.querySelector('[data-response]:last-of-type')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    }
    seen.current = count;
  }, [count]);

  const ask = async (question: string) => {
    const result = await createResponse({ projectId, threadId, data: { question } });
    if (result.error) {
      showFailureToast(result.error, 'Failed to create thread response.');
      return false;
    }
    reload();
    return true;
  };

  if (fetching && !data) return <LoadingState />;
  if (error && !data) {
    if (serverErrorOf(error)?.code === 'NOT_FOUND') return <Navigate to={paths.home(projectId)} replace />;
    return <ErrorState message={failureMessage(error, 'Failed to load thread.') ?? undefined} onRetry={reload} />;
  }
  const thread = data?.thread;
  if (!thread) return <EmptyState />;
  if (!responses) return <ErrorState message={failureMessage(error, 'Failed to load thread.') ?? undefined} onRetry={reload} />;
  return (
    <div style={{ maxWidth: 1000, margin: '0 auto' }}>
      <PageMeta title={thread.summary} description="A thread of questions and answers." />
      <DeployFailurePanel projectId={projectId} />
      <Typography.Title level={3}>{thread.summary}</Typography.Title>
      {responses.length === 0 && <EmptyState />}
      <div>
        {responses.map((response) => (
          <div key={response.id} data-response={response.id}>
            <ResponseCard projectId={projectId} response={response} onChanged={reload} onAsk={(q) => void ask(q)} canEdit={thread.canEdit} />
          </div>
        ))}
      </div>
      {thread.canEdit ? (
        <Card>
          <AskBox onAsk={ask} busy={asking.fetching} placeholder="Ask a follow-up question" />
          <div style={{ marginTop: 12 }}>
            <RecommendedQuestions projectId={projectId} threadId={threadId} onAsk={(q) => void ask(q)} disabled={asking.fetching} />
          </div>
        </Card>
      ) : (
        <Alert type="info" showIcon data-testid="read-only-thread" message="This thread is shared with you to read. Ask your own question from the home page." />
      )}
    </div>
  );
}
