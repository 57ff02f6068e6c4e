import { useState } from 'react';
import { useMutation } from 'urql';
import { usePollUntil } from '../../../app/polling/usePollUntil';
import { failureMessage, showFailureToast, withSentence } from '../../../app/errors/operationErrors';
import { toast } from '../../../components/ui';
import type { SaveSpreadsheetInput, SpreadsheetExportFieldsFragment } from '../../../gql/graphql';
import { ExportSpreadsheetMutation, SpreadsheetExportQuery } from '../graphql/spreadsheet';

/** How often a running export is polled. */
export const EXPORT_POLL_MS = 1000;

const FAILED = 'Failed to export spreadsheet.';

/** Starts the browser's download of a same-origin file (the session cookie goes with it). */
export function downloadFile(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; rowsWritten: number }
  | { phase: 'done'; rowsWritten: number }
  | { phase: 'failed'; error: string };

/**
 * "Download CSV": starts an export of the spreadsheet as the grid shows it, polls it every second while the
 * file is written, then downloads it; a failed export says why.
 */
export function useSpreadsheetExport(projectId: string, spreadsheetId: string, fileName: string) {
  const [starting, startExport] = useMutation(ExportSpreadsheetMutation);
  const [exportId, setExportId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ExportState | null>(null);

  const finish = (found: SpreadsheetExportFieldsFragment) => {
    if (found.status === 'SUCCEEDED' && found.downloadUrl) {
      downloadFile(found.downloadUrl, `${fileName}.csv`);
      setOutcome({ phase: 'done', rowsWritten: found.rowsWritten });
    } else {
      const error = found.error ? `${FAILED} ${withSentence(found.error)}` : FAILED;
      toast.error(error);
      setOutcome({ phase: 'failed', error });
    }
  };

  const [{ data }] = usePollUntil(
    {
      query: SpreadsheetExportQuery,
      variables: { projectId, exportId: exportId ?? '' },
      pause: !exportId,
      requestPolicy: 'network-only',
    },
    {
      interval: EXPORT_POLL_MS,
      done: (answer) => !!answer && answer.spreadsheetExport.id === exportId && answer.spreadsheetExport.status !== 'RUNNING',
      onDone: (answer) => finish(answer.spreadsheetExport),
      onError: (error) => {
        showFailureToast(error, 'Failed to load spreadsheet export.');
        setOutcome({ phase: 'failed', error: failureMessage(error, 'Failed to load spreadsheet export.') ?? FAILED });
      },
    },
  );

  /** Exports `view` (what the grid shows, saved or not); the saved view when none is given. */
  const start = async (view?: SaveSpreadsheetInput) => {
    setOutcome(null);
    const result = await startExport({ projectId, spreadsheetId, view });
    if (result.error || !result.data) {
      showFailureToast(result.error, FAILED);
      setOutcome({ phase: 'failed', error: failureMessage(result.error, FAILED) ?? FAILED });
      return;
    }
    setExportId(result.data.exportSpreadsheet.id);
  };

  const polled = data?.spreadsheetExport;
  const state: ExportState =
    outcome ??
    (starting.fetching || (exportId && (!polled || polled.id !== exportId || polled.status === 'RUNNING'))
      ? { phase: 'running', rowsWritten: polled?.id === exportId ? (polled?.rowsWritten ?? 0) : 0 }
      : { phase: 'idle' });
  return { start, state };
}
