import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Alert, Drawer, Flex, Typography } from '../../../components/ui';
import { PageMeta } from '../../../components/page/PageMeta';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, serverErrorOf, showFailureToast } from '../../../app/errors/operationErrors';
import type { SpreadsheetFieldsFragment } from '../../../gql/graphql';
import {
  isDirty,
  mergeColumns,
  pageInput,
  saveInput,
  savedColumns,
  savedView,
  withFilter,
  withoutFilter,
  type GridColumn,
  type GridView,
} from '../grid';
import { SaveSpreadsheetMutation, SpreadsheetPageQuery, SpreadsheetQuery } from '../graphql/spreadsheet';
import { useSpreadsheetExport } from '../hooks/useSpreadsheetExport';
import { ColumnsPanel } from './ColumnsPanel';
import { FilterBar } from './FilterBar';
import { SpreadsheetGrid } from './SpreadsheetGrid';
import { SpreadsheetHeader } from './SpreadsheetHeader';

/** A saved spreadsheet (home/spreadsheets/[id]). */
export function SpreadsheetView({ projectId, spreadsheetId }: { projectId: string; spreadsheetId: string }) {
  const [{ data, fetching, error }, reexecute] = useQuery({ query: SpreadsheetQuery, variables: { projectId, spreadsheetId } });
  const reload = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  if (fetching && !data) return <LoadingState />;
  if (error && !data) {
    const notFound = serverErrorOf(error)?.code === 'NOT_FOUND';
    return (
      <ErrorState
        title={notFound ? 'Spreadsheet not found' : undefined}
        message={notFound ? 'It was deleted, or it is in a folder you do not see.' : (failureMessage(error, 'Failed to load spreadsheet.') ?? undefined)}
        onRetry={notFound ? undefined : reload}
      />
    );
  }
  if (!data?.spreadsheet) return <EmptyState />;
  return <SpreadsheetEditor key={data.spreadsheet.id} projectId={projectId} sheet={data.spreadsheet} />;
}

/**
 * The grid with its filters, columns panel and header. Page, sort and filters are asked of
 * the server a page at a time; column order, names and visibility are applied here. Viewers
 * may page, sort and filter for themselves; only editors save the view.
 */
function SpreadsheetEditor({ projectId, sheet }: { projectId: string; sheet: SpreadsheetFieldsFragment }) {
  const [view, setView] = useState<GridView>(() => savedView(sheet));
  const [edited, setEdited] = useState<GridColumn[]>(() => savedColumns(sheet));
  const [panelOpen, setPanelOpen] = useState(false);
  const [saving, save] = useMutation(SaveSpreadsheetMutation);
  const exporter = useSpreadsheetExport(projectId, sheet.id, sheet.name);

  const [{ data, fetching, error }, reexecute] = useQuery({
    query: SpreadsheetPageQuery,
    variables: { projectId, spreadsheetId: sheet.id, data: pageInput(view) },
  });
  // urql keeps the last page on screen while the next one loads.
  const page = data?.spreadsheetPage;
  const source = page?.columns;
  const columns = useMemo(() => mergeColumns(edited, source), [edited, source]);
  const dirty = isDirty(sheet, columns, view, source);

  const saveView = async () => {
    const result = await save({ projectId, spreadsheetId: sheet.id, data: saveInput(columns, view) });
    if (result.error) showFailureToast(result.error, 'Failed to save spreadsheet.');
  };

  return (
    <div data-testid="spreadsheet" data-spreadsheet-id={sheet.id}>
      <PageMeta title={sheet.name} description="A spreadsheet over your models." />
      <SpreadsheetHeader
        projectId={projectId}
        sheet={sheet}
        dirty={dirty}
        saving={saving.fetching}
        onSave={() => void saveView()}
        onColumns={() => setPanelOpen(true)}
        columnsReady={!!source}
        exportState={exporter.state}
        onExport={() => void exporter.start(saveInput(columns, view))}
      />
      <Flex vertical gap={12}>
        <FilterBar
          filters={view.filters}
          columns={columns}
          source={source}
          onAdd={(filter) => setView((old) => withFilter(old, filter))}
          onRemove={(index) => setView((old) => withoutFilter(old, index))}
        />
        {error && (
          <Alert
            type="error"
            showIcon
            message={failureMessage(error, 'Failed to load spreadsheet data.')}
            action={
              <Typography.Link onClick={() => reexecute({ requestPolicy: 'network-only' })}>Try again</Typography.Link>
            }
          />
        )}
        {!page && fetching ? (
          <LoadingState />
        ) : (
          <SpreadsheetGrid page={page} columns={columns} view={view} loading={fetching} onChange={setView} />
        )}
      </Flex>
      <Drawer title="Columns" open={panelOpen} onClose={() => setPanelOpen(false)} width={400} destroyOnHidden>
        <Typography.Paragraph type="secondary">
          Show, rename and order the columns. The grid changes at once; &quot;Save view&quot; keeps it for everyone.
        </Typography.Paragraph>
        <ColumnsPanel columns={columns} onChange={setEdited} />
      </Drawer>
    </div>
  );
}
