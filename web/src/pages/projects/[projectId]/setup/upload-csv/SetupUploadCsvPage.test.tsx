import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppConfigCache } from '../../../../../app/config';
import { mockOperations, renderWithProviders, type MockAnswer } from '../../../../../test/renderWithProviders';
import { SetupUploadCsvPage } from './SetupUploadCsvPage';

const uploadCsvFile = vi.hoisted(() => vi.fn());
vi.mock('../../../../../features/csvImport/api', () => ({ uploadCsvFile }));

const PROJECT: MockAnswer = {
  data: {
    project: {
      id: 'p1',
      orgId: 'o1',
      displayName: 'Shop',
      language: 'EN',
      timezone: 'UTC',
      onboardingStatus: 'NOT_STARTED',
      state: 'ACTIVE',
      createdAt: '2024-01-01T00:00:00Z',
      myRole: 'OWNER',
    },
  },
};

function csvFile(name: string, bytes: number): File {
  const file = new File(['a,b\n1,2\n'], name, { type: 'text/csv' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

function renderPage(resolvers: Parameters<typeof mockOperations>[0] = {}) {
  const api = mockOperations({ Project: PROJECT, ...resolvers });
  renderWithProviders(<SetupUploadCsvPage />, api.client, {
    route: '/projects/p1/setup/upload-csv',
    path: '/projects/:projectId/setup/upload-csv',
  });
  return api;
}

const MB = 1024 * 1024;

describe('SetupUploadCsvPage', () => {
  beforeEach(() => {
    resetAppConfigCache();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ telemetryKey: '', langfusePublicKey: '', csvImportMaxFileSizeMB: 2 }))),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    uploadCsvFile.mockReset();
  });

  it('shows the cap from /api/config and rejects a bigger file before sending it', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Upload CSV files' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/Up to 2 MB per file/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('CSV files'), {
      target: { files: [csvFile('big.csv', 3 * MB), csvFile('small.csv', MB)] },
    });

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByText('"big.csv" is 3.0 MB, over the 2 MB limit for CSV files.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'small.csv' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'big.csv' })).not.toBeInTheDocument();
    expect(uploadCsvFile).not.toHaveBeenCalled();
  });

  it('imports every file, saves the CSV source and opens the models', async () => {
    uploadCsvFile.mockImplementation(async (_projectId: string, file: File, { onProgress }: { onProgress: (f: number) => void }) => {
      onProgress(1);
      return { jobId: `job-${file.name}` };
    });
    const api = renderPage({
      CsvImportJob: ({ id }) => ({
        data: { csvImportJob: { id, state: 'SUCCESS', progress: 1, error: null, tableName: String(id).replace(/^job-|\.csv$/g, '') } },
      }),
      SaveDataSource: { data: { saveDataSource: { type: 'CSV', properties: {}, sampleDataset: null } } },
    });
    fireEvent.change(await screen.findByLabelText('CSV files', {}, { timeout: 10_000 }), {
      target: { files: [csvFile('orders.csv', 1000), csvFile('customers.csv', 2000)] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/setup/models'), {
      timeout: 10_000,
    });
    expect(uploadCsvFile).toHaveBeenCalledTimes(2);
    expect(api.callsOf('CsvImportJob').map((variables) => variables.id).sort()).toEqual(['job-customers.csv', 'job-orders.csv']);
    expect(api.callsOf('SaveDataSource')).toEqual([{ projectId: 'p1', data: { type: 'CSV', properties: {} } }]);
  });

  it('sends the missing-value markers chosen, shows how each file was read and waits before moving on', async () => {
    uploadCsvFile.mockResolvedValue({ jobId: 'job-1' });
    const notes = ["1,204 values 'NA' read as missing (delay 1,204)", 'The file is not UTF-8: it was read as Windows-1252 (Latin-1) text.'];
    const api = renderPage({
      CsvImportJob: { data: { csvImportJob: { id: 'job-1', state: 'SUCCESS', progress: 1, error: null, tableName: 'delays', notes } } },
      SaveDataSource: { data: { saveDataSource: { type: 'CSV', properties: {}, sampleDataset: null } } },
    });
    fireEvent.change(await screen.findByLabelText('CSV files', {}, { timeout: 10_000 }), {
      target: { files: [csvFile('delays.csv', 1000)] },
    });
    fireEvent.click(screen.getByText('Advanced: missing values'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Empty fields are missing values' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));

    const read = await screen.findByRole('list', { name: 'How delays.csv was read' }, { timeout: 10_000 });
    expect(within(read).getByText(notes[0])).toBeInTheDocument();
    expect(within(read).getByText(notes[1])).toBeInTheDocument();
    const [, , options] = uploadCsvFile.mock.calls[0];
    expect(options.missingMarkers).toEqual(['NA', 'N/A', 'NULL', 'null', 'None', 'NaN', '-']);
    // The page stays until the user has read the notes; then the source is saved.
    const next = await screen.findByRole('button', { name: 'Continue' }, { timeout: 10_000 });
    expect(api.callsOf('SaveDataSource')).toEqual([]);
    fireEvent.click(next);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/setup/models'));
    expect(api.callsOf('SaveDataSource')).toEqual([{ projectId: 'p1', data: { type: 'CSV', properties: {} } }]);
  });

  it('shows the line at fault and stays when an import fails', async () => {
    uploadCsvFile.mockResolvedValue({ jobId: 'job-1' });
    const api = renderPage({
      CsvImportJob: { data: { csvImportJob: { id: 'job-1', state: 'ERROR', progress: 0.4, error: 'line 12, column 3: unterminated quote', tableName: null } } },
    });
    fireEvent.change(await screen.findByLabelText('CSV files', {}, { timeout: 10_000 }), {
      target: { files: [csvFile('broken.csv', 1000)] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));

    const item = screen.getByRole('listitem', { name: 'broken.csv' });
    expect(
      await within(item).findByText('Failed to import broken.csv. line 12, column 3: unterminated quote.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Retry failed files' }, { timeout: 10_000 })).toBeEnabled();
    expect(api.callsOf('SaveDataSource')).toEqual([]);
  });
});
