import { useMemo } from 'react';
import { useQuery } from 'urql';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, CloseOutlined, DatePicker, Flex, FilterOutlined, Select, Typography } from '../../../components/ui';
import type { DashboardFilterInput } from '../../../gql/graphql';
import { ModelsQuery } from '../../modeling/graphql/modeling';

/** A filter as the bar holds it: a date range, or values of a model's column (maybe not chosen yet). */
export type DashboardFilterDraft =
  | { kind: 'dates'; from: string | null; to: string | null }
  | { kind: 'values'; model: string | null; column: string | null; values: string[] };

/** Filters a dashboard is viewed with at once (the server's bound). */
export const MAX_DASHBOARD_FILTERS = 10;

const TEXT_TYPES = /char|text|string|enum|uuid/i;

/** The filters the server takes: complete ones only (a range with an end, a column with values). */
export function filtersToSend(drafts: readonly DashboardFilterDraft[]): DashboardFilterInput[] {
  return drafts.flatMap((draft): DashboardFilterInput[] => {
    if (draft.kind === 'dates') return draft.from || draft.to ? [{ from: draft.from, to: draft.to }] : [];
    return draft.model && draft.column && draft.values.length > 0 ? [{ model: draft.model, column: draft.column, values: draft.values }] : [];
  });
}

/**
 * The filter bar above a dashboard's tiles: a date range on each tile's own date, and values
 * of any text column of the project's models. Every tile that can take a filter is narrowed;
 * the others say which they could not take.
 */
export function DashboardFilters({
  projectId,
  filters,
  onChange,
}: {
  projectId: string;
  filters: DashboardFilterDraft[];
  onChange: (next: DashboardFilterDraft[]) => void;
}) {
  const [{ data }] = useQuery({ query: ModelsQuery, variables: { projectId } });
  const columns = useMemo(
    () =>
      (data?.models ?? []).map((model) => ({
        label: model.displayName || model.referenceName,
        title: model.referenceName,
        options: model.columns
          .filter((column) => TEXT_TYPES.test(column.type))
          .map((column) => ({
            value: `${model.referenceName}\u0000${column.referenceName}`,
            label: `${model.displayName || model.referenceName} › ${column.displayName || column.referenceName}`,
          })),
      })).filter((group) => group.options.length > 0),
    [data],
  );
  const dates = filters.find((f): f is Extract<DashboardFilterDraft, { kind: 'dates' }> => f.kind === 'dates') ?? { kind: 'dates', from: null, to: null };
  const values = filters.filter((f): f is Extract<DashboardFilterDraft, { kind: 'values' }> => f.kind === 'values');
  const set = (nextDates: typeof dates, nextValues: typeof values) => onChange([...(nextDates.from || nextDates.to ? [nextDates] : []), ...nextValues]);
  const range: [Dayjs | null, Dayjs | null] | null = dates.from || dates.to ? [dates.from ? dayjs(dates.from) : null, dates.to ? dayjs(dates.to) : null] : null;

  return (
    <Flex gap={8} wrap="wrap" align="center" role="group" aria-label="Dashboard filters" style={{ marginBottom: 12 }}>
      <FilterOutlined aria-hidden />
      <DatePicker.RangePicker
        aria-label="Date range"
        allowEmpty={[true, true]}
        value={range}
        onChange={(picked) =>
          set({ kind: 'dates', from: picked?.[0]?.format('YYYY-MM-DD') ?? null, to: picked?.[1]?.format('YYYY-MM-DD') ?? null }, values)
        }
      />
      {values.map((filter, index) => {
        const replace = (next: DashboardFilterDraft & { kind: 'values' }) => set(dates, values.map((f, i) => (i === index ? next : f)));
        return (
          <Flex key={index} gap={4} align="center" className="dashboard-filter">
            <Select
              aria-label={`Filter ${index + 1} column`}
              placeholder="Column"
              style={{ width: 220 }}
              showSearch
              optionFilterProp="label"
              value={filter.model && filter.column ? `${filter.model}\u0000${filter.column}` : undefined}
              options={columns}
              onChange={(picked: string) => {
                const [model, column] = picked.split('\u0000');
                replace({ kind: 'values', model, column, values: [] });
              }}
            />
            <Select
              aria-label={`Filter ${index + 1} values`}
              mode="tags"
              placeholder="Values"
              style={{ minWidth: 160 }}
              maxCount={100}
              value={filter.values}
              disabled={!filter.column}
              open={false}
              tokenSeparators={[',']}
              onChange={(next: string[]) => replace({ ...filter, values: next.map((v) => v.trim()).filter(Boolean) })}
            />
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={`Remove filter ${index + 1}`}
              onClick={() => set(dates, values.filter((_, i) => i !== index))}
            />
          </Flex>
        );
      })}
      <Button
        size="small"
        disabled={filters.length >= MAX_DASHBOARD_FILTERS}
        onClick={() => set(dates, [...values, { kind: 'values', model: null, column: null, values: [] }])}
      >
        Add filter
      </Button>
      {filters.length > 0 && (
        <Button size="small" type="link" onClick={() => onChange([])}>
          Clear filters
        </Button>
      )}
      {filtersToSend(filters).length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Filtered tiles run now, not from the cache.
        </Typography.Text>
      )}
    </Flex>
  );
}
