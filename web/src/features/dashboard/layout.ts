// The dashboard's 12-column grid: tiles as react-grid-layout items and back as the
// updateDashboardItemLayouts payload.
export const GRID_COLUMNS = 12;
/** Pixels per grid row; a chart tile is 4 rows high, a NUMBER tile 2. */
export const ROW_HEIGHT = 84;
export const GRID_MARGIN: [number, number] = [16, 16];
/** How high one tile may be, in rows (the server refuses more). */
export const MAX_TILE_ROWS = 48;

export type TileLayout = { id: string; layout: { x: number; y: number; w: number; h: number } };
/** One tile's entry of the updateDashboardItemLayouts payload. */
export type ItemLayout = { itemId: string; x: number; y: number; w: number; h: number };
export type GridItem = { i: string; x: number; y: number; w: number; h: number; minW?: number; minH?: number; maxH?: number };

export function toGridLayout(tiles: readonly TileLayout[]): GridItem[] {
  return tiles.map(({ id, layout }) => ({ i: id, x: layout.x, y: layout.y, w: layout.w, h: layout.h, minW: 2, minH: 2, maxH: MAX_TILE_ROWS }));
}

/** Every tile's position and size, as whole grid cells that fit the grid. */
export function layoutPayload(layout: readonly GridItem[]): ItemLayout[] {
  return layout.map((item) => {
    const w = Math.min(GRID_COLUMNS, Math.max(1, Math.round(item.w)));
    const x = Math.min(GRID_COLUMNS - w, Math.max(0, Math.round(item.x)));
    return { itemId: item.i, x, y: Math.max(0, Math.round(item.y)), w, h: Math.min(MAX_TILE_ROWS, Math.max(1, Math.round(item.h))) };
  });
}

/** The payload differs from what the tiles have (a click on the handle moves nothing). */
export function layoutChanged(tiles: readonly TileLayout[], payload: readonly ItemLayout[]): boolean {
  const before = new Map(tiles.map((t) => [t.id, t.layout]));
  return payload.some((p) => {
    const old = before.get(p.itemId);
    return !old || old.x !== p.x || old.y !== p.y || old.w !== p.w || old.h !== p.h;
  });
}
