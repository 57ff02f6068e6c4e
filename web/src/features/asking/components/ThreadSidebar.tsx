import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { Button, Dropdown, Flex, Input, List, Modal, Typography } from '../../../components/ui';
import { EMPTY_TEXT, LOADING_TEXT } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import { DeleteThreadMutation, ThreadsQuery, UpdateThreadMutation } from '../graphql/asking';
import { emitThreadEvent, onThreadEvents } from '../hooks/threadEvents';

/** The user's threads: open, rename, delete; refreshed when threads change elsewhere. */
export function ThreadSidebar({ projectId }: { projectId: string }) {
  const { threadId } = useParams();
  const navigate = useNavigate();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ThreadsQuery, variables: { projectId }, requestPolicy: 'cache-and-network' });
  const [, rename] = useMutation(UpdateThreadMutation);
  const [, remove] = useMutation(DeleteThreadMutation);
  const [renaming, setRenaming] = useState<{ id: string; summary: string } | null>(null);

  useEffect(() => onThreadEvents(() => refetch({ requestPolicy: 'network-only' })), [refetch]);

  const saveName = async () => {
    if (!renaming) return;
    const result = await rename({ projectId, threadId: renaming.id, data: { summary: renaming.summary } });
    if (result.error) return showFailureToast(result.error, 'Failed to update thread.');
    emitThreadEvent('rename', { threadId: renaming.id, summary: renaming.summary });
    setRenaming(null);
  };
  const confirmDelete = (id: string) =>
    Modal.confirm({
      title: 'Delete this thread?',
      content: 'Its questions and answers are deleted with it.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        const result = await remove({ projectId, threadId: id });
        if (result.error) return showFailureToast(result.error, 'Failed to delete thread.');
        emitThreadEvent('delete', { threadId: id });
        if (id === threadId) navigate(paths.home(projectId));
      },
    });

  const threads = data?.threads ?? [];
  return (
    <Flex vertical gap={8} style={{ height: '100%' }}>
      <Button type="primary" onClick={() => navigate(paths.home(projectId))}>New thread</Button>
      <Typography.Text type="secondary" style={{ marginTop: 8 }}>Threads</Typography.Text>
      {error && !data ? (
        <Typography.Text type="danger">{failureMessage(error, 'Failed to load threads.')}</Typography.Text>
      ) : (
        <List
          aria-label="Threads"
          size="small"
          loading={fetching && !data ? { tip: LOADING_TEXT } : false}
          locale={{ emptyText: EMPTY_TEXT }}
          dataSource={threads}
          renderItem={(thread) => (
            <List.Item
              style={{ background: thread.id === threadId ? '#e6f0ff' : undefined, paddingInline: 8, borderRadius: 6 }}
              actions={[
                <Dropdown
                  key="more"
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'rename', label: 'Rename' },
                      { key: 'delete', label: 'Delete', danger: true },
                    ],
                    onClick: ({ key }) => (key === 'rename' ? setRenaming({ id: thread.id, summary: thread.summary }) : confirmDelete(thread.id)),
                  }}
                >
                  <Button size="small" type="text" aria-label={`Thread actions ${thread.summary}`}>⋯</Button>
                </Dropdown>,
              ]}
            >
              <Link to={paths.thread(projectId, thread.id)} style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 170 }} title={thread.summary}>
                {thread.summary}
              </Link>
            </List.Item>
          )}
        />
      )}
      <Modal open={!!renaming} title="Rename thread" okText="Save" onOk={saveName} onCancel={() => setRenaming(null)} destroyOnHidden>
        <Input aria-label="Thread name" value={renaming?.summary ?? ''} maxLength={100} onChange={(e) => renaming && setRenaming({ ...renaming, summary: e.target.value })} />
      </Modal>
    </Flex>
  );
}
