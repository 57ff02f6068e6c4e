import { Button, Flex, Form, PlusOutlined, Select } from '../../../components/ui';
import type { ModelsQuery, RelationType } from '../../../gql/graphql';
import { RELATION_TYPE_OPTIONS } from '../relationTypes';

type Model = ModelsQuery['models'][number];

export interface NewRelation {
  fromModel: string;
  fromColumn: string;
  toModel: string;
  toColumn: string;
  type: RelationType;
}

const modelOptions = (models: readonly Model[]) =>
  models.map((model) => ({ value: model.referenceName, label: model.displayName || model.referenceName }));

const columnOptions = (models: readonly Model[], referenceName: string | undefined) =>
  (models.find((model) => model.referenceName === referenceName)?.columns ?? []).map((column) => ({
    value: column.referenceName,
    label: column.displayName || column.referenceName,
  }));

/** "Add relationship": a model and column on each side, and the relation type. */
export function AddRelationshipForm({
  models,
  disabled,
  onAdd,
}: {
  models: readonly Model[];
  disabled?: boolean;
  /** False (or a promise of false) when it was not added — already listed, or refused: the form then keeps its values. */
  onAdd: (relation: NewRelation) => boolean | Promise<boolean>;
}) {
  const [form] = Form.useForm<NewRelation>();
  const fromModel = Form.useWatch('fromModel', form);
  const toModel = Form.useWatch('toModel', form);
  const select = { showSearch: true, optionFilterProp: 'label', style: { width: 180 } } as const;

  const add = async (values: NewRelation) => {
    if (await onAdd(values)) form.resetFields();
  };

  return (
    <Form
      form={form}
      name="add-relationship"
      layout="inline"
      initialValues={{ type: 'MANY_TO_ONE' }}
      onFinish={(values) => void add(values)}
      disabled={disabled}
      onValuesChange={(changed: Partial<NewRelation>) => {
        if ('fromModel' in changed) form.setFieldValue('fromColumn', undefined);
        if ('toModel' in changed) form.setFieldValue('toColumn', undefined);
      }}
      aria-label="Add relationship"
    >
      <Flex wrap gap={8} align="start">
        <Form.Item name="fromModel" rules={[{ required: true, message: 'Please select From model' }]}>
          <Select {...select} aria-label="From model" placeholder="From model" options={modelOptions(models)} />
        </Form.Item>
        <Form.Item name="fromColumn" rules={[{ required: true, message: 'Please select From column' }]}>
          <Select {...select} aria-label="From column" placeholder="From column" options={columnOptions(models, fromModel)} />
        </Form.Item>
        <Form.Item name="toModel" rules={[{ required: true, message: 'Please select To model' }]}>
          <Select {...select} aria-label="To model" placeholder="To model" options={modelOptions(models)} />
        </Form.Item>
        <Form.Item name="toColumn" rules={[{ required: true, message: 'Please select To column' }]}>
          <Select {...select} aria-label="To column" placeholder="To column" options={columnOptions(models, toModel)} />
        </Form.Item>
        <Form.Item name="type" rules={[{ required: true }]}>
          <Select aria-label="Relationship type" options={RELATION_TYPE_OPTIONS} style={{ width: 150 }} />
        </Form.Item>
        <Button htmlType="submit" icon={<PlusOutlined />}>
          Add relationship
        </Button>
      </Flex>
    </Form>
  );
}
