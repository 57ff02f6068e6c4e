import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Collapse,
  DeleteOutlined,
  Flex,
  InboxOutlined,
  List,
  Progress,
  Select,
  Typography,
  Upload,
} from '../../../components/ui';
import type { UploadProps } from '../../../components/ui';
import { chosenMarkers, csvStateText, DEFAULT_MISSING_MARKERS, formatFileSize } from '../csvFiles';
import { useCsvUploads, type CsvUpload } from '../hooks/useCsvUploads';

function statusText(upload: CsvUpload): string {
  switch (upload.phase) {
    case 'queued':
      return 'Ready to upload';
    case 'uploading':
      return `Uploading (${upload.percent}%)`;
    case 'importing':
      return upload.jobState ? csvStateText(upload.jobState) : 'Waiting to import';
    case 'success':
      return upload.tableName ? `Imported as table ${upload.tableName}` : 'Imported';
    case 'error':
      return upload.error ?? 'Failed';
  }
}

function progressStatus(upload: CsvUpload): 'normal' | 'active' | 'success' | 'exception' {
  if (upload.phase === 'error') return 'exception';
  if (upload.phase === 'success') return 'success';
  return upload.phase === 'queued' ? 'normal' : 'active';
}

/** What an import read otherwise than as written: values read as missing, the encoding, dates. */
export function ImportNotes({ fileName, notes }: { fileName: string; notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginTop: 8 }}
      message={`How ${fileName} was read`}
      description={
        <ul aria-label={`How ${fileName} was read`} style={{ margin: 0, paddingLeft: 20 }}>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      }
    />
  );
}

/** The "advanced" choice of what counts as a missing value, before the files are sent. */
function MissingMarkers({ markers, onChange, disabled }: { markers: string[]; onChange: (next: string[]) => void; disabled: boolean }) {
  const empty = markers.includes('');
  const written = markers.filter((marker) => marker !== '');
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">
        Values read as missing before the columns are typed, so a column of numbers with NA cells is still a column of numbers.
      </Typography.Text>
      <Select
        mode="tags"
        aria-label="Missing-value markers"
        value={written}
        disabled={disabled}
        tokenSeparators={[' ']}
        options={DEFAULT_MISSING_MARKERS.filter((marker) => marker !== '').map((marker) => ({ value: marker, label: marker }))}
        onChange={(next: string[]) => onChange([...(empty ? [''] : []), ...next.map((marker) => marker.trim()).filter(Boolean)])}
      />
      <Flex gap={16} align="center">
        <Checkbox
          checked={empty}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked ? ['', ...written] : written)}
        >
          Empty fields are missing values
        </Checkbox>
        <Button type="link" size="small" disabled={disabled} onClick={() => onChange([...DEFAULT_MISSING_MARKERS])}>
          Use the defaults
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * Drop or pick CSV files, see the size cap, send them and follow each one's import. Files over
 * the cap (or not .csv) are refused here, before a byte is sent. What each import read as
 * missing, and how it read dates or the encoding, is shown under its file.
 */
export function CsvUploader({
  projectId,
  maxFileSizeMB,
  onAllImported,
  finishing,
}: {
  projectId: string;
  maxFileSizeMB: number;
  /** Every listed file imported; `notes` counts the files whose import has something to say. */
  onAllImported: (summary: { notes: number }) => void | Promise<void>;
  finishing?: boolean;
}) {
  const [markers, setMarkers] = useState<string[]>([...DEFAULT_MISSING_MARKERS]);
  const { uploads, rejections, add, remove, start, busy } = useCsvUploads(projectId, maxFileSizeMB, chosenMarkers(markers));
  const [starting, setStarting] = useState(false);
  const locked = busy || starting || Boolean(finishing);
  const pending = uploads.filter((upload) => upload.phase === 'queued' || upload.phase === 'error').length;

  // antd asks once per file; the whole batch is checked on its first file, then dropped from antd's own list.
  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    if (file.uid === batch[0]?.uid) add(batch);
    return Upload.LIST_IGNORE;
  };

  const upload = async () => {
    setStarting(true);
    const outcome = await start();
    setStarting(false);
    if (outcome.allImported) await onAllImported({ notes: outcome.noted });
  };

  return (
    <Card>
      <Upload.Dragger
        multiple
        accept=".csv,text/csv"
        showUploadList={false}
        beforeUpload={beforeUpload}
        disabled={locked}
        aria-label="CSV files"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Click or drag CSV files to this area</p>
        <p className="ant-upload-hint">
          Up to {maxFileSizeMB} MB per file. Each file becomes a table; the first row holds the column names.
        </p>
      </Upload.Dragger>

      {rejections.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 16 }}
          message={rejections.length === 1 ? 'This file was not added' : 'These files were not added'}
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {rejections.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          }
        />
      )}

      {uploads.length > 0 && (
        <List
          style={{ marginTop: 16 }}
          aria-label="Files to import"
          dataSource={uploads}
          rowKey="uid"
          renderItem={(item) => (
            <List.Item
              aria-label={item.file.name}
              actions={
                item.phase === 'queued' || item.phase === 'error'
                  ? [
                      <Button
                        key="remove"
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={`Remove ${item.file.name}`}
                        disabled={locked}
                        onClick={() => remove(item.uid)}
                      />,
                    ]
                  : undefined
              }
            >
              <div style={{ width: '100%' }}>
                <Flex justify="space-between" gap={8}>
                  <Typography.Text strong>{item.file.name}</Typography.Text>
                  <Typography.Text type="secondary">{formatFileSize(item.file.size)}</Typography.Text>
                </Flex>
                <Progress
                  percent={item.percent}
                  status={progressStatus(item)}
                  aria-label={`Progress of ${item.file.name}`}
                />
                <Typography.Text type={item.phase === 'error' ? 'danger' : 'secondary'}>{statusText(item)}</Typography.Text>
                <ImportNotes fileName={item.file.name} notes={item.notes ?? []} />
              </div>
            </List.Item>
          )}
        />
      )}

      <Collapse
        ghost
        size="small"
        style={{ marginTop: 8 }}
        items={[
          {
            key: 'advanced',
            label: 'Advanced: missing values',
            children: <MissingMarkers markers={markers} onChange={setMarkers} disabled={locked} />,
          },
        ]}
      />

      <Flex justify="end" style={{ marginTop: 16 }}>
        <Button type="primary" onClick={() => void upload()} disabled={pending === 0 || locked} loading={starting || finishing}>
          {uploads.some((item) => item.phase === 'error') ? 'Retry failed files' : 'Upload'}
        </Button>
      </Flex>
    </Card>
  );
}
