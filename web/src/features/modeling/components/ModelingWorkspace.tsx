import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { failureMessage } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import { Button, BulbOutlined, Card, Flex, List, PlusOutlined, Select, Space, Typography } from '../../../components/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { EDGE_TYPES } from '../diagram/layout';
import type { DiagramModel, EdgeShape } from '../diagram/layout';
import { ModelingDiagramQuery } from '../graphql/modeling';
import { useDeploy } from '../hooks/useDeploy';
import { useModelingRights } from '../hooks/useModelingRights';
import { DeployButton } from './DeployButton';
import { MdlTransfer } from './MdlTransfer';
import { AddModelModal, AddRelationshipModal, CreateViewModal, ViewDrawer } from './ModelingDialogs';
import { ModelDrawer } from './ModelDrawer';

// The canvas (and React Flow with it) loads only on the modeling page.
const ModelDiagram = lazy(() => import('../diagram/ModelDiagram'));

/** PRODUCT.md §9 custom event: opens the first model's drawer. */
export const GO_TO_FIRST_MODEL_EVENT = 'goToFirstModel';

type Dialog = 'model' | 'view' | 'relationship' | null;
type Opened = { kind: 'model'; id: string } | { kind: 'view'; id: string } | null;

/** The modeling page: the diagram, the list of models and views, their drawers, and deploy. */
export function ModelingWorkspace({ projectId }: { projectId: string }) {
  const [{ data, fetching, error }, reexecute] = useQuery({ query: ModelingDiagramQuery, variables: { projectId } });
  const deploy = useDeploy(projectId);
  const rights = useModelingRights(projectId);
  const [edgeShape, setEdgeShape] = useState<EdgeShape>('smoothstep');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [opened, setOpened] = useState<Opened>(null);
  const models = data?.models ?? [];
  const views = data?.views ?? [];
  const relationships = data?.relationships ?? [];
  const metrics = data?.metrics ?? [];
  const refreshDeploy = deploy.refresh;

  const changed = useCallback(() => {
    reexecute({ requestPolicy: 'network-only' });
    refreshDeploy();
  }, [reexecute, refreshDeploy]);

  const firstModelId = models[0]?.id;
  useEffect(() => {
    const open = () => firstModelId && setOpened({ kind: 'model', id: firstModelId });
    window.addEventListener(GO_TO_FIRST_MODEL_EVENT, open);
    return () => window.removeEventListener(GO_TO_FIRST_MODEL_EVENT, open);
  }, [firstModelId]);

  if (fetching && !data) return <LoadingState />;
  if (error && !data) {
    return <ErrorState message={failureMessage(error, 'Failed to load models.') ?? undefined} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />;
  }
  if (models.length === 0) {
    return (
      <EmptyState>
        <Link to={paths.setupConnection(projectId)}>Connect a data source</Link>
      </EmptyState>
    );
  }
  const openedModel = opened?.kind === 'model' ? models.find((m) => m.id === opened.id) : undefined;
  const openedView = opened?.kind === 'view' ? views.find((v) => v.id === opened.id) : undefined;
  const openModel = (model: DiagramModel) => setOpened({ kind: 'model', id: model.id });

  return (
    <>
      <Flex justify="space-between" align="center" wrap="wrap" gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          {rights.canCreate ? (
            <>
              <Button icon={<PlusOutlined />} onClick={() => setDialog('model')}>
                Add model
              </Button>
              <Button icon={<PlusOutlined />} onClick={() => setDialog('relationship')}>
                Add relationship
              </Button>
              <Button icon={<PlusOutlined />} onClick={() => setDialog('view')}>
                Add view
              </Button>
            </>
          ) : null}
          <Select<EdgeShape>
            value={edgeShape}
            onChange={setEdgeShape}
            aria-label="Edge style"
            style={{ width: 170 }}
            options={EDGE_TYPES.map((shape) => ({ value: shape, label: `${shape} edges` }))}
          />
          <MdlTransfer projectId={projectId} canImport={rights.canCreate} onImported={changed} />
          {rights.canUpdate && (
            <Link to={paths.recommendSemantics(projectId)}>
              <Button icon={<BulbOutlined />}>Describe models</Button>
            </Link>
          )}
        </Space>
        <DeployButton deploy={deploy} canDeploy={rights.canUpdate} />
      </Flex>
      {/* Side by side on a wide screen; on a phone the list above and the diagram below, each the full width. */}
      <Flex gap={12} align="stretch" wrap="wrap">
        <Card size="small" style={{ flex: '1 1 240px' }} styles={{ body: { padding: 8, maxHeight: 640, overflow: 'auto' } }}>
          <Typography.Text type="secondary">Models ({models.length})</Typography.Text>
          <List
            size="small"
            dataSource={models}
            renderItem={(m) => (
              <List.Item style={{ cursor: 'pointer', padding: '4px 8px' }} onClick={() => openModel(m)}>
                {m.displayName}
              </List.Item>
            )}
          />
          <Typography.Text type="secondary">Views ({views.length})</Typography.Text>
          <List
            size="small"
            dataSource={views}
            locale={{ emptyText: 'No Data' }}
            renderItem={(v) => (
              <List.Item style={{ cursor: 'pointer', padding: '4px 8px' }} onClick={() => setOpened({ kind: 'view', id: v.id })}>
                {v.displayName}
              </List.Item>
            )}
          />
        </Card>
        <div
          style={{ flex: '1000 1 300px', height: 640, border: '1px solid #f0f0f0', borderRadius: 8, background: '#fff' }}
          aria-label="Model diagram"
          data-testid="model-diagram"
        >
          <Suspense fallback={<LoadingState />}>
            <ModelDiagram projectId={projectId} models={models} relationships={relationships} metrics={metrics} edgeShape={edgeShape} onOpenModel={openModel} />
          </Suspense>
        </div>
      </Flex>
      {openedModel ? <ModelDrawer projectId={projectId} model={openedModel} relationships={relationships} rights={rights} onClose={() => setOpened(null)} onChanged={changed} /> : null}
      {openedView ? <ViewDrawer view={openedView} rights={rights} onClose={() => setOpened(null)} onChanged={changed} /> : null}
      {dialog === 'model' ? <AddModelModal projectId={projectId} models={models} onClose={() => setDialog(null)} onChanged={changed} /> : null}
      {dialog === 'view' ? <CreateViewModal projectId={projectId} onClose={() => setDialog(null)} onChanged={changed} /> : null}
      {dialog === 'relationship' ? <AddRelationshipModal projectId={projectId} models={models} onClose={() => setDialog(null)} onChanged={changed} /> : null}
    </>
  );
}
