import { Input, InputNumber, Select } from '../../../components/ui';
import type { ValueType } from '../../../gql/graphql';

type Raw = string | number | boolean | null | undefined;

/** A session property value as its type is entered: text, a number, or yes / no. */
export function ValueInput({ valueType, value, onChange }: { valueType: ValueType; value?: Raw; onChange?: (value: Raw) => void }) {
  if (valueType === 'NUMERIC') {
    return <InputNumber style={{ width: '100%' }} value={typeof value === 'number' ? value : null} onChange={(v) => onChange?.(v)} aria-label="Value" />;
  }
  if (valueType === 'BOOL') {
    return (
      <Select
        allowClear
        aria-label="Value"
        value={typeof value === 'boolean' ? String(value) : undefined}
        onChange={(v?: string) => onChange?.(v === undefined ? null : v === 'true')}
        options={[
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]}
      />
    );
  }
  return <Input aria-label="Value" value={typeof value === 'string' ? value : ''} onChange={(e) => onChange?.(e.target.value)} />;
}

/** The value as the server keeps it (JSON of the property's type), or null for none. */
export function typedValue(valueType: ValueType, raw: Raw): string | number | boolean | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (valueType === 'NUMERIC') return typeof raw === 'number' ? raw : Number(raw);
  if (valueType === 'BOOL') return typeof raw === 'boolean' ? raw : raw === 'true';
  return String(raw);
}

/** A kept value, as shown in a table. */
export function shownValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString();
  return String(value);
}

/** A value for a `JSON` argument: the scalar carries any JSON value, though its generated type says object. */
export function asJson(value: string | number | boolean | null): Record<string, unknown> | null {
  return value as unknown as Record<string, unknown> | null;
}
