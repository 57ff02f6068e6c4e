import '@xyflow/react/dist/style.css';
import { Background, ControlButton, Controls, Handle, MiniMap, Position, ReactFlow, applyNodeChanges } from '@xyflow/react';
import type { Node, NodeChange, NodeProps, NodeTypes } from '@xyflow/react';
import { useEffect, useMemo, useState } from 'react';
import { ApartmentOutlined, KeyOutlined, Tag, Tooltip } from '../../../components/ui';
import { useNarrow } from '../../../components/page/useNarrow';
import { layoutDiagram, NODE_WIDTH } from './layout';
import type { DiagramMetric, DiagramModel, DiagramRelationship, EdgeShape, LaidOutNode, MetricNodeData, ModelNodeData, Positions } from './layout';

type ModelNode = Node<ModelNodeData, 'model'>;
type MetricNode = Node<MetricNodeData, 'metric'>;

function MetricNodeView({ data }: NodeProps<MetricNode>) {
  const { metric } = data;
  const rows: [string, string][] = [
    ...metric.measures.map((m): [string, string] => [m, 'measure']),
    ...metric.dimensions.map((d): [string, string] => [d, 'dimension']),
    ...metric.timeGrains.map((g): [string, string] => [g, 'time grain']),
  ];
  return (
    <div className="model-node model-node--metric" style={{ width: NODE_WIDTH }} data-testid={`metric-node-${metric.name}`}>
      <Handle type="target" position={Position.Top} className="model-node__handle" />
      <div className="model-node__header">
        <span className="model-node__title">{metric.displayName}</span>
        <Tag color="gold">Metric</Tag>
      </div>
      {rows.map(([name, kind]) => (
        <div key={`${kind}-${name}`} className="model-node__column">
          <span className="model-node__name">{name}</span>
          <span className="model-node__type">{kind}</span>
        </div>
      ))}
    </div>
  );
}

function ModelNodeView({ data }: NodeProps<ModelNode>) {
  const { model } = data;
  return (
    <div className="model-node" style={{ width: NODE_WIDTH }} data-testid={`model-node-${model.referenceName}`}>
      <div className="model-node__header">
        <span className="model-node__title">{model.displayName}</span>
        {model.sourceSql ? <Tag color="purple">SQL</Tag> : null}
      </div>
      {model.columns.map((column) => (
        <div key={column.id} className={`model-node__column${column.hidden ? ' model-node__column--hidden' : ''}`}>
          <Handle type="target" position={Position.Left} id={`${column.referenceName}-in`} className="model-node__handle" />
          <span className="model-node__name">
            {column.isPrimaryKey ? (
              <Tooltip title="Primary key">
                <KeyOutlined className="model-node__key" />{' '}
              </Tooltip>
            ) : null}
            {column.isCalculated ? (
              <Tooltip title={column.expression}>
                <span className="model-node__calc">ƒ </span>
              </Tooltip>
            ) : null}
            {column.referenceName}
          </span>
          <span className="model-node__type">{column.type}</span>
          <Handle type="source" position={Position.Right} id={`${column.referenceName}-out`} className="model-node__handle" />
        </div>
      ))}
    </div>
  );
}

// Defined outside the component so React Flow does not re-create its node renderers.
const NODE_TYPES: NodeTypes = { model: ModelNodeView, metric: MetricNodeView };

export interface ModelDiagramProps {
  /** Whose diagram: node positions are kept per project, in this browser. */
  projectId: string;
  models: DiagramModel[];
  relationships: DiagramRelationship[];
  metrics: DiagramMetric[];
  edgeShape: EdgeShape;
  onOpenModel: (model: DiagramModel) => void;
}

const MINIMAP_WIDTH = 160;

/** Node positions kept per project: an edit or a reload leaves the diagram as the user left it. */
const storageKey = (projectId: string) => `quarry.diagram.${projectId}`;

function storedPositions(projectId: string): Positions {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey(projectId)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

function storePositions(projectId: string, positions: Positions) {
  try {
    window.localStorage.setItem(storageKey(projectId), JSON.stringify(positions));
  } catch {
    // A full or disabled storage only loses the arrangement.
  }
}

const positionsOf = (nodes: readonly { id: string; position: { x: number; y: number } }[]): Positions =>
  Object.fromEntries(nodes.map((n) => [n.id, { x: n.position.x, y: n.position.y }]));

/**
 * The models as tables and their relationships as edges with cardinality; a click opens a
 * model. Nodes can be dragged; where they stand is kept across edits and reloads, and
 * "Arrange" lays everything out afresh.
 */
export default function ModelDiagram({ projectId, models, relationships, metrics, edgeShape, onOpenModel }: ModelDiagramProps) {
  // On a phone the diagram has the width alone: no minimap beside the models.
  const narrow = useNarrow();
  const [kept, setKept] = useState<Positions>(() => storedPositions(projectId));
  const [arranged, setArranged] = useState(0);
  const laidOut = useMemo(() => layoutDiagram(models, relationships, edgeShape, metrics, kept), [models, relationships, edgeShape, metrics, kept]);
  const [nodes, setNodes] = useState<LaidOutNode[]>(laidOut.nodes);
  const [shown, setShown] = useState(laidOut.nodes);
  if (shown !== laidOut.nodes) {
    // A new layout (an edit, "Arrange"): shown as laid out, and where each node now stands
    // is kept, so the next edit leaves it there.
    setShown(laidOut.nodes);
    setNodes(laidOut.nodes);
    if (laidOut.nodes.some((n) => !kept[n.id])) setKept({ ...kept, ...positionsOf(laidOut.nodes) });
  }
  useEffect(() => {
    // Only the nodes there are now are kept: the stored arrangement stays as small as the diagram.
    storePositions(projectId, positionsOf(laidOut.nodes));
  }, [projectId, laidOut.nodes]);
  const { edges } = laidOut;
  const onNodesChange = (changes: NodeChange[]) => setNodes((current) => applyNodeChanges(changes, current as Node[]) as LaidOutNode[]);
  const arrange = () => {
    setKept({});
    setArranged((n) => n + 1);
  };
  return (
    <ReactFlow
      // A model or metric added or removed, or "Arrange", re-fits the view around everything.
      key={`${nodes.length}:${arranged}:${narrow}`}
      nodes={nodes}
      onNodesChange={onNodesChange}
      onNodeDragStop={(_, node) => setKept({ ...positionsOf(nodes), [node.id]: node.position })}
      edges={edges.map((edge) => ({ ...edge, labelBgPadding: [6, 3] as [number, number], labelStyle: { fontWeight: 600 } }))}
      nodeTypes={NODE_TYPES}
      onNodeClick={(_, node) => {
        if (node.type === 'model') onOpenModel((node.data as ModelNodeData).model);
      }}
      fitView
      // The models fit between the zoom controls (left) and the minimap (right): neither covers one.
      fitViewOptions={{ padding: narrow ? '16px' : { top: '24px', bottom: '24px', left: '64px', right: `${MINIMAP_WIDTH + 40}px` } }}
      minZoom={0.2}
      nodesConnectable={false}
      proOptions={{ hideAttribution: true }}
    >
      <Background gap={16} />
      <Controls showInteractive={false}>
        <ControlButton onClick={arrange} title="Arrange" aria-label="Arrange the diagram">
          <ApartmentOutlined />
        </ControlButton>
      </Controls>
      {narrow ? null : <MiniMap pannable zoomable nodeColor="#adc6ff" style={{ width: MINIMAP_WIDTH, height: 110 }} />}
    </ReactFlow>
  );
}
