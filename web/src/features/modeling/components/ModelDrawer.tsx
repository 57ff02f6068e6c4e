import { useState } from 'react';
import { useMutation } from 'urql';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { Button, Drawer, Popconfirm, Select, Space, Table, Tabs, Typography, toast } from '../../../components/ui';
import { EMPTY_TEXT } from '../../../components/page/PageStates';
import type { DiagramModel, DiagramRelationship } from '../diagram/layout';
import { cardinality } from '../diagram/layout';
import {
  DeleteModelMutation,
  DeleteRelationshipMutation,
  UpdateRelationshipMutation,
} from '../graphql/modeling';
import { RELATION_TYPE_OPTIONS } from '../relationTypes';
import type { ModelingRights } from '../hooks/useModelingRights';
import { CalculatedFieldsTab } from './CalculatedFieldsTab';
import { TermsTab } from './TermsTab';
import { useKnowledgeRights } from '../../knowledge/hooks/useKnowledgeRights';
import { PreviewPanel, SqlPanel } from './PreviewPanel';
import { MetadataTab } from './MetadataTab';

export interface ModelDrawerProps {
  projectId: string;
  model: DiagramModel;
  relationships: DiagramRelationship[];
  rights: ModelingRights;
  onClose: () => void;
  /** After any edit: the diagram and the sync status are read again. */
  onChanged: () => void;
}

/** Everything about one model: metadata and columns, calculated fields, relationships, data and SQL. */
export function ModelDrawer({ projectId, model, relationships, rights, onClose, onChanged }: ModelDrawerProps) {
  const [tab, setTab] = useState('columns');
  const { canManage: canTeach } = useKnowledgeRights(projectId);
  const [, deleteModel] = useMutation(DeleteModelMutation);
  const remove = async () => {
    const result = await deleteModel({ modelId: model.id });
    if (result.error) return showFailureToast(result.error, 'Failed to delete model.');
    toast.success(`Model ${model.displayName} deleted.`);
    onChanged();
    onClose();
  };
  const own = relationships.filter((r) => r.fromModel === model.referenceName || r.toModel === model.referenceName);
  return (
    <Drawer
      open
      width={760}
      title={
        <Space>
          {model.displayName}
          <Typography.Text type="secondary" code>
            {model.sourceTableName ?? 'SQL'}
          </Typography.Text>
        </Space>
      }
      onClose={onClose}
      extra={
        rights.canCreate ? (
          <Popconfirm title="Delete this model and its relationships?" okText="Delete" onConfirm={() => void remove()}>
            <Button danger>Delete</Button>
          </Popconfirm>
        ) : null
      }
      destroyOnClose
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'columns', label: 'Columns', children: <MetadataTab model={model} canUpdate={rights.canUpdate} onChanged={onChanged} /> },
          {
            key: 'terms',
            label: 'Understood as',
            children: tab === 'terms' ? <TermsTab projectId={projectId} model={model} canManage={canTeach} /> : null,
          },
          { key: 'calculated', label: 'Calculated fields', children: <CalculatedFieldsTab model={model} rights={rights} onChanged={onChanged} /> },
          { key: 'relationships', label: `Relationships (${own.length})`, children: <RelationshipsTab relationships={own} rights={rights} onChanged={onChanged} /> },
          { key: 'preview', label: 'Preview data', children: tab === 'preview' ? <PreviewPanel target={{ kind: 'model', id: model.id }} /> : null },
          { key: 'sql', label: 'View SQL', children: tab === 'sql' ? <SqlPanel target={{ kind: 'model', id: model.id }} /> : null },
        ]}
      />
    </Drawer>
  );
}

function RelationshipsTab({ relationships, rights, onChanged }: { relationships: DiagramRelationship[]; rights: ModelingRights; onChanged: () => void }) {
  const [, update] = useMutation(UpdateRelationshipMutation);
  const [, remove] = useMutation(DeleteRelationshipMutation);
  const change = async (r: DiagramRelationship, type: DiagramRelationship['type']) => {
    const result = await update({ relationshipId: r.id, type });
    if (result.error) return showFailureToast(result.error, 'Failed to update relationship.');
    onChanged();
  };
  const drop = async (r: DiagramRelationship) => {
    const result = await remove({ relationshipId: r.id });
    if (result.error) return showFailureToast(result.error, 'Failed to delete relationship.');
    onChanged();
  };
  return (
    <Table<DiagramRelationship>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={relationships}
      locale={{ emptyText: EMPTY_TEXT }}
      aria-label="Model relationships"
      columns={[
        { title: 'From', key: 'from', render: (_, r) => <code>{`${r.fromModel}.${r.fromColumn}`}</code> },
        { title: 'To', key: 'to', render: (_, r) => <code>{`${r.toModel}.${r.toColumn}`}</code> },
        {
          title: 'Type',
          key: 'type',
          render: (_, r) => (
            <Select
              size="small"
              value={r.type}
              disabled={!rights.canUpdate}
              style={{ width: 150 }}
              aria-label={`Type of ${r.name}`}
              options={RELATION_TYPE_OPTIONS.map((o) => ({ ...o, label: `${o.label} (${cardinality(o.value)})` }))}
              onChange={(type) => void change(r, type)}
            />
          ),
        },
        {
          title: '',
          key: 'actions',
          render: (_, r) =>
            rights.canCreate ? (
              <Popconfirm title="Delete this relationship?" okText="Delete" onConfirm={() => void drop(r)}>
                <Button size="small" danger type="link">
                  Delete
                </Button>
              </Popconfirm>
            ) : null,
        },
      ]}
    />
  );
}
