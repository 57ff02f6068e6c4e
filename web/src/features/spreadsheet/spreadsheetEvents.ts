import { appEvents } from '../../app/events/appEvents';

// PRODUCT.md §9 custom app events for spreadsheets: the sidebar hears about spreadsheets
// made, moved, renamed or deleted elsewhere.
export const SPREADSHEET_EVENTS = { tree: 'updateSpreadsheetsTree', name: 'updateSpreadsheetName' } as const;

export type SpreadsheetEventDetail = { spreadsheetId: string; name?: string };

export const { emit: emitSpreadsheetEvent, on: onSpreadsheetEvents } = appEvents<keyof typeof SPREADSHEET_EVENTS, SpreadsheetEventDetail>(
  SPREADSHEET_EVENTS,
);
