// The plotly canvas, loaded on demand (the minified dist bundle is large).
import { useRef } from 'react';
import Plotly from 'plotly.js-dist-min';
import factoryModule from 'react-plotly.js/factory';
import { Button, Flex } from '../../../components/ui';
import { chartFigure, type ChartSpec, type ResultColumn } from './chartTraces';

// A CommonJS module: bundled, its default export can arrive wrapped once more.
const createPlotlyComponent =
  (factoryModule as unknown as { default?: typeof factoryModule }).default ?? factoryModule;
const Plot = createPlotlyComponent(Plotly);

type Props = {
  spec: ChartSpec;
  columns: ResultColumn[];
  rows: unknown[][];
  /** The canvas height (a dashboard tile fills its cell: '100%'). */
  height?: number | string;
  /** Offer the PNG download under the chart. */
  downloadable?: boolean;
  /** Tighter margins, for small canvases (dashboard tiles). */
  compact?: boolean;
  /** A click on a bar, slice or point: the index of its row (a drill-down). */
  onPick?: (row: number) => void;
};

export default function PlotlyChart({ spec, columns, rows, height = 420, downloadable = true, compact = false, onPick }: Props) {
  const graph = useRef<HTMLElement | null>(null);
  const { data, layout } = chartFigure(spec, columns, rows, { compact });
  const download = () => {
    if (graph.current) void Plotly.downloadImage(graph.current, { format: 'png', filename: spec.title || 'chart', width: 1200, height: 700 });
  };
  const canvas = (
    <div data-testid="chart" data-chart-type={spec.chartType} style={{ width: '100%', height, cursor: onPick ? 'pointer' : undefined }}>
      <Plot
        data={data}
        layout={layout}
        config={{ responsive: true, displaylogo: false, displayModeBar: compact ? false : 'hover' }}
        useResizeHandler
        style={{ width: '100%', height: '100%' }}
        onClick={(event) => {
          const row = event.points[0]?.customdata;
          if (onPick && typeof row === 'number') onPick(row);
        }}
        onInitialized={(_, element) => (graph.current = element)}
        onUpdate={(_, element) => (graph.current = element)}
      />
    </div>
  );
  if (!downloadable) return canvas;
  return (
    <Flex vertical gap={8}>
      {canvas}
      <Flex justify="flex-end">
        <Button size="small" onClick={download}>
          Download PNG
        </Button>
      </Flex>
    </Flex>
  );
}
