import type { ColumnTypeFamily, CsvImportState } from '../../gql/graphql';

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

/** What the server reads as missing when the upload chooses nothing (`''` is an empty field). */
export const DEFAULT_MISSING_MARKERS: readonly string[] = ['', 'NA', 'N/A', 'NULL', 'null', 'None', 'NaN', '-'];

/** How a marker is shown: the empty field has no text of its own. */
export const markerLabel = (marker: string): string => (marker === '' ? '(empty field)' : marker);

/** The markers to send, or null when they are the defaults (the server's own choice then). */
export function chosenMarkers(markers: readonly string[]): string[] | null {
  const same =
    markers.length === DEFAULT_MISSING_MARKERS.length && DEFAULT_MISSING_MARKERS.every((marker) => markers.includes(marker));
  return same ? null : [...markers];
}

/** The types an imported column can be changed to (changeCsvColumnType). */
export const CSV_COLUMN_TYPES: { value: ColumnTypeFamily; label: string }[] = [
  { value: 'TEXT', label: 'Text' },
  { value: 'INTEGER', label: 'Whole number' },
  { value: 'FLOAT', label: 'Decimal number' },
  { value: 'DECIMAL', label: 'Exact decimal' },
  { value: 'BOOLEAN', label: 'Yes/no' },
  { value: 'DATE', label: 'Date' },
  { value: 'TIMESTAMP', label: 'Date and time' },
];

/** "code is now VARCHAR: 3 values converted; 1 could not be read and is now missing." */
export function typeChangeText(change: { column: string; type: string; converted: number; failed: number }): string {
  const converted = `${change.converted.toLocaleString('en-US')} ${change.converted === 1 ? 'value' : 'values'} converted`;
  const failed =
    change.failed === 0
      ? ''
      : `; ${change.failed.toLocaleString('en-US')} could not be read and ${change.failed === 1 ? 'is' : 'are'} now missing`;
  return `${change.column} is now ${change.type}: ${converted}${failed}.`;
}
