import { useState } from 'react';
import { useClient, useMutation } from 'urql';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { Alert, Button, Modal, Space, Typography, Upload, toast } from '../../../components/ui';
import { ExportMdlQuery, ImportMdlMutation } from '../graphql/modeling';

/** Export the semantic model as a versioned MDL file, or import one in its place. */
export function MdlTransfer({ projectId, canImport, onImported }: { projectId: string; canImport: boolean; onImported: () => void }) {
  const client = useClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [{ fetching }, importMdl] = useMutation(ImportMdlMutation);

  const download = async () => {
    const result = await client.query(ExportMdlQuery, { projectId }, { requestPolicy: 'network-only' }).toPromise();
    if (result.error || !result.data) return showFailureToast(result.error, 'Failed to export MDL.');
    const url = URL.createObjectURL(new Blob([result.data.exportMdl], { type: 'application/json' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'quarry-mdl.json' });
    link.click();
    URL.revokeObjectURL(url);
  };

  const replace = async () => {
    if (!file) return;
    const result = await importMdl({ projectId, mdl: file.text });
    if (result.error) return showFailureToast(result.error, 'Failed to import MDL.');
    toast.success(`Imported ${result.data?.importMdl ?? 0} models from ${file.name}.`);
    setOpen(false);
    setFile(null);
    onImported();
  };

  return (
    <>
      <Button onClick={() => void download()}>Export MDL</Button>
      {canImport ? <Button onClick={() => setOpen(true)}>Import MDL</Button> : null}
      <Modal
        title="Import MDL"
        open={open}
        okText="Replace models"
        okButtonProps={{ danger: true, disabled: !file }}
        confirmLoading={fetching}
        onOk={() => void replace()}
        onCancel={() => setOpen(false)}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon message="The file's models, relationships, views and metrics replace the project's. Deploy afterwards." />
          <Upload
            accept=".json,application/json"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(chosen) => {
              void chosen.text().then((text) => setFile({ name: chosen.name, text }));
              return false;
            }}
          >
            <Button>Choose an MDL file</Button>
          </Upload>
          {file ? <Typography.Text>{file.name}</Typography.Text> : null}
        </Space>
      </Modal>
    </>
  );
}
