import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Provider } from 'urql';
import { toast } from '../../../components/ui';
import { mockOperations } from '../../../test/renderWithProviders';
import { EXPORT_POLL_MS, useSpreadsheetExport } from './useSpreadsheetExport';

const exported = (status: string, rowsWritten: number, extra = {}) => ({
  id: 'e1',
  status,
  rowsWritten,
  bytesWritten: rowsWritten * 20,
  error: null,
  downloadUrl: null,
  ...extra,
});

/** A client whose n-th SpreadsheetExport answer is `answers[n]` (the last one repeats). */
function exportApi(answers: ReturnType<typeof exported>[]) {
  let polls = 0;
  return mockOperations({
    ExportSpreadsheet: { data: { exportSpreadsheet: exported('RUNNING', 0) } },
    SpreadsheetExport: () => ({ data: { spreadsheetExport: answers[Math.min(polls++, answers.length - 1)] } }),
  });
}

function renderExport(api: ReturnType<typeof mockOperations>) {
  const wrapper = ({ children }: { children: ReactNode }) => <Provider value={api.client}>{children}</Provider>;
  return renderHook(() => useSpreadsheetExport('p1', 's1', 'Tracks'), { wrapper });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useSpreadsheetExport', () => {
  let clicked: { href: string; download: string }[];
  beforeEach(() => {
    vi.useFakeTimers();
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('starts the export, polls it every second showing the rows written, then downloads the file', async () => {
    const api = exportApi([
      exported('RUNNING', 100),
      exported('RUNNING', 200),
      exported('SUCCEEDED', 213, { downloadUrl: '/api/projects/p1/spreadsheet-exports/e1/csv' }),
    ]);
    const { result } = renderExport(api);
    expect(result.current.state).toEqual({ phase: 'idle' });

    await act(() => result.current.start());
    expect(api.callsOf('ExportSpreadsheet')).toEqual([{ projectId: 'p1', spreadsheetId: 's1' }]);
    expect(api.callsOf('SpreadsheetExport')).toEqual([{ projectId: 'p1', exportId: 'e1' }]);
    expect(result.current.state).toEqual({ phase: 'running', rowsWritten: 100 });

    await advance(EXPORT_POLL_MS - 1);
    expect(api.callsOf('SpreadsheetExport')).toHaveLength(1);
    await advance(1);
    expect(api.callsOf('SpreadsheetExport')).toHaveLength(2);
    expect(result.current.state).toEqual({ phase: 'running', rowsWritten: 200 });
    expect(clicked).toEqual([]);

    await advance(EXPORT_POLL_MS);
    expect(clicked).toEqual([{ href: '/api/projects/p1/spreadsheet-exports/e1/csv', download: 'Tracks.csv' }]);
    expect(result.current.state).toEqual({ phase: 'done', rowsWritten: 213 });

    // Finished: no more polling.
    await advance(EXPORT_POLL_MS * 3);
    expect(api.callsOf('SpreadsheetExport')).toHaveLength(3);
    expect(clicked).toHaveLength(1);
  });

  it('says why an export failed, and downloads nothing', async () => {
    const failed = vi.spyOn(toast, 'error').mockImplementation(() => undefined as never);
    const api = exportApi([exported('RUNNING', 10), exported('FAILED', 10, { error: 'The data source went away' })]);
    const { result } = renderExport(api);
    await act(() => result.current.start());
    await advance(EXPORT_POLL_MS);
    expect(result.current.state).toEqual({ phase: 'failed', error: 'Failed to export spreadsheet. The data source went away.' });
    expect(failed).toHaveBeenCalledWith('Failed to export spreadsheet. The data source went away.');
    expect(clicked).toEqual([]);
  });

  it('shows the server message when the export cannot start', async () => {
    const failed = vi.spyOn(toast, 'error').mockImplementation(() => undefined as never);
    const api = mockOperations({ ExportSpreadsheet: { error: { code: 'NOT_FOUND', message: 'Spreadsheet not found' } } });
    const { result } = renderExport(api);
    await act(() => result.current.start());
    expect(failed).toHaveBeenCalledWith('Failed to export spreadsheet. Spreadsheet not found.');
    expect(result.current.state).toEqual({ phase: 'failed', error: 'Failed to export spreadsheet. Spreadsheet not found.' });
    expect(api.callsOf('SpreadsheetExport')).toEqual([]);
  });
});
