import type { ReactNode } from 'react';
import { Form, Input, InputNumber, Select, Switch } from '../../../components/ui';
import type { FormInstance } from '../../../components/ui';
import type { DataSourceType } from '../../../gql/graphql';
import { CONNECTION_FIELDS, type ConnectionField, type ConnectionValues } from '../dataSources';

export type ConnectionFormMode = 'create' | 'edit';

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function rulesOf(field: ConnectionField, mode: ConnectionFormMode) {
  // A blank secret keeps the stored one when editing.
  const required = field.required && !(field.secret && mode === 'edit');
  const rules: object[] = [];
  // `whitespace` makes the check a string one: only for the text inputs.
  const text = field.kind === 'text' || field.kind === 'password' || field.kind === 'json';
  if (required) rules.push(text ? { required: true, whitespace: true } : { required: true });
  if (field.kind === 'json') {
    rules.push({
      validator: (_: unknown, value: unknown) =>
        typeof value !== 'string' || value.trim() === '' || isJson(value)
          ? Promise.resolve()
          : Promise.reject(new Error(`${field.label} is not valid JSON`)),
    });
  }
  return rules;
}

function placeholderOf(field: ConnectionField, mode: ConnectionFormMode): string | undefined {
  if (field.secret && mode === 'edit') return 'Leave blank to keep the saved value';
  return field.placeholder;
}

function inputOf(field: ConnectionField, mode: ConnectionFormMode): ReactNode {
  const placeholder = placeholderOf(field, mode);
  switch (field.kind) {
    case 'password':
      return <Input.Password placeholder={placeholder} autoComplete="new-password" />;
    case 'port':
      return <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} placeholder={placeholder} />;
    case 'switch':
      return <Switch />;
    case 'tags':
      return (
        <Select
          mode="tags"
          tokenSeparators={[',', ' ']}
          placeholder={placeholder}
          open={false}
          suffixIcon={null}
          notFoundContent={null}
        />
      );
    case 'json':
      return <Input.TextArea rows={5} placeholder={placeholder ?? '{ "type": "service_account", … }'} spellCheck={false} />;
    default:
      return <Input placeholder={placeholder} autoComplete="off" />;
  }
}

/** The connection settings of one data source type (PRODUCT.md §3), as a vertical form. */
export function ConnectionForm({
  type,
  form,
  mode,
  initialValues,
  disabled,
  onValuesChange,
  onFinish,
  children,
}: {
  type: DataSourceType;
  form: FormInstance<ConnectionValues>;
  mode: ConnectionFormMode;
  initialValues?: ConnectionValues;
  disabled?: boolean;
  onValuesChange?: () => void;
  onFinish?: (values: ConnectionValues) => void;
  children?: ReactNode;
}) {
  return (
    <Form
      form={form}
      layout="vertical"
      name={`connection-${type.toLowerCase()}`}
      initialValues={initialValues}
      disabled={disabled}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      style={{ maxWidth: 560 }}
    >
      {CONNECTION_FIELDS[type].map((field) => (
        <Form.Item
          key={field.name}
          label={field.label}
          name={field.name}
          rules={rulesOf(field, mode)}
          extra={field.extra}
          valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
        >
          {inputOf(field, mode)}
        </Form.Item>
      ))}
      {children}
    </Form>
  );
}
