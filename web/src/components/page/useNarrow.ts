import { Grid } from '../ui';

/** Whether the window is phone-sized (antd's xs: under 576 px): navigation moves into drawers. */
export function useNarrow(): boolean {
  return Grid.useBreakpoint().xs === true;
}
