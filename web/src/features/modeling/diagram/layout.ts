import type { ModelingDiagramQuery } from '../../../gql/graphql';

export type DiagramModel = ModelingDiagramQuery['models'][number];
export type DiagramRelationship = ModelingDiagramQuery['relationships'][number];
export type DiagramMetric = ModelingDiagramQuery['metrics'][number];

/** The edge shapes the diagram offers (PRODUCT.md §3). */
export const EDGE_TYPES = ['smoothstep', 'step', 'bezier'] as const;
export type EdgeShape = (typeof EDGE_TYPES)[number];

export const NODE_WIDTH = 260;
const HEADER_HEIGHT = 44;
const ROW_HEIGHT = 26;
const GAP_X = 120;
const GAP_Y = 60;

export interface ModelNodeData extends Record<string, unknown> {
  model: DiagramModel;
}

export interface MetricNodeData extends Record<string, unknown> {
  metric: DiagramMetric;
}

export type LaidOutNode =
  | { id: string; type: 'model'; position: { x: number; y: number }; data: ModelNodeData }
  | { id: string; type: 'metric'; position: { x: number; y: number }; data: MetricNodeData };

export interface LaidOutEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string;
  targetHandle?: string;
  type: EdgeShape;
  label: string;
  animated?: boolean;
}

/** 'N:1', '1:N' or '1:1' for a relationship read from its first model to its second. */
export function cardinality(type: DiagramRelationship['type']): string {
  switch (type) {
    case 'MANY_TO_ONE':
      return 'N:1';
    case 'ONE_TO_MANY':
      return '1:N';
    default:
      return '1:1';
  }
}

export function nodeHeight(model: DiagramModel): number {
  return HEADER_HEIGHT + model.columns.length * ROW_HEIGHT + 12;
}

/**
 * Models on a grid, most related first so related models sit close together; one edge per
 * relationship between the two columns it joins.
 */
export function metricHeight(metric: DiagramMetric): number {
  return HEADER_HEIGHT + (metric.measures.length + metric.dimensions.length + metric.timeGrains.length) * ROW_HEIGHT + 12;
}

export function layoutDiagram(models: DiagramModel[], relationships: DiagramRelationship[], shape: EdgeShape, metrics: DiagramMetric[] = []) {
  const degree = (name: string) => relationships.filter((r) => r.fromModel === name || r.toModel === name).length;
  const ordered = [...models].sort((a, b) => degree(b.referenceName) - degree(a.referenceName) || a.referenceName.localeCompare(b.referenceName));
  const perRow = Math.max(1, Math.ceil(Math.sqrt(ordered.length)));
  const rowHeights: number[] = [];
  ordered.forEach((model, i) => {
    const row = Math.floor(i / perRow);
    rowHeights[row] = Math.max(rowHeights[row] ?? 0, nodeHeight(model));
  });
  const rowTop = (row: number) => rowHeights.slice(0, row).reduce((sum, h) => sum + h + GAP_Y, 0);
  const nodes: LaidOutNode[] = ordered.map((model, i) => ({
    id: model.referenceName,
    type: 'model',
    position: { x: (i % perRow) * (NODE_WIDTH + GAP_X), y: rowTop(Math.floor(i / perRow)) },
    data: { model },
  }));
  // Metrics in a row below the models, each tied to its base model.
  const bottom = rowTop(rowHeights.length);
  nodes.push(
    ...metrics.map((metric, i): LaidOutNode => ({
      id: `metric:${metric.name}`,
      type: 'metric',
      position: { x: (i % perRow) * (NODE_WIDTH + GAP_X), y: bottom + Math.floor(i / perRow) * (metricHeight(metric) + GAP_Y) },
      data: { metric },
    })),
  );
  const known = new Set(models.map((m) => m.referenceName));
  const edges: LaidOutEdge[] = relationships
    .filter((r) => known.has(r.fromModel) && known.has(r.toModel))
    .map((r) => ({
      id: r.id,
      source: r.fromModel,
      target: r.toModel,
      sourceHandle: `${r.fromColumn}-out`,
      targetHandle: `${r.toColumn}-in`,
      type: shape,
      label: cardinality(r.type),
    }));
  const metricEdges: LaidOutEdge[] = metrics
    .filter((m) => known.has(m.baseObject))
    .map((m) => ({ id: `metric:${m.name}`, source: m.baseObject, target: `metric:${m.name}`, type: shape, label: 'measures', animated: true }));
  return { nodes, edges: [...edges, ...metricEdges] };
}
