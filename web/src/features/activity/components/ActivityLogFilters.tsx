import dayjs from 'dayjs';
import { Button, DatePicker, Flex, Select } from '../../../components/ui';
import type { ActivityKind } from '../../../gql/graphql';
import { hasActivityFilters, type ActivityFilters } from '../activityFilters';
import { ACTIVITY_KIND_GROUPS, ACTIVITY_KIND_LABELS } from '../activityKinds';

const KIND_OPTIONS = ACTIVITY_KIND_GROUPS.map((group) => ({
  label: group.label,
  title: group.label,
  options: group.kinds.map((kind) => ({ value: kind, label: ACTIVITY_KIND_LABELS[kind] })),
}));

const DAY_FORMAT = 'YYYY-MM-DD';

/** Who, what and when; every change starts again at the first page. */
export function ActivityLogFilters({
  filters,
  actors,
  onChange,
}: {
  filters: ActivityFilters;
  actors: { userId: string; email: string }[];
  onChange: (filters: ActivityFilters) => void;
}) {
  const change = (patch: Partial<ActivityFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] = [
    filters.from ? dayjs(filters.from) : null,
    filters.to ? dayjs(filters.to) : null,
  ];

  return (
    <Flex gap={8} wrap style={{ marginBottom: 16 }}>
      <Select
        aria-label="Actor"
        placeholder="Anyone"
        allowClear
        showSearch
        optionFilterProp="label"
        value={filters.actorId}
        options={actors.map((actor) => ({ value: actor.userId, label: actor.email }))}
        onChange={(actorId?: string) => change({ actorId: actorId || undefined })}
        style={{ width: 240 }}
      />
      <Select<ActivityKind[]>
        aria-label="Event kinds"
        mode="multiple"
        placeholder="All events"
        allowClear
        maxTagCount="responsive"
        value={filters.kinds}
        options={KIND_OPTIONS}
        optionFilterProp="label"
        onChange={(kinds) => change({ kinds })}
        style={{ width: 320 }}
      />
      <DatePicker.RangePicker
        aria-label="Dates"
        allowEmpty={[true, true]}
        value={range}
        format={DAY_FORMAT}
        onChange={(dates) =>
          change({ from: dates?.[0]?.format(DAY_FORMAT) ?? undefined, to: dates?.[1]?.format(DAY_FORMAT) ?? undefined })
        }
      />
      {hasActivityFilters(filters) && (
        <Button type="link" onClick={() => onChange({ kinds: [], page: 1 })}>
          Clear filters
        </Button>
      )}
    </Flex>
  );
}
