import { describe, expect, it } from 'vitest';
import { columnTitle, dateGrain, displayName, formatValue } from './values';

describe('column names as people read them', () => {
  it.each([
    ['total_revenue', 'Total revenue'],
    ['number_of_tracks', 'Number of tracks'],
    ['unitPrice', 'Unit price'],
    ['order_id', 'Order ID'],
    ['HR', 'HR'],
    ['Name', 'Name'],
    ['avg_delivery_delay_min', 'Avg delivery delay min'],
  ])('%s → %s', (name, shown) => expect(displayName(name)).toBe(shown));
});

describe('values as people read them', () => {
  it('writes timestamps at midnight as dates and others to the minute', () => {
    expect(formatValue('2025-01-01T00:00:00')).toBe('1 Jan 2025');
    expect(formatValue('2025-01-01T00:00:00.000Z')).toBe('1 Jan 2025');
    expect(formatValue('2025-03-03 14:05:09')).toBe('3 Mar 2025 14:05');
    // At the grain of their column: months as months, years as years.
    const months = ['2025-01-01T00:00:00', '2025-02-01T00:00:00', null];
    expect(dateGrain(months)).toBe('month');
    expect(formatValue(months[1], 'order_month', dateGrain(months))).toBe('Feb 2025');
    expect(dateGrain(['2024-01-01', '2025-01-01'])).toBe('year');
    expect(formatValue('2025-01-01', 'y', 'year')).toBe('2025');
    expect(dateGrain(['2024-03-03', '2024-01-01'])).toBe('day');
    expect(dateGrain(['Rock', '2024-01-01'])).toBeNull();
  });

  it('writes amounts with separators and sensible decimals', () => {
    expect(formatValue(65971.5415)).toBe('65,971.54');
    expect(formatValue(283.1173934108527)).toBe('283.12');
    expect(formatValue(1006)).toBe('1,006');
    expect(formatValue(0.123456)).toBe('0.1235');
    expect(formatValue('1234.5')).toBe('1,234.5');
  });

  it('writes numbers in the format the semantic layer gives their column', () => {
    expect(formatValue(1234.5, 'amt', null, { style: 'CURRENCY', currency: 'USD' })).toBe('$1,234.50');
    expect(formatValue('1234.5', 'amt', null, { style: 'CURRENCY', currency: 'EUR' })).toBe('€1,234.50');
    expect(formatValue(1234, 'amt', null, { style: 'CURRENCY', currency: 'USD', decimals: 0 })).toBe('$1,234');
    expect(formatValue(0.253, 'rate', null, { style: 'PERCENT' })).toBe('25.3%');
    expect(formatValue(0.25, 'rate', null, { style: 'PERCENT' })).toBe('25%');
    expect(formatValue(2 / 3, 'x', null, { style: 'NUMBER', decimals: 3 })).toBe('0.667');
    // A format says nothing about text or missing values.
    expect(formatValue('Web', 'channel', null, { style: 'CURRENCY' })).toBe('Web');
    expect(formatValue(null, 'amt', null, { style: 'CURRENCY' })).toBe('—');
    expect(columnTitle({ name: 'rev_amt', displayName: 'Net revenue' })).toBe('Net revenue');
    expect(columnTitle({ name: 'rev_amt', displayName: null })).toBe('Rev amt');
  });

  it('leaves the whole numbers of label columns as they are', () => {
    expect(formatValue(2013, 'year')).toBe('2013');
    expect(formatValue(2013, 'yearID')).toBe('2013');
    expect(formatValue(10248, 'OrderId')).toBe('10248');
    expect(formatValue(10248, 'quantity')).toBe('10,248');
  });

  it('writes missing values, flags and text plainly', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue('Rock')).toBe('Rock');
  });
});

describe('quarters and weeks', () => {
  it('reads quarter starts in a column named as a quarter as quarters, days in a week column as weeks', () => {
    const quarters = ['2024-01-01T00:00:00', '2024-07-01T00:00:00'];
    expect(dateGrain(quarters, 'quarter')).toBe('quarter');
    expect(formatValue(quarters[1], 'quarter', 'quarter')).toBe('Q3 2024');
    expect(dateGrain(quarters, 'order_month')).toBe('month');
    expect(dateGrain(['2024-02-01', '2024-07-01'], 'quarter')).toBe('month');
    expect(dateGrain(['2025-03-03', '2025-03-10'], 'orderWeek')).toBe('week');
    expect(formatValue('2025-03-03', 'week', 'week')).toBe('Week of 3 Mar 2025');
  });
});
