import { useQuery } from 'urql';
import { Card, Table, Tag, Typography, toast } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { EMPTY_TEXT, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { formatDateTime } from '../../../components/page/formatDate';
import { failureMessage } from '../../../app/errors/operationErrors';
import { DEFAULT_CSV_IMPORT_MAX_FILE_SIZE_MB, useAppConfig } from '../../../app/config';
import type { CsvImportJobsQuery as CsvImportJobsResult, CsvImportState } from '../../../gql/graphql';
import { CardHeading } from '../../dataSource/components/CardHeading';
import { csvStateText } from '../csvFiles';
import { CsvImportJobsQuery } from '../graphql/csvImport';
import { CsvColumnTypeForm } from './CsvColumnTypeForm';
import { CsvUploader } from './CsvUploader';

type Job = CsvImportJobsResult['csvImportJobs'][number];

const STATE_COLOR: Record<CsvImportState, string> = {
  INIT: 'default',
  UPLOADING: 'processing',
  IMPORTING: 'processing',
  OVERRIDING: 'processing',
  SUCCESS: 'success',
  ERROR: 'error',
};

const COLUMNS: TableColumnsType<Job> = [
  { title: 'File', dataIndex: 'fileName', key: 'fileName' },
  { title: 'Table', dataIndex: 'tableName', key: 'tableName' },
  {
    title: 'Rows',
    dataIndex: 'rowCount',
    key: 'rowCount',
    align: 'right',
    render: (rows: number | null) => (rows == null ? '' : rows.toLocaleString('en-US')),
  },
  {
    title: 'Status',
    key: 'state',
    render: (_, job) => (
      <>
        <Tag color={STATE_COLOR[job.state]}>{csvStateText(job.state)}</Tag>
        {job.error && <Typography.Text type="danger">{job.error}</Typography.Text>}
      </>
    ),
  },
  {
    title: 'How it was read',
    key: 'notes',
    render: (_, job) =>
      job.notes.length > 0 && (
        <ul aria-label={`How ${job.fileName} was read`} style={{ margin: 0, paddingLeft: 16 }}>
          {job.notes.map((note) => (
            <li key={note}>
              <Typography.Text type="secondary">{note}</Typography.Text>
            </li>
          ))}
        </ul>
      ),
  },
  { title: 'Uploaded', dataIndex: 'createdAt', key: 'createdAt', render: (value: string) => formatDateTime(value) },
];

/**
 * Settings › Data connection of a CSV project: the files imported so far and how each was
 * read, and (for owners) more files to add. A file named like an existing table replaces it;
 * the models follow once the schema change below is applied. Those who may change the
 * models may also change an imported column's type.
 */
export function CsvFilesPanel({
  projectId,
  canEdit,
  canChangeTypes = canEdit,
  onImported,
}: {
  projectId: string;
  canEdit: boolean;
  canChangeTypes?: boolean;
  onImported?: () => void;
}) {
  const [{ data, fetching, error }, reexecute] = useQuery({ query: CsvImportJobsQuery, variables: { projectId } });
  const config = useAppConfig();
  const maxFileSizeMB = config.config?.csvImportMaxFileSizeMB ?? DEFAULT_CSV_IMPORT_MAX_FILE_SIZE_MB;
  const refresh = () => reexecute({ requestPolicy: 'network-only' });

  const imported = () => {
    toast.success('CSV files imported. Detect schema changes to update the models.');
    refresh();
    onImported?.();
  };

  let body;
  if (fetching && !data) body = <LoadingState />;
  else if (error && !data) body = <ErrorState message={failureMessage(error, 'Failed to load CSV imports.') ?? undefined} onRetry={refresh} />;
  else
    body = (
      <Table<Job>
        size="small"
        rowKey="id"
        columns={COLUMNS}
        dataSource={data?.csvImportJobs ?? []}
        pagination={false}
        locale={{ emptyText: EMPTY_TEXT }}
        aria-label="Imported CSV files"
      />
    );

  return (
    <Card title={<CardHeading>CSV files</CardHeading>} style={{ marginBottom: 16 }}>
      {body}
      {canEdit && (
        <div style={{ marginTop: 16 }}>
          <Typography.Paragraph type="secondary">
            Add more files, or upload a file with the name of an existing table to replace it.
          </Typography.Paragraph>
          <CsvUploader projectId={projectId} maxFileSizeMB={maxFileSizeMB} onAllImported={imported} />
        </div>
      )}
      {canChangeTypes && <CsvColumnTypeForm projectId={projectId} />}
    </Card>
  );
}
