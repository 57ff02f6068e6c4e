import { describe, expect, it } from 'vitest';
import { describeSchedule, formatInZone, scheduleErrors, scheduleInput, scheduleTimezones } from './schedule';

describe('schedule checks', () => {
  it('takes hours 0 to 23 and minutes 0 to 59', () => {
    const daily = { frequency: 'DAILY' as const, timezone: 'UTC' };
    expect(scheduleErrors({ ...daily, hour: 0, minute: 0 })).toEqual({});
    expect(scheduleErrors({ ...daily, hour: 23, minute: 59 })).toEqual({});
    expect(scheduleErrors({ ...daily, hour: 24, minute: 0 }).hour).toBe('The hour must be between 0 and 23.');
    expect(scheduleErrors({ ...daily, hour: -1, minute: 0 }).hour).toBe('The hour must be between 0 and 23.');
    expect(scheduleErrors({ ...daily, hour: 8, minute: 60 }).minute).toBe('The minute must be between 0 and 59.');
    expect(scheduleErrors({ ...daily, hour: 8.5, minute: 0 }).hour).toBe('The hour must be between 0 and 23.');
    expect(scheduleErrors({ ...daily, hour: null, minute: undefined })).toEqual({ hour: 'Please enter the hour.', minute: 'Please enter the minute.' });
  });

  it('needs the day of the week for WEEKLY only', () => {
    expect(scheduleErrors({ frequency: 'WEEKLY', hour: 9, minute: 30, timezone: 'UTC', day: null }).day).toBe('Please choose the day of the week.');
    expect(scheduleErrors({ frequency: 'WEEKLY', hour: 9, minute: 30, timezone: 'UTC', day: 'MON' })).toEqual({});
    expect(scheduleErrors({ frequency: 'DAILY', hour: 9, minute: 30, timezone: 'UTC', day: null })).toEqual({});
  });

  it('needs a five-field cron expression for CUSTOM', () => {
    expect(scheduleErrors({ frequency: 'CUSTOM', cron: '  ', timezone: 'UTC' }).cron).toBe('Please enter the cron expression.');
    expect(scheduleErrors({ frequency: 'CUSTOM', cron: '0 8 * *', timezone: 'UTC' }).cron).toMatch(/five fields/);
    expect(scheduleErrors({ frequency: 'CUSTOM', cron: '0 8 * * 1-5', timezone: 'UTC', hour: 99 })).toEqual({});
  });

  it('needs nothing for NEVER, and a timezone otherwise', () => {
    expect(scheduleErrors({ frequency: 'NEVER', hour: 99 })).toEqual({});
    expect(scheduleErrors({ frequency: 'DAILY', hour: 8, minute: 0, timezone: '' }).timezone).toBe('Please choose the timezone.');
  });

  it('sends only the fields the frequency uses', () => {
    const values = { day: 'TUE' as const, hour: 8, minute: 0, cron: ' 0  8 * * * ', timezone: 'Europe/Berlin' };
    expect(scheduleInput({ frequency: 'DAILY', ...values })).toEqual({ frequency: 'DAILY', hour: 8, minute: 0, timezone: 'Europe/Berlin' });
    expect(scheduleInput({ frequency: 'WEEKLY', ...values })).toEqual({ frequency: 'WEEKLY', day: 'TUE', hour: 8, minute: 0, timezone: 'Europe/Berlin' });
    expect(scheduleInput({ frequency: 'CUSTOM', ...values })).toEqual({ frequency: 'CUSTOM', cron: '0 8 * * *', timezone: 'Europe/Berlin' });
    expect(scheduleInput({ frequency: 'NEVER', ...values })).toEqual({ frequency: 'NEVER' });
  });
});

describe('schedule timezones', () => {
  it('offers UTC and the Area/Location zones, without legacy names', () => {
    const zones = scheduleTimezones(['Europe/Berlin', 'America/New_York', 'US/Eastern', 'Canada/Pacific', 'Etc/GMT+5', 'EST', 'GMT', 'UTC', 'Asia/Calcutta', 'Asia/Kolkata']);
    expect(zones).toEqual(['UTC', 'America/New_York', 'Asia/Kolkata', 'Europe/Berlin']);
  });

  it("lists the browser's zones", () => {
    const zones = scheduleTimezones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones.some((z) => z.startsWith('Etc/') || z.startsWith('US/'))).toBe(false);
  });

  it("shows the next run on the schedule's own wall clock", () => {
    // 07:00 UTC in winter is 08:00 in Berlin, 02:00 in New York.
    expect(formatInZone('2026-12-01T07:00:00Z', 'Europe/Berlin')).toBe('2026-12-01 08:00');
    expect(formatInZone('2026-12-01T07:00:00Z', 'America/New_York')).toBe('2026-12-01 02:00');
    expect(formatInZone('2026-07-01T06:00:00Z', 'Europe/Berlin')).toBe('2026-07-01 08:00');
  });

  it('describes a schedule', () => {
    expect(describeSchedule({ frequency: 'DAILY', hour: 8, minute: 0 })).toBe('Daily at 08:00');
    expect(describeSchedule({ frequency: 'WEEKLY', day: 'MON', hour: 9, minute: 5 })).toBe('Weekly on Monday at 09:05');
    expect(describeSchedule({ frequency: 'CUSTOM', cron: '0 8 * * 1-5' })).toBe('Cron 0 8 * * 1-5');
    expect(describeSchedule({ frequency: 'NEVER' })).toBe('Not scheduled');
  });
});
