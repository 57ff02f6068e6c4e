import { describe, expect, it } from 'vitest';
import { layoutChanged, layoutPayload, toGridLayout } from './layout';

const tiles = [
  { id: 'chart', layout: { x: 0, y: 0, w: 6, h: 4 } },
  { id: 'number', layout: { x: 0, y: 4, w: 3, h: 2 } },
];

describe('dashboard grid layout', () => {
  it('places each tile on the grid by its saved cell', () => {
    expect(toGridLayout(tiles)).toEqual([
      { i: 'chart', x: 0, y: 0, w: 6, h: 4, minW: 2, minH: 2, maxH: 48 },
      { i: 'number', x: 0, y: 4, w: 3, h: 2, minW: 2, minH: 2, maxH: 48 },
    ]);
  });

  it("sends every tile's cell after a drag, not only the moved one", () => {
    const dragged = [
      { i: 'chart', x: 0, y: 0, w: 6, h: 4 },
      { i: 'number', x: 6, y: 0, w: 3, h: 2 },
    ];
    const payload = layoutPayload(dragged);
    expect(payload).toEqual([
      { itemId: 'chart', x: 0, y: 0, w: 6, h: 4 },
      { itemId: 'number', x: 6, y: 0, w: 3, h: 2 },
    ]);
    expect(layoutChanged(tiles, payload)).toBe(true);
  });

  it('sends whole cells that fit the 12 columns', () => {
    expect(layoutPayload([{ i: 'a', x: 10.6, y: -1, w: 4, h: 0.2 }])).toEqual([{ itemId: 'a', x: 8, y: 0, w: 4, h: 1 }]);
    expect(layoutPayload([{ i: 'b', x: 0, y: 0, w: 20, h: 3 }])).toEqual([{ itemId: 'b', x: 0, y: 0, w: 12, h: 3 }]);
    expect(layoutPayload([{ i: 'c', x: 0, y: 0, w: 2, h: 90 }])).toEqual([{ itemId: 'c', x: 0, y: 0, w: 2, h: 48 }]);
  });

  it('sees no change when a tile is dropped where it was', () => {
    expect(layoutChanged(tiles, layoutPayload(toGridLayout(tiles)))).toBe(false);
  });
});
