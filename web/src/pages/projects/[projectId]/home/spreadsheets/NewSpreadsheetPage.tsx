import { useLocation, useParams } from 'react-router';
import { NewSpreadsheet } from '../../../../../features/spreadsheet/components/NewSpreadsheet';

/** A new spreadsheet from a question, a thread response or SQL (home/spreadsheets/new). */
export function NewSpreadsheetPage() {
  const { projectId = '' } = useParams();
  // Opened again (from the sidebar, or for another response): a fresh start.
  const { search } = useLocation();
  return <NewSpreadsheet key={search} projectId={projectId} />;
}
