import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Flex, Form, Input, Modal, Select, Switch, Tag, Typography, toast } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { ErrorState, LoadingState } from '../../../components/page/PageStates';
import { formatDate } from '../../../components/page/formatDate';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import type { InstructionsQuery as InstructionsResult } from '../../../gql/graphql';
import { KnowledgeTable } from './KnowledgeTable';
import { useModelExamples } from '../../modeling/hooks/useModelExamples';
import {
  CreateInstructionMutation,
  DeleteInstructionMutation,
  InstructionsQuery,
  UpdateInstructionMutation,
} from '../graphql/knowledge';

type Instruction = InstructionsResult['instructions'][number];
type FormMode = { mode: 'CREATE' } | { mode: 'EDIT'; instruction: Instruction };
type Values = { instruction: string; isGlobal: boolean; questions: string[] };

export function Instructions({ projectId }: { projectId: string }) {
  const context = useMemo(() => ({ additionalTypenames: ['Instruction'] }), []);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: InstructionsQuery, variables: { projectId }, context });
  const [, deleteInstruction] = useMutation(DeleteInstructionMutation);
  const [editing, setEditing] = useState<FormMode | null>(null);
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  if (fetching && !data) return <LoadingState />;
  if (error && !data) return <ErrorState message={failureMessage(error, 'Failed to load instructions.') ?? undefined} onRetry={refetch} />;
  const instructions = data?.instructions ?? [];

  const remove = async (instruction: Instruction) => {
    const result = await deleteInstruction({ projectId, id: instruction.id });
    if (result.error) return showFailureToast(result.error, 'Failed to delete instruction.');
    toast.success('Instruction deleted.');
    refetch();
  };

  const columns: TableColumnsType<Instruction> = [
    { title: 'Instruction', dataIndex: 'instruction', width: '45%' },
    {
      title: 'Applies to',
      key: 'appliesTo',
      render: (_, instruction) =>
        instruction.isGlobal ? (
          <Tag color="blue">All questions</Tag>
        ) : (
          <Flex vertical gap={2}>
            {instruction.questions.map((q) => (
              <Typography.Text key={q} type="secondary">
                “{q}”
              </Typography.Text>
            ))}
          </Flex>
        ),
    },
    { title: 'Updated', dataIndex: 'updatedAt', width: 180, render: (at: string) => formatDate(at) },
  ];

  return (
    <>
      <KnowledgeTable
        intro="Guidance the language model follows when it writes SQL: for every question, or for questions like the examples you give."
        addLabel="Add an instruction"
        onAdd={() => setEditing({ mode: 'CREATE' })}
        columns={columns}
        rows={instructions}
        describe={() => 'instruction'}
        onEdit={(instruction) => setEditing({ mode: 'EDIT', instruction })}
        onDelete={remove}
        deleteTitle="Delete instruction"
        deleteDescription="It will no longer steer the answers."
      />
      {editing && (
        <InstructionModal
          projectId={projectId}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refetch();
          }}
        />
      )}
    </>
  );
}

function InstructionModal({
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
  const [form] = Form.useForm<Values>();
  const examples = useModelExamples(projectId);
  const isGlobal = Form.useWatch('isGlobal', form);
  const [{ fetching: creating }, create] = useMutation(CreateInstructionMutation);
  const [{ fetching: updating }, update] = useMutation(UpdateInstructionMutation);
  const initial: Values =
    editing.mode === 'EDIT'
      ? { instruction: editing.instruction.instruction, isGlobal: editing.instruction.isGlobal, questions: editing.instruction.questions }
      : { instruction: '', isGlobal: true, questions: [] };

  const save = async (values: Values) => {
    const data = { instruction: values.instruction, isGlobal: values.isGlobal, questions: values.isGlobal ? [] : values.questions ?? [] };
    const result =
      editing.mode === 'EDIT' ? await update({ projectId, id: editing.instruction.id, data }) : await create({ projectId, data });
    if (result.error) {
      return showFailureToast(result.error, editing.mode === 'EDIT' ? 'Failed to update instruction.' : 'Failed to create instruction.');
    }
    toast.success(editing.mode === 'EDIT' ? 'Instruction updated.' : 'Instruction added.');
    onSaved();
  };

  return (
    <Modal
      open
      title={editing.mode === 'EDIT' ? 'Edit instruction' : 'Add an instruction'}
      okText="Save"
      confirmLoading={creating || updating}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save}>
        <Form.Item name="instruction" label="Instruction" rules={[{ required: true, whitespace: true }, { max: 1000 }]}>
          <Input.TextArea rows={4} placeholder={examples.instruction} />
        </Form.Item>
        <Form.Item name="isGlobal" label="Apply to all questions" valuePropName="checked">
          <Switch />
        </Form.Item>
        {!isGlobal && (
          <Form.Item
            name="questions"
            label="Questions it applies to"
            extra="Type a question and press Enter; the instruction applies to questions like these."
            rules={[{ required: true, type: 'array', min: 1, message: 'Please enter at least one question' }]}
          >
            <Select mode="tags" open={false} placeholder={examples.countQuestion} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
