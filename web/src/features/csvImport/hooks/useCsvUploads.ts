import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { failureMessage, isAbortError, withSentence } from '../../../app/errors/operationErrors';
import { pollUntil } from '../../../app/polling/usePollUntil';
import { toast } from '../../../components/ui';
import type { CsvImportState } from '../../../gql/graphql';
import { uploadCsvFile } from '../api';
import { CSV_JOB_POLL_MS, csvFileProblem, csvProgressPercent } from '../csvFiles';
import { CsvImportJobQuery } from '../graphql/csvImport';

export type CsvUploadPhase = 'queued' | 'uploading' | 'importing' | 'success' | 'error';

export interface CsvUpload {
  uid: string;
  file: File;
  phase: CsvUploadPhase;
  percent: number;
  jobState?: CsvImportState;
  tableName?: string | null;
  error?: string;
  /** What the import did that the user should know (values read as missing, the encoding, dates). */
  notes?: string[];
}

/** Import job states that never change again. */
const isFinalJobState = (state: CsvImportState) => state === 'SUCCESS' || state === 'ERROR';

let nextUid = 0;

/**
 * The files chosen for import and their progress. Each file is sent to the upload endpoint
 * (with the missing-value markers chosen, null for the server's defaults), then its import
 * job is polled every second until SUCCESS or ERROR.
 */
export function useCsvUploads(projectId: string, maxFileSizeMB: number, missingMarkers: readonly string[] | null = null) {
  const client = useClient();
  const [uploads, setUploads] = useState<CsvUpload[]>([]);
  const [rejections, setRejections] = useState<string[]>([]);
  const current = useRef<CsvUpload[]>([]);
  const disposed = useRef(false);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    disposed.current = false;
    const running = controllers.current;
    return () => {
      disposed.current = true;
      running.forEach((controller) => controller.abort());
      running.clear();
    };
  }, []);

  const commit = useCallback((next: CsvUpload[]) => {
    current.current = next;
    setUploads(next);
  }, []);

  const patch = useCallback(
    (uid: string, change: Partial<CsvUpload>) => {
      if (disposed.current) return;
      commit(current.current.map((upload) => (upload.uid === uid ? { ...upload, ...change } : upload)));
    },
    [commit],
  );

  /** Queues the files that pass the client-side checks; the others are listed as rejected. */
  const add = useCallback(
    (files: readonly File[]) => {
      const problems: string[] = [];
      const accepted: CsvUpload[] = [];
      for (const file of files) {
        const taken = [...current.current, ...accepted].some((upload) => upload.file.name === file.name);
        const problem = csvFileProblem(file, maxFileSizeMB) ?? (taken ? `"${file.name}" is already in the list.` : null);
        if (problem) problems.push(problem);
        else accepted.push({ uid: `csv-${(nextUid += 1)}`, file, phase: 'queued', percent: 0 });
      }
      setRejections(problems);
      if (accepted.length > 0) commit([...current.current, ...accepted]);
      return { accepted: accepted.length, rejected: problems };
    },
    [commit, maxFileSizeMB],
  );

  const remove = useCallback(
    (uid: string) => commit(current.current.filter((upload) => upload.uid !== uid || upload.phase === 'uploading' || upload.phase === 'importing')),
    [commit],
  );

  const fail = useCallback(
    (uid: string, text: string | null) => {
      patch(uid, { phase: 'error', error: text ?? undefined });
      if (text && !disposed.current) toast.error(text);
      return false;
    },
    [patch],
  );

  const run = useCallback(
    async (upload: CsvUpload): Promise<boolean> => {
      const { uid, file } = upload;
      const controller = new AbortController();
      controllers.current.set(uid, controller);
      patch(uid, { phase: 'uploading', percent: 0, error: undefined, jobState: undefined, notes: undefined });
      try {
        let jobId: string;
        try {
          ({ jobId } = await uploadCsvFile(projectId, file, {
            signal: controller.signal,
            missingMarkers,
            onProgress: (fraction) => patch(uid, { percent: csvProgressPercent('uploading', fraction) }),
          }));
        } catch (error) {
          if (disposed.current || isAbortError(error)) return false;
          return fail(uid, failureMessage(error, `Failed to upload ${file.name}.`));
        }
        patch(uid, { phase: 'importing', percent: csvProgressPercent('importing', 0) });
        const result = await pollUntil(client, CsvImportJobQuery, { id: jobId }, {
          interval: CSV_JOB_POLL_MS,
          // A missing job is as final as a finished one (reported as a failure below).
          done: (data) => !data?.csvImportJob || isFinalJobState(data.csvImportJob.state),
          onProgress: (data) => {
            const job = data?.csvImportJob;
            if (job) patch(uid, { jobState: job.state, tableName: job.tableName, percent: csvProgressPercent('importing', job.progress) });
          },
          signal: controller.signal,
        });
        if (!result || disposed.current) return false;
        const job = result.data?.csvImportJob;
        if (result.error || !job) return fail(uid, failureMessage(result.error, `Failed to import ${file.name}.`));
        if (job.state === 'SUCCESS') {
          patch(uid, { phase: 'success', percent: 100, jobState: job.state, tableName: job.tableName, notes: job.notes });
          return true;
        }
        patch(uid, { jobState: job.state });
        const reason = job.error?.trim();
        return fail(uid, reason ? `Failed to import ${file.name}. ${withSentence(reason)}` : `Failed to import ${file.name}.`);
      } finally {
        controllers.current.delete(uid);
      }
    },
    [client, fail, missingMarkers, patch, projectId],
  );

  /**
   * Sends every file not yet imported (queued or failed): whether all files are imported, and
   * how many of them came back with notes.
   */
  const start = useCallback(async (): Promise<{ allImported: boolean; noted: number }> => {
    const pending = current.current.filter((upload) => upload.phase === 'queued' || upload.phase === 'error');
    await Promise.all(pending.map(run));
    const allImported = !disposed.current && current.current.length > 0 && current.current.every((upload) => upload.phase === 'success');
    return { allImported, noted: current.current.filter((upload) => (upload.notes?.length ?? 0) > 0).length };
  }, [run]);

  const busy = uploads.some((upload) => upload.phase === 'uploading' || upload.phase === 'importing');
  return { uploads, rejections, add, remove, start, busy };
}
