import { describe, expect, it } from 'vitest';
import { cardinality, layoutDiagram, NODE_WIDTH } from './layout';
import type { DiagramModel, DiagramRelationship } from './layout';

const model = (name: string, columns: string[]): DiagramModel => ({
  id: `id-${name}`,
  referenceName: name,
  displayName: name,
  description: null,
  primaryKey: columns[0] ?? null,
  sourceTableName: name,
  sourceSql: null,
  columns: columns.map((c) => ({
    id: `${name}.${c}`,
    referenceName: c,
    displayName: c,
    type: 'INTEGER',
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
  it('puts the most related model first, on a grid without overlaps', () => {
    const models = [model('a', ['id']), model('b', ['id', 'x']), model('orders', ['id', 'a_id', 'b_id']), model('c', ['id'])];
    const { nodes } = layoutDiagram(models, [relation('r1', 'orders', 'a_id', 'a', 'id'), relation('r2', 'orders', 'b_id', 'b', 'id')], 'bezier');
    expect(nodes[0].id).toBe('orders');
    const positions = nodes.map((n) => `${n.position.x},${n.position.y}`);
    expect(new Set(positions).size).toBe(nodes.length);
    expect(nodes[1].position.x).toBe(NODE_WIDTH + 120);
    expect(nodes[2].position.y).toBeGreaterThan(0);
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

  it('puts metrics below the models, tied to their base model', () => {
    const metric = { name: 'revenue', displayName: 'Revenue', baseObject: 'orders', dimensions: ['region'], measures: ['total'], timeGrains: ['sold'] };
    const { nodes, edges } = layoutDiagram([model('orders', ['id', 'amount'])], [], 'bezier', [metric]);
    const placed = nodes.find((n) => n.id === 'metric:revenue');
    expect(placed?.type).toBe('metric');
    expect(placed?.position.y).toBeGreaterThan(nodes[0].position.y);
    expect(edges).toContainEqual({ id: 'metric:revenue', source: 'orders', target: 'metric:revenue', type: 'bezier', label: 'measures', animated: true });
  });
});
