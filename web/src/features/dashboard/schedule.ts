// A dashboard's refresh schedule as the schedule modal edits it: its checks (the same the
// server makes), the timezones offered, and how a schedule and its next run read.
import type { ScheduleFrequency, SetDashboardScheduleInput, Weekday } from '../../gql/graphql';

export const FREQUENCIES: { value: ScheduleFrequency; label: string }[] = [
  { value: 'NEVER', label: 'Never' },
  { value: 'DAILY', label: 'Daily' },
  { value: 'WEEKLY', label: 'Weekly' },
  { value: 'CUSTOM', label: 'Custom (cron)' },
];

export const WEEKDAYS: { value: Weekday; label: string }[] = [
  { value: 'MON', label: 'Monday' },
  { value: 'TUE', label: 'Tuesday' },
  { value: 'WED', label: 'Wednesday' },
  { value: 'THU', label: 'Thursday' },
  { value: 'FRI', label: 'Friday' },
  { value: 'SAT', label: 'Saturday' },
  { value: 'SUN', label: 'Sunday' },
];

export type ScheduleValues = {
  frequency: ScheduleFrequency;
  day?: Weekday | null;
  hour?: number | null;
  minute?: number | null;
  cron?: string | null;
  timezone?: string | null;
};

export type ScheduleField = 'day' | 'hour' | 'minute' | 'cron' | 'timezone';

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
const whole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** What is wrong with each field for the chosen frequency; empty when it can be saved. */
export function scheduleErrors(values: ScheduleValues): Partial<Record<ScheduleField, string>> {
  const errors: Partial<Record<ScheduleField, string>> = {};
  if (values.frequency === 'NEVER') return errors;
  if (blank(values.timezone)) errors.timezone = 'Please choose the timezone.';
  if (values.frequency === 'DAILY' || values.frequency === 'WEEKLY') {
    if (blank(values.hour)) errors.hour = 'Please enter the hour.';
    else if (!whole(values.hour) || values.hour < 0 || values.hour > 23) errors.hour = 'The hour must be between 0 and 23.';
    if (blank(values.minute)) errors.minute = 'Please enter the minute.';
    else if (!whole(values.minute) || values.minute < 0 || values.minute > 59) errors.minute = 'The minute must be between 0 and 59.';
    if (values.frequency === 'WEEKLY' && blank(values.day)) errors.day = 'Please choose the day of the week.';
  }
  if (values.frequency === 'CUSTOM') {
    if (blank(values.cron)) errors.cron = 'Please enter the cron expression.';
    else if (values.cron!.trim().split(/\s+/).length !== 5)
      errors.cron = 'The cron expression needs five fields: minute, hour, day of month, month and day of week.';
  }
  return errors;
}

/** The mutation input: only the fields the frequency uses. */
export function scheduleInput(values: ScheduleValues): SetDashboardScheduleInput {
  switch (values.frequency) {
    case 'NEVER':
      return { frequency: 'NEVER' };
    case 'CUSTOM':
      return { frequency: 'CUSTOM', cron: values.cron?.trim().split(/\s+/).join(' '), timezone: values.timezone };
    case 'WEEKLY':
      return { frequency: 'WEEKLY', day: values.day, hour: values.hour, minute: values.minute, timezone: values.timezone };
    default:
      return { frequency: 'DAILY', hour: values.hour, minute: values.minute, timezone: values.timezone };
  }
}

// Links kept for old names (the zone database's "backward" file), and the country folders of
// such links.
const LEGACY_PREFIXES = ['Etc/', 'US/', 'Canada/', 'Brazil/', 'Chile/', 'Mexico/', 'SystemV/'];
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
};

/** IANA zones to choose from: UTC, then the Area/Location names, without legacy names. */
export function scheduleTimezones(all: readonly string[] = supportedTimezones()): string[] {
  const zones = new Set<string>();
  for (const zone of all) {
    const name = RENAMED[zone] ?? zone;
    if (!name.includes('/') || LEGACY_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    zones.add(name);
  }
  return ['UTC', ...[...zones].sort()];
}

function supportedTimezones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
}

/** The browser's zone when it is offered, else UTC. */
export function defaultTimezone(zones: readonly string[] = scheduleTimezones()): string {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const name = RENAMED[own] ?? own;
  return zones.includes(name) ? name : 'UTC';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm' of an instant on the wall clock of `timeZone`. */
export function formatInZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(date);
  } catch {
    return iso;
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** 'Daily at 08:00', 'Weekly on Monday at 09:30', 'Cron 0 8 * * 1-5', 'Not scheduled'. */
export function describeSchedule(schedule: ScheduleValues): string {
  const time = `${pad(schedule.hour ?? 0)}:${pad(schedule.minute ?? 0)}`;
  switch (schedule.frequency) {
    case 'DAILY':
      return `Daily at ${time}`;
    case 'WEEKLY':
      return `Weekly on ${WEEKDAYS.find((d) => d.value === schedule.day)?.label ?? '?'} at ${time}`;
    case 'CUSTOM':
      return `Cron ${schedule.cron ?? ''}`.trim();
    default:
      return 'Not scheduled';
  }
}
