import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import {
  Alert,
  Button,
  ColumnWidthOutlined,
  DownloadOutlined,
  Dropdown,
  Flex,
  Modal,
  MoreOutlined,
  SaveOutlined,
  Spin,
  Tag,
  Tooltip,
  Typography,
} from '../../../components/ui';
import { RenameableTitle } from '../../../components/page/RenameableTitle';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import type { SpreadsheetFieldsFragment } from '../../../gql/graphql';
import { DeleteSpreadsheetMutation, UpdateSpreadsheetMutation } from '../graphql/spreadsheet';
import type { ExportState } from '../hooks/useSpreadsheetExport';
import { emitSpreadsheetEvent } from '../spreadsheetEvents';

const TREE = { additionalTypenames: ['FolderTree'] };

type Props = {
  projectId: string;
  sheet: SpreadsheetFieldsFragment;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onColumns: () => void;
  columnsReady: boolean;
  exportState: ExportState;
  onExport: () => void;
};

const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/** The spreadsheet's name (renamed in place), Save view, Columns, Download CSV and Delete. */
export function SpreadsheetHeader({ projectId, sheet, dirty, saving, onSave, onColumns, columnsReady, exportState, onExport }: Props) {
  const navigate = useNavigate();
  const [, update] = useMutation(UpdateSpreadsheetMutation);
  const [, remove] = useMutation(DeleteSpreadsheetMutation);
  const exporting = exportState.phase === 'running';

  const rename = async (name: string) => {
    const result = await update({ projectId, spreadsheetId: sheet.id, name }, TREE);
    if (result.error) return showFailureToast(result.error, 'Failed to update spreadsheet.');
    emitSpreadsheetEvent('name', { spreadsheetId: sheet.id, name: result.data?.updateSpreadsheet.name ?? name });
  };
  const confirmDelete = () =>
    Modal.confirm({
      title: `Delete the spreadsheet "${sheet.name}"?`,
      content: 'Its saved view is deleted with it; the data and the thread it came from stay.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        const result = await remove({ projectId, spreadsheetId: sheet.id }, TREE);
        if (result.error) return showFailureToast(result.error, 'Failed to delete spreadsheet.');
        emitSpreadsheetEvent('tree', { spreadsheetId: sheet.id });
        navigate(paths.home(projectId));
      },
    });

  return (
    <Flex vertical gap={4} style={{ marginBottom: 12 }}>
      <Flex justify="space-between" align="center" gap={12} wrap="wrap">
        <RenameableTitle name={sheet.name} canEdit={sheet.canEdit} onRename={rename} testId="spreadsheet-name" />
        <Flex gap={8} wrap="wrap" align="center">
          {sheet.canEdit && dirty && <Tag color="gold" data-testid="unsaved">Unsaved changes</Tag>}
          {sheet.canEdit && (
            <>
              <Button icon={<ColumnWidthOutlined />} onClick={onColumns} disabled={!columnsReady}>
                Columns
              </Button>
              <Button type="primary" icon={<SaveOutlined />} onClick={onSave} loading={saving} disabled={!dirty}>
                Save view
              </Button>
            </>
          )}
          <Tooltip title={dirty ? 'The file follows the saved view: save first to export what you see.' : undefined}>
            <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting}>
              Download CSV
            </Button>
          </Tooltip>
          {sheet.canEdit && (
            <Dropdown
              trigger={['click']}
              menu={{ items: [{ key: 'delete', label: 'Delete spreadsheet', danger: true }], onClick: confirmDelete }}
            >
              <Button icon={<MoreOutlined />} aria-label="Spreadsheet actions" />
            </Dropdown>
          )}
        </Flex>
      </Flex>
      {!sheet.canEdit && (
        <Typography.Text type="secondary" data-testid="read-only">
          Read-only: you can page, sort and filter, but not save the view.
        </Typography.Text>
      )}
      {exportState.phase === 'running' && (
        <Flex gap={8} align="center" role="status" data-testid="export-status">
          <Spin size="small" />
          <Typography.Text>Exporting… {rows(exportState.rowsWritten)} written</Typography.Text>
        </Flex>
      )}
      {exportState.phase === 'done' && (
        <Typography.Text type="secondary" role="status" data-testid="export-status">
          Exported {rows(exportState.rowsWritten)}; the download has started.
        </Typography.Text>
      )}
      {exportState.phase === 'failed' && <Alert type="error" showIcon message={exportState.error} data-testid="export-status" />}
    </Flex>
  );
}
