import type { CsvImportState } from '../../gql/graphql';

export const BYTES_PER_MB = 1024 * 1024;
export const CSV_JOB_POLL_MS = 1000;

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < BYTES_PER_MB) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / BYTES_PER_MB).toFixed(1)} MB`;
}

/** Why a file cannot be imported before it is sent, or null (the server checks again). */
export function csvFileProblem(file: Pick<File, 'name' | 'size'>, maxFileSizeMB: number): string | null {
  if (!/\.csv$/i.test(file.name)) return `"${file.name}" is not a CSV file.`;
  if (file.size > maxFileSizeMB * BYTES_PER_MB) {
    return `"${file.name}" is ${formatFileSize(file.size)}, over the ${maxFileSizeMB} MB limit for CSV files.`;
  }
  return null;
}

/** One bar per file: sending the bytes is the first half, the server's import the second. */
export function csvProgressPercent(phase: 'uploading' | 'importing', fraction: number): number {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  return Math.round(phase === 'uploading' ? clamped * 50 : 50 + clamped * 50);
}

const STATE_TEXT: Record<CsvImportState, string> = {
  INIT: 'Waiting to import',
  UPLOADING: 'Storing the file',
  IMPORTING: 'Importing',
  OVERRIDING: 'Replacing the table',
  SUCCESS: 'Imported',
  ERROR: 'Failed',
};

export function csvStateText(state: CsvImportState): string {
  return STATE_TEXT[state];
}
