import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Form, Input, Modal, Typography, toast } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { ErrorState, LoadingState } from '../../../components/page/PageStates';
import { formatDate } from '../../../components/page/formatDate';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import type { SqlPairsQuery as SqlPairsResult } from '../../../gql/graphql';
import { KnowledgeTable } from './KnowledgeTable';
import { CreateSqlPairMutation, DeleteSqlPairMutation, SqlPairsQuery, UpdateSqlPairMutation } from '../graphql/knowledge';
import { useModelExamples } from '../../modeling/hooks/useModelExamples';

type SqlPair = SqlPairsResult['sqlPairs'][number];
type FormMode = { mode: 'CREATE' } | { mode: 'EDIT'; pair: SqlPair };

export function SqlPairs({ projectId }: { projectId: string }) {
  const context = useMemo(() => ({ additionalTypenames: ['SqlPair'] }), []);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: SqlPairsQuery, variables: { projectId }, context });
  const [, deletePair] = useMutation(DeleteSqlPairMutation);
  const [editing, setEditing] = useState<FormMode | null>(null);
  const [viewing, setViewing] = useState<SqlPair | null>(null);
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  if (fetching && !data) return <LoadingState />;
  if (error && !data) return <ErrorState message={failureMessage(error, 'Failed to load SQL pairs.') ?? undefined} onRetry={refetch} />;
  const pairs = data?.sqlPairs ?? [];

  const remove = async (pair: SqlPair) => {
    const result = await deletePair({ projectId, id: pair.id });
    if (result.error) return showFailureToast(result.error, 'Failed to delete SQL pair.');
    toast.success('SQL pair deleted.');
    refetch();
  };

  const columns: TableColumnsType<SqlPair> = [
    { title: 'Question', dataIndex: 'question', width: '35%' },
    {
      title: 'SQL',
      dataIndex: 'sql',
      render: (sql: string, pair) => (
        <Typography.Link onClick={() => setViewing(pair)} aria-label={`View SQL of ${pair.question}`}>
          <code style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', display: 'block', maxWidth: 420 }}>{sql}</code>
        </Typography.Link>
      ),
    },
    { title: 'Updated', dataIndex: 'updatedAt', width: 180, render: (at: string) => formatDate(at) },
  ];

  return (
    <>
      <KnowledgeTable
        intro="A question with the SQL that answers it. A question asked in other words is answered with this SQL, and the language model learns from these examples."
        addLabel="Add a question-SQL pair"
        onAdd={() => setEditing({ mode: 'CREATE' })}
        columns={columns}
        rows={pairs}
        describe={(pair) => pair.question}
        onEdit={(pair) => setEditing({ mode: 'EDIT', pair })}
        onDelete={remove}
        deleteTitle="Delete SQL pair"
        deleteDescription="Questions like this one will no longer reuse its SQL."
      />
      {editing && (
        <SqlPairModal
          projectId={projectId}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refetch();
          }}
        />
      )}
      <Modal open={viewing !== null} title={viewing?.question} footer={null} onCancel={() => setViewing(null)} width={720}>
        <pre style={{ whiteSpace: 'pre-wrap', background: '#f5f5f5', padding: 12, borderRadius: 6 }}>{viewing?.sql}</pre>
      </Modal>
    </>
  );
}

function SqlPairModal({
  projectId,
  editing,
  onClose,
  onSaved,
}: {
  projectId: string;
  editing: FormMode;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<{ question: string; sql: string }>();
  const examples = useModelExamples(projectId);
  const [{ fetching: creating }, create] = useMutation(CreateSqlPairMutation);
  const [{ fetching: updating }, update] = useMutation(UpdateSqlPairMutation);
  const [problem, setProblem] = useState<string | null>(null);
  const initial = editing.mode === 'EDIT' ? { question: editing.pair.question, sql: editing.pair.sql } : undefined;

  const save = async (values: { question: string; sql: string }) => {
    setProblem(null);
    const result =
      editing.mode === 'EDIT'
        ? await update({ projectId, id: editing.pair.id, data: values })
        : await create({ projectId, data: values });
    if (result.error) {
      // Why the SQL does not compile over the models is worth reading in place.
      setProblem(failureMessage(result.error, 'The SQL pair could not be saved.'));
      return showFailureToast(result.error, editing.mode === 'EDIT' ? 'Failed to update SQL pair.' : 'Failed to create SQL pair.');
    }
    toast.success(editing.mode === 'EDIT' ? 'SQL pair updated.' : 'SQL pair added.');
    onSaved();
  };

  return (
    <Modal
      open
      title={editing.mode === 'EDIT' ? 'Edit question-SQL pair' : 'Add a question-SQL pair'}
      okText="Save"
      confirmLoading={creating || updating}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save}>
        <Form.Item name="question" label="Question" rules={[{ required: true, whitespace: true }, { max: 1000 }]}>
          <Input placeholder={examples.countQuestion} />
        </Form.Item>
        <Form.Item
          name="sql"
          label="SQL"
          extra="Written over the models; it is checked against them before it is saved."
          rules={[{ required: true, whitespace: true }]}
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <Input.TextArea rows={8} style={{ fontFamily: 'monospace' }} placeholder={examples.sql} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
