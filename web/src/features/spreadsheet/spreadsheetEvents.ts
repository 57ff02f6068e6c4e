// PRODUCT.md §9 custom app events for spreadsheets: the sidebar hears about spreadsheets
// made, moved, renamed or deleted elsewhere.
export const SPREADSHEET_EVENTS = { tree: 'updateSpreadsheetsTree', name: 'updateSpreadsheetName' } as const;

export type SpreadsheetEventDetail = { spreadsheetId: string; name?: string };

export function emitSpreadsheetEvent(kind: keyof typeof SPREADSHEET_EVENTS, detail: SpreadsheetEventDetail) {
  window.dispatchEvent(new CustomEvent<SpreadsheetEventDetail>(SPREADSHEET_EVENTS[kind], { detail }));
}

export function onSpreadsheetEvents(handler: (kind: keyof typeof SPREADSHEET_EVENTS, detail: SpreadsheetEventDetail) => void): () => void {
  const listeners = (Object.keys(SPREADSHEET_EVENTS) as (keyof typeof SPREADSHEET_EVENTS)[]).map((kind) => {
    const listener = (event: Event) => handler(kind, (event as CustomEvent<SpreadsheetEventDetail>).detail);
    window.addEventListener(SPREADSHEET_EVENTS[kind], listener);
    return () => window.removeEventListener(SPREADSHEET_EVENTS[kind], listener);
  });
  return () => listeners.forEach((remove) => remove());
}
