import dagre from '@dagrejs/dagre';
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

export function metricHeight(metric: DiagramMetric): number {
  return HEADER_HEIGHT + (metric.measures.length + metric.dimensions.length + metric.timeGrains.length) * ROW_HEIGHT + 12;
}

type Box = { id: string; width: number; height: number };
type Placed = Map<string, { x: number; y: number }>;

/** Where nodes stand, by id: kept across edits and reloads, and where the user dragged them. */
export type Positions = Record<string, { x: number; y: number }>;

/** Most new nodes placed side by side under the kept ones before a new row starts. */
const NEW_PER_ROW = 4;

/**
 * Related models and their metrics laid out left to right along their relationships (dagre's
 * layered layout: no two nodes overlap, edges run between the layers rather than through
 * nodes); models related to nothing on a grid below them. The same models and relationships
 * always give the same positions.
 */
function place(boxes: Box[], links: { source: string; target: string }[]): Placed {
  const linked = new Set(links.flatMap((l) => [l.source, l.target]));
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'LR', nodesep: GAP_Y, ranksep: GAP_X, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const box of boxes.filter((b) => linked.has(b.id))) graph.setNode(box.id, { width: box.width, height: box.height });
  for (const link of links) graph.setEdge(link.source, link.target);
  dagre.layout(graph);
  const placed: Placed = new Map();
  let bottom = 0;
  for (const box of boxes.filter((b) => linked.has(b.id))) {
    const { x, y } = graph.node(box.id);
    placed.set(box.id, { x: x - box.width / 2, y: y - box.height / 2 });
    bottom = Math.max(bottom, y + box.height / 2 + GAP_Y);
  }
  const alone = boxes.filter((b) => !linked.has(b.id));
  const perRow = Math.max(1, Math.ceil(Math.sqrt(alone.length)));
  for (let row = 0; row * perRow < alone.length; row += 1) {
    const inRow = alone.slice(row * perRow, (row + 1) * perRow);
    inRow.forEach((box, i) => placed.set(box.id, { x: i * (NODE_WIDTH + GAP_X), y: bottom }));
    bottom += Math.max(...inRow.map((b) => b.height)) + GAP_Y;
  }
  return placed;
}

/**
 * Nodes in `kept` stay where they are; when some are kept, the others (new since) go in rows
 * under them, so an edit never moves what the user has in view. Nothing kept: the layered
 * layout of `place`.
 */
function keepPlaces(boxes: Box[], placed: Placed, kept: Positions): Placed {
  const staying = boxes.filter((b) => kept[b.id]);
  if (staying.length === 0) return placed;
  const left = Math.min(...staying.map((b) => kept[b.id].x));
  let top = Math.max(...staying.map((b) => kept[b.id].y + b.height)) + GAP_Y;
  const arriving = boxes.filter((b) => !kept[b.id]);
  const result: Placed = new Map(staying.map((b) => [b.id, kept[b.id]]));
  for (let row = 0; row * NEW_PER_ROW < arriving.length; row += 1) {
    const inRow = arriving.slice(row * NEW_PER_ROW, (row + 1) * NEW_PER_ROW);
    inRow.forEach((box, i) => result.set(box.id, { x: left + i * (NODE_WIDTH + GAP_X), y: top }));
    top += Math.max(...inRow.map((b) => b.height)) + GAP_Y;
  }
  return result;
}

export function layoutDiagram(
  models: DiagramModel[],
  relationships: DiagramRelationship[],
  shape: EdgeShape,
  metrics: DiagramMetric[] = [],
  kept: Positions = {},
) {
  const ordered = [...models].sort((a, b) => a.referenceName.localeCompare(b.referenceName));
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
  const sortedMetrics = [...metrics].sort((a, b) => a.name.localeCompare(b.name));
  const metricEdges: LaidOutEdge[] = sortedMetrics.filter((m) => known.has(m.baseObject)).map((m) => ({
    id: `metric:${m.name}`,
    source: m.baseObject,
    target: `metric:${m.name}`,
    type: shape,
    label: 'measures',
    animated: true,
  }));
  const boxes: Box[] = [
    ...ordered.map((m) => ({ id: m.referenceName, width: NODE_WIDTH, height: nodeHeight(m) })),
    ...sortedMetrics.map((m) => ({ id: `metric:${m.name}`, width: NODE_WIDTH, height: metricHeight(m) })),
  ];
  // In a fixed order: dagre's layers and their order depend on the order edges come in.
  const links = [...edges, ...metricEdges]
    .filter((e) => e.source !== e.target)
    .sort((a, b) => a.source.localeCompare(b.source) || a.target.localeCompare(b.target) || a.id.localeCompare(b.id));
  const placed = keepPlaces(boxes, place(boxes, links), kept);
  const nodes: LaidOutNode[] = [
    ...ordered.map((model): LaidOutNode => ({ id: model.referenceName, type: 'model', position: placed.get(model.referenceName)!, data: { model } })),
    ...sortedMetrics.map((metric): LaidOutNode => ({ id: `metric:${metric.name}`, type: 'metric', position: placed.get(`metric:${metric.name}`)!, data: { metric } })),
  ];
  return { nodes, edges: [...edges, ...metricEdges] };
}
