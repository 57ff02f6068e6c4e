import { useCallback } from 'react';
import { useMutation } from 'urql';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { UpdateDashboardItemLayoutsMutation } from '../graphql/dashboard';
import { layoutChanged, layoutPayload, type GridItem, type TileLayout } from '../layout';

/**
 * Saves the grid after a drag or resize: every tile's cell, all at once. Resolves to false
 * when the server refused it (the grid then goes back to the saved layout).
 */
export function useLayoutSaver(projectId: string, dashboardId: string, tiles: readonly TileLayout[]) {
  const [{ fetching }, update] = useMutation(UpdateDashboardItemLayoutsMutation);
  const save = useCallback(
    async (layout: readonly GridItem[]): Promise<boolean> => {
      const layouts = layoutPayload(layout);
      if (!layoutChanged(tiles, layouts)) return true;
      const result = await update({ projectId, dashboardId, layouts });
      if (result.error) {
        showFailureToast(result.error, 'Failed to update dashboard layout.');
        return false;
      }
      return true;
    },
    [projectId, dashboardId, tiles, update],
  );
  return { save, saving: fetching };
}
