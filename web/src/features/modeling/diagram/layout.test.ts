import { describe, expect, it } from 'vitest';
import { cardinality, layoutDiagram, NODE_WIDTH, nodeHeight } from './layout';
import type { DiagramModel, DiagramRelationship } from './layout';

const model = (name: string, columns: string[]): DiagramModel => ({
  id: `id-${name}`,
  referenceName: name,
  displayName: name,
  description: null,
  primaryKey: columns[0] ?? null,
  sourceTableName: name,
  sourceSql: null,
  currency: null,
  columns: columns.map((c) => ({
    id: `${name}.${c}`,
    referenceName: c,
    displayName: c,
    type: 'INTEGER',
    family: 'INTEGER',
    format: null,
    hidden: false,
    isCalculated: false,
    isPrimaryKey: c === columns[0],
    expression: null,
    description: null,
  })),
});

const relation = (id: string, fromModel: string, fromColumn: string, toModel: string, toColumn: string): DiagramRelationship => ({
  id,
  name: id,
  fromModel,
  fromColumn,
  toModel,
  toColumn,
  type: 'MANY_TO_ONE',
});

describe('layoutDiagram', () => {
  const boxOf = (node: ReturnType<typeof layoutDiagram>['nodes'][number]) => ({
    left: node.position.x,
    top: node.position.y,
    right: node.position.x + NODE_WIDTH,
    bottom: node.position.y + (node.type === 'model' ? nodeHeight(node.data.model) : 80),
  });
  const overlap = (a: ReturnType<typeof boxOf>, b: ReturnType<typeof boxOf>) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  it('lays related models out left to right along their relationships, none overlapping, the unrelated ones below', () => {
    const models = [
      model('a', ['id']),
      model('b', ['id', 'x']),
      model('orders', ['id', 'a_id', 'b_id', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']),
      model('lonely', ['id']),
      model('lonelier', ['id', 'y']),
    ];
    const relationships = [relation('r1', 'orders', 'a_id', 'a', 'id'), relation('r2', 'orders', 'b_id', 'b', 'id')];
    const { nodes } = layoutDiagram(models, relationships, 'bezier');
    const at = (id: string) => boxOf(nodes.find((n) => n.id === id)!);
    for (const [i, a] of nodes.entries()) {
      for (const b of nodes.slice(i + 1)) expect(overlap(boxOf(a), boxOf(b)), `${a.id} and ${b.id} overlap`).toBe(false);
    }
    // Each relationship's two models sit in different layers: its edge runs between them, through no node.
    expect(at('a').left).toBeGreaterThanOrEqual(at('orders').right);
    expect(at('b').left).toBeGreaterThanOrEqual(at('orders').right);
    const graphBottom = Math.max(at('a').bottom, at('b').bottom, at('orders').bottom);
    expect(at('lonely').top).toBeGreaterThanOrEqual(graphBottom);
    expect(at('lonelier').top).toBeGreaterThanOrEqual(graphBottom);
    // The same models and relationships, in any order, give the same picture.
    const again = layoutDiagram([...models].reverse(), [...relationships].reverse(), 'bezier');
    expect(again.nodes.map((n) => [n.id, n.position])).toEqual(nodes.map((n) => [n.id, n.position]));
  });

  it('joins the related columns with an edge labelled with the cardinality, in the chosen shape', () => {
    const { edges } = layoutDiagram(
      [model('orders', ['id', 'customer_id']), model('customers', ['id'])],
      [relation('r1', 'orders', 'customer_id', 'customers', 'id'), relation('r2', 'orders', 'id', 'gone', 'id')],
      'step',
    );
    expect(edges).toEqual([
      { id: 'r1', source: 'orders', target: 'customers', sourceHandle: 'customer_id-out', targetHandle: 'id-in', type: 'step', label: 'N:1' },
    ]);
    expect(cardinality('ONE_TO_MANY')).toBe('1:N');
    expect(cardinality('ONE_TO_ONE')).toBe('1:1');
  });

  it('puts metrics beside their base model, tied to it', () => {
    const metric = { name: 'revenue', displayName: 'Revenue', baseObject: 'orders', dimensions: ['region'], measures: ['total'], timeGrains: ['sold'] };
    const { nodes, edges } = layoutDiagram([model('orders', ['id', 'amount'])], [], 'bezier', [metric]);
    const placed = nodes.find((n) => n.id === 'metric:revenue');
    expect(placed?.type).toBe('metric');
    expect(placed?.position.x).toBeGreaterThan(nodes[0].position.x + NODE_WIDTH - 1);
    expect(edges).toContainEqual({ id: 'metric:revenue', source: 'orders', target: 'metric:revenue', type: 'bezier', label: 'measures', animated: true });
  });

  it('keeps every node where it was when a model or relationship is added, and puts the new one under them', () => {
    const models = [model('orders', ['id', 'customer_id']), model('customers', ['id'])];
    const relationships = [relation('r1', 'orders', 'customer_id', 'customers', 'id')];
    const before = layoutDiagram(models, relationships, 'bezier');
    const kept = Object.fromEntries(before.nodes.map((n) => [n.id, n.position]));
    // The user moved one; then a model and a relationship to it were added.
    kept.customers = { x: 900, y: 40 };
    const after = layoutDiagram([...models, model('payments', ['id', 'order_id'])], [...relationships, relation('r2', 'payments', 'order_id', 'orders', 'id')], 'bezier', [], kept);
    const at = (id: string) => after.nodes.find((n) => n.id === id)!;
    expect(at('orders').position).toEqual(kept.orders);
    expect(at('customers').position).toEqual({ x: 900, y: 40 });
    const under = Math.max(...['orders', 'customers'].map((id) => boxOf(at(id)).bottom));
    expect(boxOf(at('payments')).top).toBeGreaterThanOrEqual(under);
    for (const [i, a] of after.nodes.entries()) {
      for (const b of after.nodes.slice(i + 1)) expect(overlap(boxOf(a), boxOf(b)), `${a.id} and ${b.id} overlap`).toBe(false);
    }
  });
});
