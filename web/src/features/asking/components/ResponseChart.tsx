import { lazy, Suspense, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Alert, Button, Flex, Select, Spin } from '../../../components/ui';
import { LOADING_TEXT } from '../../../components/page/PageStates';
import { showFailureToast } from '../../../app/errors/operationErrors';
import type { AdjustChartInput, ChartType, ThreadResponseFieldsFragment } from '../../../gql/graphql';
import { AdjustThreadResponseChartMutation, GenerateThreadResponseChartMutation, ResponseDataQuery } from '../graphql/asking';
import { TABLE_ROWS } from './ResultTable';
import { columnTitle } from '../../format/values';

const PlotlyChart = lazy(() => import('./PlotlyChart'));

export const CHART_TYPES: ChartType[] = ['BAR', 'GROUPED_BAR', 'STACKED_BAR', 'LINE', 'MULTI_LINE', 'AREA', 'PIE', 'NUMBER'];
const label = (type: string) => type.charAt(0) + type.slice(1).toLowerCase().replace('_', ' ');
const NUMERIC = ['integer', 'decimal', 'float'];

/** The response's chart with controls for its type, axes and series column. */
export function ResponseChart({ projectId, response }: { projectId: string; response: ThreadResponseFieldsFragment }) {
  const [{ data, fetching }] = useQuery({ query: ResponseDataQuery, variables: { projectId, responseId: response.id, limit: TABLE_ROWS } });
  const [adjusting, adjust] = useMutation(AdjustThreadResponseChartMutation);
  const [generating, generate] = useMutation(GenerateThreadResponseChartMutation);
  const spec = response.chart;
  const columns = response.columns;
  const change = async (patch: AdjustChartInput) => {
    const result = await adjust({ projectId, responseId: response.id, data: patch });
    if (result.error) showFailureToast(result.error, 'Failed to adjust chart. No charges applied.');
  };
  if (!spec) {
    return (
      <Alert
        type="warning"
        showIcon
        message={response.chartError ?? 'No chart could be generated. No charges applied.'}
        description={<DrawYourself columns={columns} busy={adjusting.fetching} onDraw={change} />}
        action={
          <Button size="small" loading={generating.fetching} onClick={async () => {
            const result = await generate({ projectId, responseId: response.id });
            if (result.error) showFailureToast(result.error, 'Failed to generate chart. No charges applied.');
          }}>
            Try again
          </Button>
        }
      />
    );
  }
  const options = columns.map((c) => ({ value: c.name, label: columnTitle(c) }));
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap="wrap" align="center">
        <Select aria-label="Chart type" style={{ width: 150 }} value={spec.chartType} disabled={adjusting.fetching}
          options={CHART_TYPES.map((t) => ({ value: t, label: label(t) }))} onChange={(chartType) => change({ chartType })} />
        <Select aria-label="X axis" style={{ width: 180 }} value={spec.x ?? undefined} placeholder="X axis" disabled={adjusting.fetching}
          options={options} onChange={(x) => change({ x })} />
        <Select aria-label="Y axis" style={{ width: 180 }} value={spec.y} disabled={adjusting.fetching}
          options={columns.filter((c) => NUMERIC.includes(c.family.toLowerCase())).map((c) => ({ value: c.name, label: columnTitle(c) }))} onChange={(y) => change({ y })} />
        <Select aria-label="Colour" style={{ width: 180 }} value={spec.color ?? ''} disabled={adjusting.fetching}
          options={[{ value: '', label: 'No series colour' }, ...options]} onChange={(color) => change({ color })} />
      </Flex>
      {fetching || !data ? (
        <Spin tip={LOADING_TEXT}><div style={{ height: 420 }} /></Spin>
      ) : (
        <Suspense fallback={<Spin tip={LOADING_TEXT}><div style={{ height: 420 }} /></Spin>}>
          <PlotlyChart spec={spec} columns={columns} rows={data.previewResponseData.rows as unknown as unknown[][]} />
        </Suspense>
      )}
    </Flex>
  );
}

type Column = ThreadResponseFieldsFragment['columns'][number];
const TIME = ['date', 'timestamp', 'timestamptz'];
const isIdentifier = (name: string) => /(^|_)(id|key|code)$/i.test(name) || /[a-z](Id|ID)$/.test(name);

/** The chart types that fit the result's columns, with the axes they would take. */
export function chartChoices(columns: readonly Column[]): { types: ChartType[]; x?: string; y?: string } {
  const numbers = columns.filter((c) => NUMERIC.includes(c.family.toLowerCase()));
  const y = numbers.find((c) => !isIdentifier(c.name)) ?? numbers[0];
  const x = columns.find((c) => c !== y && !NUMERIC.includes(c.family.toLowerCase())) ?? columns.find((c) => c !== y);
  if (!y || !x) return { types: [] };
  const overTime = TIME.includes(x.family.toLowerCase());
  return { types: overTime ? ['LINE', 'AREA', 'BAR'] : ['BAR', 'LINE'], x: x.name, y: y.name };
}

/** When no chart was chosen: the types that would fit, with the axes to draw them on. */
function DrawYourself({ columns, busy, onDraw }: { columns: readonly Column[]; busy: boolean; onDraw: (patch: AdjustChartInput) => void }) {
  const choices = chartChoices(columns);
  const [chartType, setChartType] = useState<ChartType | undefined>(choices.types[0]);
  const [x, setX] = useState(choices.x);
  const [y, setY] = useState(choices.y);
  if (choices.types.length === 0) return null;
  const options = columns.map((c) => ({ value: c.name, label: columnTitle(c) }));
  return (
    <Flex gap={8} wrap="wrap" align="center" style={{ marginTop: 8 }}>
      <span>Draw it as</span>
      <Select aria-label="Chart type to draw" style={{ width: 130 }} value={chartType} onChange={setChartType}
        options={choices.types.map((t) => ({ value: t, label: label(t) }))} />
      <Select aria-label="X axis to draw" style={{ width: 170 }} value={x} onChange={setX} options={options} />
      <Select aria-label="Y axis to draw" style={{ width: 170 }} value={y} onChange={setY}
        options={columns.filter((c) => NUMERIC.includes(c.family.toLowerCase())).map((c) => ({ value: c.name, label: columnTitle(c) }))} />
      <Button size="small" type="primary" loading={busy} disabled={!chartType || !x || !y} onClick={() => onDraw({ chartType, x, y })}>
        Draw
      </Button>
    </Flex>
  );
}
