import { useMemo, useState } from 'react';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import type { DashboardItemFieldsFragment } from '../../../gql/graphql';
import { useLayoutSaver } from '../hooks/useLayoutSaver';
import { GRID_COLUMNS, GRID_MARGIN, ROW_HEIGHT, toGridLayout, type GridItem } from '../layout';
import { DashboardTile } from './DashboardTile';
import { useNarrow } from '../../../components/page/useNarrow';

/** On a phone, the tiles one below another at full width, in their reading order. */
function stacked(layout: Layout): Layout {
  let y = 0;
  return [...layout]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((tile) => {
      const placed = { ...tile, x: 0, y, w: GRID_COLUMNS };
      y += tile.h;
      return placed;
    });
}

type Props = { projectId: string; dashboardId: string; items: DashboardItemFieldsFragment[]; canEdit: boolean };

/** The tiles on a 12-column grid; editors drag them by their title and resize them by the corner. */
export function DashboardGrid({ projectId, dashboardId, items, canEdit }: Props) {
  const { width, containerRef, mounted } = useContainerWidth();
  const saved = useMemo(() => toGridLayout(items), [items]);
  // The layout as the user left it, until the server's answer replaces `saved`.
  const [moved, setMoved] = useState<{ base: GridItem[]; layout: Layout } | null>(null);
  const layout = moved && moved.base === saved ? moved.layout : saved;
  const { save } = useLayoutSaver(projectId, dashboardId, items);
  // A phone shows the tiles stacked and leaves the arrangement alone.
  const narrow = useNarrow();
  const arranging = canEdit && !narrow;

  const stop = async (next: Layout, resized: boolean) => {
    setMoved({ base: saved, layout: next });
    // Plotly follows window resizes only: a resized tile redraws its chart.
    if (resized) window.dispatchEvent(new Event('resize'));
    if (!(await save(next))) setMoved(null);
  };

  return (
    // The hook's ref type is React 19's; under React 18's types it needs the cast.
    <div ref={containerRef as React.RefObject<HTMLDivElement>} className="dashboard-grid" data-testid="dashboard-grid">
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={narrow ? stacked(layout) : layout}
          gridConfig={{ cols: GRID_COLUMNS, rowHeight: ROW_HEIGHT, margin: GRID_MARGIN, containerPadding: [0, 0] }}
          dragConfig={{ enabled: arranging, handle: '.dashboard-tile__handle' }}
          resizeConfig={{ enabled: arranging }}
          onLayoutChange={(next) => arranging && setMoved({ base: saved, layout: next })}
          onDragStop={(next) => void stop(next, false)}
          onResizeStop={(next) => void stop(next, true)}
        >
          {items.map((item) => (
            <div key={item.id}>
              <DashboardTile projectId={projectId} item={item} canEdit={canEdit} />
            </div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
}
