import { useParams } from 'react-router';
import { SpreadsheetView } from '../../../../../features/spreadsheet/components/SpreadsheetView';

/** A saved spreadsheet: its grid, paged, sorted and filtered at the source (home/spreadsheets/[id]). */
export function SpreadsheetPage() {
  const { projectId = '', spreadsheetId = '' } = useParams();
  return <SpreadsheetView key={spreadsheetId} projectId={projectId} spreadsheetId={spreadsheetId} />;
}
