import { useState } from 'react';
import dayjs from 'dayjs';
import { Button, DatePicker, Flex, Input, InputNumber, Select } from '../../../components/ui';
import type { ApiCallType } from '../../../gql/graphql';
import { API_CALL_TYPE_LABELS, API_CALL_TYPES } from '../apiLabels';
import { hasApiHistoryFilters, type ApiHistoryFilters as Filters } from '../apiHistoryFilters';

const TYPE_OPTIONS = API_CALL_TYPES.map((type) => ({ value: type, label: API_CALL_TYPE_LABELS[type] }));
const DAY_FORMAT = 'YYYY-MM-DD';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Type, status, key, thread and days; every change starts again at the first page. */
export function ApiHistoryFilters({
  filters,
  keys,
  onChange,
}: {
  filters: Filters;
  keys: { id: string; name: string; prefix: string }[];
  onChange: (filters: Filters) => void;
}) {
  const change = (patch: Partial<Filters>) => onChange({ ...filters, ...patch, page: 1 });
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] = [
    filters.from ? dayjs(filters.from) : null,
    filters.to ? dayjs(filters.to) : null,
  ];

  return (
    <Flex gap={8} wrap style={{ marginBottom: 16 }}>
      <Select<ApiCallType>
        aria-label="Type"
        placeholder="All types"
        allowClear
        showSearch
        optionFilterProp="label"
        value={filters.callType}
        options={TYPE_OPTIONS}
        onChange={(callType) => change({ callType: callType || undefined })}
        style={{ width: 180 }}
      />
      {/* Keyed by the applied value: a change from the URL (or Clear) resets what is typed. */}
      <StatusCodeInput key={`status-${filters.statusCode ?? ''}`} value={filters.statusCode} onApply={(statusCode) => change({ statusCode })} />
      <Select
        aria-label="Key"
        placeholder="All keys"
        allowClear
        showSearch
        optionFilterProp="label"
        value={filters.apiKeyId}
        options={keys.map((key) => ({ value: key.id, label: `${key.name} (${key.prefix}…)` }))}
        onChange={(apiKeyId?: string) => change({ apiKeyId: apiKeyId || undefined })}
        style={{ width: 200 }}
      />
      <ThreadIdInput key={`thread-${filters.threadId ?? ''}`} value={filters.threadId} onApply={(threadId) => change({ threadId })} />
      <DatePicker.RangePicker
        aria-label="Dates"
        allowEmpty={[true, true]}
        value={range}
        format={DAY_FORMAT}
        onChange={(dates) =>
          change({ from: dates?.[0]?.format(DAY_FORMAT) ?? undefined, to: dates?.[1]?.format(DAY_FORMAT) ?? undefined })
        }
      />
      {hasApiHistoryFilters(filters) && (
        <Button type="link" onClick={() => onChange({ page: 1 })}>
          Clear filters
        </Button>
      )}
    </Flex>
  );
}

/** Applied on Enter or when left, so a half-typed code does not filter. */
function StatusCodeInput({ value, onApply }: { value?: number; onApply: (code?: number) => void }) {
  const [draft, setDraft] = useState<number | null>(value ?? null);
  const apply = () => {
    const code = draft ?? undefined;
    if (code !== value && (code === undefined || (code >= 100 && code <= 599))) onApply(code);
  };
  return (
    <InputNumber<number>
      aria-label="Status code"
      placeholder="Status code"
      min={100}
      max={599}
      precision={0}
      controls={false}
      value={draft}
      onChange={setDraft}
      onPressEnter={apply}
      onBlur={apply}
      style={{ width: 120 }}
    />
  );
}

function ThreadIdInput({ value, onApply }: { value?: string; onApply: (threadId?: string) => void }) {
  const [draft, setDraft] = useState(value ?? '');
  const trimmed = draft.trim();
  const invalid = trimmed !== '' && !UUID.test(trimmed);
  const apply = () => {
    if (invalid) return;
    const threadId = trimmed || undefined;
    if (threadId !== value) onApply(threadId);
  };
  return (
    <Input
      aria-label="Thread id"
      placeholder="Thread id"
      allowClear
      status={invalid ? 'error' : undefined}
      title={invalid ? 'A thread id looks like 2f1c…-…; copy it from a thread link.' : undefined}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        // An emptied field (typed away or cleared) stops filtering at once.
        if (event.target.value === '' && value) onApply(undefined);
      }}
      onPressEnter={apply}
      onBlur={apply}
      style={{ width: 220 }}
    />
  );
}
