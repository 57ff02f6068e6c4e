import { createContext, useContext } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import type { DashboardFilterInput, DashboardItemFieldsFragment, DrillPickInput } from '../../../gql/graphql';
import { DrillIntoDashboardItemMutation } from '../graphql/dashboard';

/** The filters a dashboard is viewed with, for its tiles' drill-downs. */
export const DashboardFiltersContext = createContext<DashboardFilterInput[]>([]);

type Item = Pick<DashboardItemFieldsFragment, 'id' | 'chart' | 'data'>;

/** The groups a clicked row of a chart tile stands for: its category and, when split, its series. */
export function picksOf(item: Item, row: readonly unknown[]): DrillPickInput[] {
  const columns = item.data.columns.map((c) => c.name);
  return [item.chart?.x, item.chart?.color]
    .filter((name): name is string => Boolean(name))
    .filter((column) => columns.includes(column))
    // The JSON scalar is typed as an object by codegen; any JSON value is sent as it is.
    .map((column) => ({ column, value: (row[columns.indexOf(column)] ?? null) as DrillPickInput['value'] }));
}

/** Opens the rows behind a tile's group (or the whole tile) as a new spreadsheet. */
export function useDrillDown(projectId: string, item: Item) {
  const filters = useContext(DashboardFiltersContext);
  const [state, run] = useMutation(DrillIntoDashboardItemMutation);
  const navigate = useNavigate();
  const drill = async (picks: DrillPickInput[]) => {
    const result = await run({ projectId, itemId: item.id, data: { picks, filters } }, { additionalTypenames: ['FolderTree'] });
    if (result.error || !result.data) {
      showFailureToast(result.error, 'Failed to open the rows behind the tile.');
      return;
    }
    navigate(paths.spreadsheet(projectId, result.data.drillIntoDashboardItem));
  };
  return { drill, drilling: state.fetching };
}
