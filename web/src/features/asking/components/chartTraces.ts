// Plotly traces for a response's chart spec, built from the cached result rows.
import type { Data, Layout } from 'plotly.js';
import { columnTitle, currencySymbol, dateGrain, displayName, formatValue, type ColumnFormat, type DateGrain, type DescribedColumn } from '../../format/values';

export type ChartSpec = { chartType: string; title: string; x?: string | null; y: string; color?: string | null };
export type ResultColumn = DescribedColumn;

const toNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return null;
};

const toLabel = (value: unknown, column?: string, grain?: DateGrain | null): string => formatValue(value, column, grain);

const SHORT_LABEL = 14;
const shorten = (label: string): string => (label.length > SHORT_LABEL ? `${label.slice(0, SHORT_LABEL - 1)}…` : label);

/** Shortened tick labels, when there are few enough categories to label each one. */
function shortTicks(xs: string[]): { tickvals?: string[]; ticktext?: string[] } {
  const ticks = [...new Set(xs)];
  if (ticks.length > 40 || ticks.every((t) => t.length <= SHORT_LABEL)) return {};
  return { tickvals: ticks, ticktext: ticks.map(shorten) };
}

/** Measures whose parts make no whole — averages, rates, shares — need no zero baseline. */
const NOT_SUMS = new Set(['avg', 'average', 'mean', 'median', 'rate', 'ratio', 'percent', 'percentage', 'pct', 'share', 'per', 'min', 'max']);
const isSum = (name: string) => !displayName(name).toLowerCase().split(/\s+/).some((w) => NOT_SUMS.has(w));

/** Axis ticks in the measure's format: "$20k", "25%". */
function tickFormat(format?: ColumnFormat | null): Partial<Layout['yaxis']> {
  if (format?.style === 'PERCENT') return { tickformat: '.0%' };
  if (format?.style === 'CURRENCY') {
    const symbol = currencySymbol(format.currency ?? 'USD');
    return symbol.length === 1 ? { tickprefix: symbol } : { ticksuffix: ` ${symbol}` };
  }
  return {};
}

/** Category labels too long to stand under a bar: the bars lie down instead. */
const LONG_LABEL = 14;
const MOST_LYING_BARS = 40;

/** Traces and layout for `spec` over `rows` (one array of values per row, in `columns` order). */
export function chartFigure(
  spec: ChartSpec,
  columns: ResultColumn[],
  rows: unknown[][],
  { compact = false }: { compact?: boolean } = {},
): { data: Data[]; layout: Partial<Layout> } {
  const index = (name?: string | null) => (name ? columns.findIndex((c) => c.name === name) : -1);
  const xi = index(spec.x);
  const yi = index(spec.y);
  const ci = index(spec.color);
  // Dates on the x axis read at the grain the result has ("Jan 2025" for months).
  const xGrain = dateGrain(rows.map((r) => r[xi]), spec.x ?? undefined);
  const xs = rows.map((r) => toLabel(r[xi], spec.x ?? undefined, xGrain));
  const xTitle = xi >= 0 ? columnTitle(columns[xi]) : spec.x ? displayName(spec.x) : '';
  const yTitle = yi >= 0 ? columnTitle(columns[yi]) : displayName(spec.y);
  const yFormat = yi >= 0 ? columns[yi].format : null;
  const yTicks = tickFormat(yFormat);
  const ys = rows.map((r) => toNumber(r[yi]));
  // Each point carries its row's index, so a click can say which row it was (a drill-down).
  const indexes = rows.map((_, i) => i);
  // Sums and counts that never go below zero are drawn from zero, so a line does not
  // exaggerate a small change.
  const fromZero = isSum(spec.y) && ys.every((y) => y === null || y >= 0);
  const layout: Partial<Layout> = compact
    ? {
        // A small canvas: no x title, smaller ticks, long category labels shortened (the
        // hover still shows them whole).
        autosize: true,
        margin: { l: 48, r: 12, t: 12, b: 24 },
        xaxis: { automargin: true, type: 'category', tickfont: { size: 10 }, ...shortTicks(xs) },
        yaxis: { title: { text: yTitle, font: { size: 11 } }, automargin: true, tickfont: { size: 10 }, ...yTicks, ...(fromZero ? { rangemode: 'tozero' } : {}) },
        legend: { orientation: 'h', font: { size: 10 } },
      }
    : {
        autosize: true,
        margin: { l: 60, r: 24, t: 24, b: 80 },
        xaxis: { title: { text: xTitle }, automargin: true, type: 'category' },
        yaxis: { title: { text: yTitle }, automargin: true, ...yTicks, ...(fromZero ? { rangemode: 'tozero' } : {}) },
        legend: { orientation: 'h' },
      };
  switch (spec.chartType) {
    case 'NUMBER':
      return {
        data: [{ type: 'indicator', mode: 'number', value: ys[0] ?? 0, title: { text: yTitle } }],
        layout: { autosize: true, margin: compact ? { l: 12, r: 12, t: 36, b: 12 } : { l: 24, r: 24, t: 48, b: 24 } },
      };
    case 'PIE':
      return { data: [{ type: 'pie', labels: xs, values: ys as number[], textinfo: 'label+percent', customdata: indexes }], layout: { autosize: true, margin: layout.margin } };
    case 'LINE':
      return { data: [{ type: 'scatter', mode: 'lines+markers', x: xs, y: ys, name: yTitle, customdata: indexes }], layout };
    case 'AREA':
      return { data: [{ type: 'scatter', mode: 'lines', fill: 'tozeroy', x: xs, y: ys, name: yTitle, customdata: indexes }], layout };
    case 'GROUPED_BAR':
    case 'STACKED_BAR':
    case 'MULTI_LINE': {
      const series = [...new Set(rows.map((r) => toLabel(r[ci])))];
      const data: Data[] = series.map((name) => {
        const mine = indexes.filter((i) => toLabel(rows[i][ci]) === name);
        const x = mine.map((i) => toLabel(rows[i][xi], spec.x ?? undefined, xGrain));
        const y = mine.map((i) => toNumber(rows[i][yi]));
        return spec.chartType === 'MULTI_LINE'
          ? { type: 'scatter', mode: 'lines+markers', x, y, name, customdata: mine }
          : { type: 'bar', x, y, name, customdata: mine };
      });
      return { data, layout: { ...layout, barmode: spec.chartType === 'STACKED_BAR' ? 'stack' : 'group' } };
    }
    default: {
      const lying = xs.length <= MOST_LYING_BARS && xs.some((x) => x.length > LONG_LABEL);
      if (!lying) return { data: [{ type: 'bar', x: xs, y: ys, name: yTitle, customdata: indexes }], layout };
      // Long names read across, first row on top.
      return {
        data: [{ type: 'bar', orientation: 'h', x: ys, y: xs, name: yTitle, customdata: indexes }],
        layout: {
          ...layout,
          margin: compact ? { l: 12, r: 12, t: 12, b: 24 } : { l: 24, r: 24, t: 24, b: 48 },
          xaxis: { title: { text: compact ? '' : yTitle }, automargin: true, ...yTicks, ...(fromZero ? { rangemode: 'tozero' } : {}) },
          yaxis: { title: { text: compact ? '' : xTitle }, automargin: true, type: 'category', autorange: 'reversed', ...(compact ? shortTicks(xs) : {}) },
        },
      };
    }
  }
}
