import { lazy, Suspense } from 'react';
import { Flex, Spin, Typography } from '../../../components/ui';
import { LOADING_TEXT } from '../../../components/page/PageStates';
import type { DashboardItemFieldsFragment } from '../../../gql/graphql';
import { RowsTable } from '../../asking/components/ResultTable';
import { firstNumber, tileNumber } from '../tileValue';

const PlotlyChart = lazy(() => import('../../asking/components/PlotlyChart'));

type Item = Pick<DashboardItemFieldsFragment, 'name' | 'type' | 'chart' | 'data' | 'text'>;

/** A TEXT tile: its lines, a line starting with "#" as a heading; a first heading that is
 * the tile's name (which the tile's header shows) is not said twice. */
export function TextTile({ text, name }: { text: string; name?: string }) {
  const lines = text.split('\n');
  const first = lines[0] ?? '';
  const shown = first.startsWith('#') && first.replace(/^#+\s*/, '').trim() === name?.trim() ? lines.slice(1) : lines;
  return (
    <div data-testid="text-tile" style={{ height: '100%', overflow: 'auto', padding: '4px 12px' }}>
      {shown.map((line, i) =>
        line.startsWith('#') ? (
          <Typography.Title key={i} level={4} style={{ margin: '4px 0' }}>
            {line.replace(/^#+\s*/, '')}
          </Typography.Title>
        ) : (
          <Typography.Paragraph key={i} style={{ margin: 0, minHeight: '1em', whiteSpace: 'pre-wrap' }}>
            {line}
          </Typography.Paragraph>
        ),
      )}
    </div>
  );
}

/** A NUMBER tile: the first numeric value of the first row, large, with the tile's name. */
export function NumberTile({ name, columns, rows }: { name: string; columns: Item['data']['columns']; rows: unknown[][] }) {
  const number = firstNumber(columns, rows);
  return (
    <Flex vertical align="center" justify="center" gap={4} style={{ height: '100%', textAlign: 'center' }} data-testid="number-tile">
      <span data-testid="number-value" style={{ fontSize: 40, fontWeight: 600, lineHeight: 1.15, color: '#1f2a44' }}>
        {number ? tileNumber(number.value, number.column) : '—'}
      </span>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: name }} style={{ maxWidth: '100%', margin: 0 }}>
        {name}
      </Typography.Paragraph>
    </Flex>
  );
}

/** A tile's result drawn as its type: a chart, a table or a number. `onPick`: a click on a
 * bar, slice or point, with the row it stands for. */
export function TileBody({ item, onPick }: { item: Item; onPick?: (row: unknown[]) => void }) {
  const rows = (item.data.rows as unknown as unknown[][] | null) ?? [];
  const columns = item.data.columns;
  if (item.type === 'TEXT') return <TextTile text={item.text ?? ''} name={item.name} />;
  if (item.type === 'NUMBER') return <NumberTile name={item.name} columns={columns} rows={rows} />;
  // A chart type without the response's chart spec has nothing to draw with: the rows instead.
  if (item.type === 'TABLE' || !item.chart) {
    return (
      <div style={{ height: '100%', overflow: 'auto' }}>
        <RowsTable columns={columns} rows={rows} pageSize={8} />
      </div>
    );
  }
  const fallback = (
    <Flex align="center" justify="center" style={{ height: '100%' }}>
      <Spin tip={LOADING_TEXT}>
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </Flex>
  );
  return (
    <Suspense fallback={fallback}>
      <PlotlyChart
        spec={{ ...item.chart, chartType: item.type }}
        columns={columns}
        rows={rows}
        height="100%"
        downloadable={false}
        compact
        onPick={onPick ? (index) => onPick(rows[index]) : undefined}
      />
    </Suspense>
  );
}
