import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { Button, Card, Checkbox, Flex, Select, Table, Typography, toast } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import type { ModelsQuery, RecommendedRelationshipsQuery, RelationType } from '../../../gql/graphql';
import { SaveRelationsMutation } from '../graphql/modeling';
import { RELATION_TYPE_OPTIONS, relationKey, toRelationInput, type RelationRow } from '../relationTypes';
import { AddRelationshipForm, type NewRelation } from './AddRelationshipForm';

type Recommended = RecommendedRelationshipsQuery['recommendedRelationships'][number];
type Model = ModelsQuery['models'][number];

export const SAVE_RELATIONS_FAILED = 'Failed to save relationships.';
export const ADDED_BY_YOU = 'Added by you';

function rowsOf(recommended: readonly Recommended[]): RelationRow[] {
  const seen = new Set<string>();
  const rows: RelationRow[] = [];
  for (const relation of recommended) {
    const key = relationKey(relation);
    if (seen.has(key)) continue;
    seen.add(key);
    const { fromModel, fromColumn, toModel, toColumn, type, reason } = relation;
    rows.push({ key, fromModel, fromColumn, toModel, toColumn, type, reason, keep: true });
  }
  return rows;
}

/**
 * The recommended relationships, each kept unless unchecked and with a type to adjust, plus the
 * ones the user adds. Finish saves the kept ones; Skip saves none. Both open modeling.
 */
export function RelationshipsEditor({
  projectId,
  recommended,
  models,
}: {
  projectId: string;
  recommended: readonly Recommended[];
  models: readonly Model[];
}) {
  const [rows, setRows] = useState<RelationRow[]>(() => rowsOf(recommended));
  const [{ fetching: saving }, saveRelations] = useMutation(SaveRelationsMutation);
  const [finishing, setFinishing] = useState<'finish' | 'skip' | null>(null);
  const navigate = useNavigate();
  const kept = rows.filter((row) => row.keep);

  const update = (key: string, change: Partial<RelationRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const add = (relation: NewRelation): boolean => {
    const key = relationKey(relation);
    if (rows.some((row) => row.key === key)) {
      toast.warning('This relationship is already listed.');
      return false;
    }
    setRows((current) => [...current, { ...relation, key, reason: ADDED_BY_YOU, keep: true }]);
    return true;
  };

  const finish = async (mode: 'finish' | 'skip') => {
    setFinishing(mode);
    const relations = mode === 'finish' ? kept.map(toRelationInput) : [];
    // Saving the relations finishes onboarding: the project's cached status must go.
    const result = await saveRelations({ projectId, relations }, { additionalTypenames: ['Project', 'Relationship'] });
    setFinishing(null);
    if (result.error) {
      showFailureToast(result.error, SAVE_RELATIONS_FAILED);
      return;
    }
    navigate(paths.modeling(projectId));
  };

  const columns: TableColumnsType<RelationRow> = [
    {
      title: 'Keep',
      key: 'keep',
      width: 64,
      render: (_, row) => (
        <Checkbox
          aria-label={`Keep ${row.key}`}
          checked={row.keep}
          disabled={saving}
          onChange={(event) => update(row.key, { keep: event.target.checked })}
        />
      ),
    },
    { title: 'From', key: 'from', render: (_, row) => <code>{`${row.fromModel}.${row.fromColumn}`}</code> },
    { title: '', key: 'arrow', width: 32, render: () => <span aria-hidden="true">→</span> },
    { title: 'To', key: 'to', render: (_, row) => <code>{`${row.toModel}.${row.toColumn}`}</code> },
    {
      title: 'Type',
      key: 'type',
      width: 170,
      render: (_, row) => (
        <Select<RelationType>
          aria-label={`Type of ${row.key}`}
          value={row.type}
          options={RELATION_TYPE_OPTIONS}
          disabled={saving}
          onChange={(type) => update(row.key, { type })}
          style={{ width: 150 }}
        />
      ),
    },
    { title: 'Reason', dataIndex: 'reason' },
  ];

  return (
    <Card>
      <Table<RelationRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        onRow={(row) => ({ style: row.keep ? undefined : { opacity: 0.55 } })}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Add relationship
      </Typography.Title>
      <AddRelationshipForm models={models} disabled={saving} onAdd={add} />
      <Flex justify="space-between" align="center" style={{ marginTop: 24 }} gap={16} wrap>
        <Typography.Text aria-live="polite">
          {kept.length} of {rows.length} {rows.length === 1 ? 'relationship' : 'relationships'} kept
        </Typography.Text>
        <Flex gap={8}>
          <Button onClick={() => void finish('skip')} loading={finishing === 'skip'} disabled={saving}>
            Skip
          </Button>
          <Button type="primary" onClick={() => void finish('finish')} loading={finishing === 'finish'} disabled={saving}>
            Finish
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
