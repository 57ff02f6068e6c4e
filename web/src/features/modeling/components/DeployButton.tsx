import { useState } from 'react';
import { Button, CheckCircleOutlined, Modal, Space, Tag, Typography } from '../../../components/ui';
import { formatDateTime } from '../../../components/page/formatDate';
import type { useDeploy } from '../hooks/useDeploy';

type Deploy = ReturnType<typeof useDeploy>;

const STATUS_TAG = {
  SYNCRONIZED: { color: 'green', text: 'Synced' },
  UNSYNCRONIZED: { color: 'orange', text: 'Undeployed changes' },
  IN_PROGRESS: { color: 'blue', text: 'Deploying…' },
} as const;

/** The sync status, the deploy button, and the last deploy's log. */
export function DeployButton({ deploy, canDeploy }: { deploy: Deploy; canDeploy: boolean }) {
  const [logOpen, setLogOpen] = useState(false);
  const tag = deploy.deploying ? STATUS_TAG.IN_PROGRESS : deploy.status ? STATUS_TAG[deploy.status] : null;
  const last = deploy.lastDeploy;
  return (
    <Space>
      {tag ? (
        <Tag color={tag.color} data-testid="sync-status">
          {tag.text}
        </Tag>
      ) : null}
      {last ? (
        <Button type="link" size="small" onClick={() => setLogOpen(true)}>
          Deploy log
        </Button>
      ) : null}
      <Button
        type="primary"
        icon={<CheckCircleOutlined />}
        loading={deploy.deploying}
        disabled={!canDeploy || (deploy.status === 'SYNCRONIZED' && !deploy.deploying)}
        onClick={() => void deploy.deploy()}
      >
        Deploy
      </Button>
      <Modal title="Last deploy" open={logOpen} onCancel={() => setLogOpen(false)} footer={null} width={720}>
        {last ? (
          <>
            <Typography.Paragraph type="secondary">
              {last.status === 'SUCCESS' ? 'Succeeded' : last.status === 'FAILED' ? 'Failed' : 'Running'} · started {formatDateTime(last.startedAt)}
              {last.finishedAt ? ` · finished ${formatDateTime(last.finishedAt)}` : ''}
            </Typography.Paragraph>
            <pre className="deploy-log" aria-label="Deploy log">
              {last.log || last.error || 'No Data'}
            </pre>
          </>
        ) : null}
      </Modal>
    </Space>
  );
}
