import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { Alert, Button, Card, Flex, Input, Radio, Select, Spin, TableOutlined, Typography } from '../../../components/ui';
import { PageMeta } from '../../../components/page/PageMeta';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import { STATUS_TEXT } from '../../asking/components/ResponseCard';
import { CreateAskingTaskMutation, ThreadResponseQuery } from '../../asking/graphql/asking';
import { emitThreadEvent } from '../../asking/hooks/threadEvents';
import { isFinal, useAskingTask } from '../../asking/hooks/useAskingTask';
import { FolderTreeQuery } from '../../folder/graphql/folder';
import { DEFAULT_PAGE_SIZE, mergeColumns, pageInput, type GridView } from '../grid';
import { CreateSpreadsheetMutation, PreviewSpreadsheetQuery } from '../graphql/spreadsheet';
import { emitSpreadsheetEvent } from '../spreadsheetEvents';
import { SpreadsheetGrid } from './SpreadsheetGrid';
import { useModelExamples } from '../../modeling/hooks/useModelExamples';

type Mode = 'question' | 'sql' | 'response';
type Source = { sql: string } | { responseId: string };

const FIRST_PAGE: GridView = { page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: [], filters: [] };
const MY_SPACE = '';

/**
 * home/spreadsheets/new: a grid from a question (asked here), a thread response
 * (?responseId=) or SQL over the models; previewed a page at a time, then saved.
 */
