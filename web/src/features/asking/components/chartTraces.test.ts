import { describe, expect, it } from 'vitest';
import { chartFigure } from './chartTraces';

const columns = [{ name: 'country' }, { name: 'genre' }, { name: 'total' }];
const rows = [
  ['USA', 'Rock', '10.5'],
  ['USA', 'Jazz', 2],
  ['Canada', 'Rock', '4'],
];

describe('chartFigure', () => {
  it('titles axes by display names and labels months as dates, never ISO timestamps', () => {
    const monthly = [
      ['2025-01-01T00:00:00', 65971.5415],
      ['2025-02-01T00:00:00', 283.117],
    ];
    const { data, layout } = chartFigure({ chartType: 'LINE', title: 't', x: 'order_month', y: 'total_revenue' }, [{ name: 'order_month' }, { name: 'total_revenue' }], monthly);
    expect(data[0]).toMatchObject({ x: ['Jan 2025', 'Feb 2025'], name: 'Total revenue' });
    expect(layout.xaxis?.title).toMatchObject({ text: 'Order month' });
    expect(layout.yaxis?.title).toMatchObject({ text: 'Total revenue' });
  });

  it('draws one bar trace with numbers from decimal text', () => {
    const { data } = chartFigure({ chartType: 'BAR', title: 't', x: 'country', y: 'total' }, columns, rows);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ type: 'bar', x: ['USA', 'USA', 'Canada'], y: [10.5, 2, 4] });
  });

  it('splits series by the colour column and stacks or groups them', () => {
    const stacked = chartFigure({ chartType: 'STACKED_BAR', title: 't', x: 'country', y: 'total', color: 'genre' }, columns, rows);
    expect(stacked.data.map((t) => (t as { name: string }).name)).toEqual(['Rock', 'Jazz']);
    expect(stacked.layout.barmode).toBe('stack');
    expect(chartFigure({ chartType: 'GROUPED_BAR', title: 't', x: 'country', y: 'total', color: 'genre' }, columns, rows).layout.barmode).toBe('group');
    const lines = chartFigure({ chartType: 'MULTI_LINE', title: 't', x: 'country', y: 'total', color: 'genre' }, columns, rows);
    expect(lines.data[0]).toMatchObject({ type: 'scatter', mode: 'lines+markers', name: 'Rock', x: ['USA', 'Canada'], y: [10.5, 4] });
  });

  it('draws pies, areas and single numbers', () => {
    expect(chartFigure({ chartType: 'PIE', title: 't', x: 'country', y: 'total' }, columns, rows).data[0]).toMatchObject({ type: 'pie', labels: ['USA', 'USA', 'Canada'] });
    expect(chartFigure({ chartType: 'AREA', title: 't', x: 'country', y: 'total' }, columns, rows).data[0]).toMatchObject({ fill: 'tozeroy' });
    expect(chartFigure({ chartType: 'NUMBER', title: 't', y: 'total' }, columns, [[null, null, '42']]).data[0]).toMatchObject({ type: 'indicator', value: 42 });
  });
});

describe('charts that do not mislead', () => {
  it('lays bars down when their names are long, first row on top', () => {
    const products = [
      ['Organic Extra Virgin Olive Oil 1L', 120],
      ['Stainless Steel Water Bottle', 80],
    ];
    const { data, layout } = chartFigure({ chartType: 'BAR', title: 't', x: 'product_name', y: 'revenue' }, [{ name: 'product_name' }, { name: 'revenue' }], products);
    expect(data[0]).toMatchObject({ type: 'bar', orientation: 'h', y: ['Organic Extra Virgin Olive Oil 1L', 'Stainless Steel Water Bottle'], x: [120, 80] });
    expect(layout.yaxis).toMatchObject({ autorange: 'reversed' });
  });

  it('starts lines of sums at zero, but not lines of averages', () => {
    const monthly = [
      ['2025-01-01', 50_000],
      ['2025-02-01', 52_000],
    ];
    const cols = (y: string) => [{ name: 'month' }, { name: y }];
    expect(chartFigure({ chartType: 'LINE', title: 't', x: 'month', y: 'total_revenue' }, cols('total_revenue'), monthly).layout.yaxis).toMatchObject({ rangemode: 'tozero' });
    expect(chartFigure({ chartType: 'LINE', title: 't', x: 'month', y: 'avg_order_value' }, cols('avg_order_value'), monthly).layout.yaxis).not.toHaveProperty('rangemode');
  });
});