export function NewSpreadsheet({ projectId }: { projectId: string }) {
  const examples = useModelExamples(projectId);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const responseParam = params.get('responseId');
  const [mode, setMode] = useState<Mode>(responseParam ? 'response' : 'question');
  const [question, setQuestion] = useState('');
  const [asked, setAsked] = useState<{ taskId: string; question: string } | null>(null);
  const [askError, setAskError] = useState<string | null>(null);
  const [sql, setSql] = useState('');
  const [previewedSql, setPreviewedSql] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [folderId, setFolderId] = useState(MY_SPACE);
  const [grid, setGrid] = useState<{ source: string; view: GridView }>({ source: '', view: FIRST_PAGE });

  const [creatingTask, createTask] = useMutation(CreateAskingTaskMutation);
  const [creating, create] = useMutation(CreateSpreadsheetMutation);
  const { task } = useAskingTask(projectId, asked?.taskId);
  const [{ data: responseData, error: responseError }] = useQuery({
    query: ThreadResponseQuery,
    variables: { projectId, responseId: responseParam ?? '' },
    pause: !responseParam,
  });
  const [{ data: treeData }] = useQuery({ query: FolderTreeQuery, variables: { projectId } });
  const folders = (treeData?.folderTree.folders ?? []).filter((f) => f.canEdit);

  const source: Source | null = useMemo(() => {
    if (mode === 'sql') return previewedSql ? { sql: previewedSql } : null;
    if (mode === 'response') return responseParam ? { responseId: responseParam } : null;
    return task && task.id === asked?.taskId && task.status === 'FINISHED' ? { responseId: task.responseId } : null;
  }, [mode, previewedSql, responseParam, task, asked]);
  const sourceKey = source ? JSON.stringify(source) : '';
  // A new source starts at its first page, unsorted.
  const view = grid.source === sourceKey ? grid.view : FIRST_PAGE;
  const [{ data, fetching, error }] = useQuery({
    query: PreviewSpreadsheetQuery,
    variables: { projectId, data: { ...source, ...pageInput(view) } },
    pause: !source,
  });
  const preview = source ? data?.previewSpreadsheet : undefined;
  const columns = useMemo(() => mergeColumns([], preview?.columns), [preview]);

  const defaultName = mode === 'question' ? (asked?.question ?? '') : mode === 'response' ? (responseData?.threadResponse.question ?? '') : '';
  const finalName = name.trim() || defaultName;

  const ask = async () => {
    const text = question.trim();
    if (!text) return;
    setAskError(null);
    const result = await createTask({ projectId, data: { question: text } });
    if (result.error || !result.data) {
      // No toast for asking tasks (PRODUCT.md §8): the reason shows here.
      setAskError(failureMessage(result.error, 'Failed to create asking task.'));
      return;
    }
    setAsked({ taskId: result.data.createAskingTask.id, question: text });
    emitThreadEvent('move', { threadId: result.data.createAskingTask.threadId });
  };

  const save = async () => {
    if (!source || !finalName) return;
    const result = await create(
      { projectId, data: { name: finalName, ...source, folderId: folderId || null } },
      { additionalTypenames: ['FolderTree'] },
    );
    if (result.error || !result.data) return showFailureToast(result.error, 'Failed to create spreadsheet.');
    const id = result.data.createSpreadsheet.id;
    emitSpreadsheetEvent('tree', { spreadsheetId: id });
    navigate(paths.spreadsheet(projectId, id));
  };

  const running = !!asked && (!task || task.id !== asked.taskId || !isFinal(task.status));
  const taskFailed = !!task && task.id === asked?.taskId && isFinal(task.status) && task.status !== 'FINISHED';
  const canSave = !!source && !!preview && !error && !!finalName;

  return (
    <div data-testid="new-spreadsheet">
      <PageMeta title="New spreadsheet" description="A spreadsheet from a question, a thread response or SQL over your models." />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        <TableOutlined /> New spreadsheet
      </Typography.Title>
      <Flex vertical gap={16}>
        <Card size="small" title="Rows from">
          <Flex vertical gap={12}>
            <Radio.Group
              optionType="button"
              value={mode}
              onChange={(event) => setMode(event.target.value as Mode)}
              options={[
                { value: 'question', label: 'A question' },
                { value: 'sql', label: 'SQL' },
                ...(responseParam ? [{ value: 'response', label: 'The thread response' }] : []),
              ]}
            />
            {mode === 'question' && (
              <Flex vertical gap={8}>
                <Flex gap={8}>
                  <Input
                    aria-label="Question"
                    placeholder={examples.listQuestion}
                    value={question}
                    onChange={(event) => setQuestion(event.target.value)}
                    onPressEnter={() => void ask()}
                    disabled={running}
                  />
                  <Button type="primary" onClick={() => void ask()} loading={creatingTask.fetching || running} disabled={!question.trim()}>
                    Ask
                  </Button>
                </Flex>
                {running && (
                  <Flex gap={8} align="center" role="status">
                    <Spin size="small" />
                    <Typography.Text type="secondary">{STATUS_TEXT[task?.status ?? 'IDLE'] ?? task?.status}</Typography.Text>
                  </Flex>
                )}
                {askError && <Alert type="error" showIcon message={askError} />}
                {taskFailed && <Alert type="warning" showIcon message={task?.error?.message ?? 'Failed to answer the question.'} />}
              </Flex>
            )}
            {mode === 'sql' && (
              <Flex vertical gap={8}>
                <Input.TextArea
                  aria-label="SQL"
                  placeholder={examples.sql}
                  autoSize={{ minRows: 4, maxRows: 12 }}
                  value={sql}
                  onChange={(event) => setSql(event.target.value)}
                  style={{ fontFamily: 'monospace' }}
                />
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text type="secondary">SQL over the models, as in a thread&apos;s &quot;View SQL&quot;.</Typography.Text>
                  <Button
                    type={sql.trim() && sql.trim() !== previewedSql ? 'primary' : 'default'}
                    onClick={() => setPreviewedSql(sql.trim())}
                    disabled={!sql.trim()}
                  >
                    Preview
                  </Button>
                </Flex>
              </Flex>
            )}
            {mode === 'response' && (
              <Flex vertical gap={4}>
                {responseError ? (
                  <Alert type="error" showIcon message={failureMessage(responseError, 'Failed to load thread response.')} />
                ) : (
                  <>
                    <Typography.Text strong>{responseData?.threadResponse.question ?? '…'}</Typography.Text>
                    {responseData?.threadResponse.sql && (
                      <pre className="spreadsheet-sql" aria-label="Response SQL">
                        {responseData.threadResponse.sql}
                      </pre>
                    )}
                  </>
                )}
              </Flex>
            )}
          </Flex>
        </Card>
        <Flex gap={8} align="end" wrap="wrap">
          <Flex vertical gap={4} style={{ flex: '1 1 280px' }}>
            <Typography.Text type="secondary">Name</Typography.Text>
            <Input aria-label="Spreadsheet name" value={name} placeholder={defaultName || 'Name the spreadsheet'} maxLength={200} onChange={(event) => setName(event.target.value)} />
          </Flex>
          <Flex vertical gap={4} style={{ flex: '0 1 220px' }}>
            <Typography.Text type="secondary">Save in</Typography.Text>
            <Select
              aria-label="Folder"
              value={folderId}
              onChange={setFolderId}
              options={[{ value: MY_SPACE, label: 'My space' }, ...folders.map((f) => ({ value: f.id, label: f.name }))]}
            />
          </Flex>
          <Button type="primary" onClick={() => void save()} loading={creating.fetching} disabled={!canSave}>
            Save
          </Button>
        </Flex>
        {error && <Alert type="error" showIcon message={failureMessage(error, 'Failed to preview spreadsheet.')} />}
        {source ? (
          <SpreadsheetGrid page={preview} columns={columns} view={view} loading={fetching} onChange={(next) => setGrid({ source: sourceKey, view: next })} />
        ) : (
          <Card>
            <Typography.Text type="secondary" data-testid="preview-hint">
              {mode === 'sql' ? 'Write SQL and choose Preview to see its rows here.' : 'Ask a question to see its rows here.'}
            </Typography.Text>
          </Card>
        )}
      </Flex>
    </div>
  );
}
