import { useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Button, CloseOutlined, Flex, Input, PlusOutlined, Table, Tag, Tooltip, Typography, UndoOutlined, toast } from '../../../components/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import type { TaughtTermsQuery as TaughtTermsResult, TermSource } from '../../../gql/graphql';
import { DeleteTaughtTermMutation, RemoveDerivedTermMutation, TaughtTermsQuery, TeachTermMutation } from '../../knowledge/graphql/knowledge';
import { ModelTermsQuery } from '../graphql/modeling';

type TaughtTerm = TaughtTermsResult['taughtTerms'][number];
type Term = { text: string; source: TermSource };

/** A row of the tab: the model itself (`column` null) or one of its columns. */
interface Row {
  key: string;
  label: string;
  column: string | null;
  terms: Term[];
  removed: TaughtTerm[];
}

const SOURCES: Record<TermSource, { label: string; color?: string }> = {
  NAME: { label: 'From the name' },
  ABBREVIATION: { label: 'A short form of the name, expanded', color: 'blue' },
  TAUGHT: { label: 'Taught by someone in the project', color: 'green' },
};

/**
 * What questions may call the model and each of its columns ("understood as"), with where each
 * term came from: the name's words, its short forms expanded, or what the project taught. Those
 * who may change knowledge add terms, remove taught and derived ones, and restore removed ones.
 */
export function TermsTab({ projectId, model, canManage }: { projectId: string; model: { id: string; referenceName: string }; canManage: boolean }) {
  const [terms, reloadTerms] = useQuery({ query: ModelTermsQuery, variables: { projectId }, requestPolicy: 'cache-and-network' });
  const [taught, reloadTaught] = useQuery({ query: TaughtTermsQuery, variables: { projectId }, pause: !canManage, requestPolicy: 'cache-and-network' });
  const [, teach] = useMutation(TeachTermMutation);
  const [, removeDerived] = useMutation(RemoveDerivedTermMutation);
  const [, deleteTaught] = useMutation(DeleteTaughtTermMutation);
  const reload = () => {
    reloadTerms({ requestPolicy: 'network-only' });
    if (canManage) reloadTaught({ requestPolicy: 'network-only' });
  };

  if ((terms.fetching && !terms.data) || (canManage && taught.fetching && !taught.data)) return <LoadingState />;
  const error = terms.error ?? (canManage ? taught.error : undefined);
  if (error) return <ErrorState message={failureMessage(error, 'Failed to load terms.') ?? undefined} onRetry={reload} />;
  const found = terms.data?.models.find((m) => m.id === model.id);
  // A deployed model is always understood by its name: no terms means it is not deployed yet.
  if (!found || found.terms.length === 0) return <EmptyState description="Deploy the models to see what questions understand this model and its columns as." />;

  const projectTerms = taught.data?.taughtTerms ?? [];
  const removedFor = (column: string | null) => projectTerms.filter((t) => t.removed && t.model === found.referenceName && t.column === column);
  const rows: Row[] = [
    { key: 'model', label: 'This model', column: null, terms: found.terms, removed: removedFor(null) },
    ...found.columns
      .filter((c) => !c.hidden && c.terms.length > 0)
      .map((c) => ({ key: c.id, label: c.referenceName, column: c.referenceName, terms: c.terms, removed: removedFor(c.referenceName) })),
  ];

  const target = (row: Row, phrase: string) => ({ phrase, model: found.referenceName, column: row.column });
  const add = async (row: Row, phrase: string) => {
    const result = await teach({ projectId, data: target(row, phrase) });
    if (result.error) return showFailureToast(result.error, 'Failed to teach term.');
    toast.success(`“${result.data?.teachTerm.phrase ?? phrase}” added.`);
    reload();
  };
  const remove = async (row: Row, term: Term) => {
    if (term.source === 'TAUGHT') {
      const taughtTerm = projectTerms.find((t) => !t.removed && t.phrase === term.text && t.model === found.referenceName && t.column === row.column);
      if (!taughtTerm) return reload();
      const result = await deleteTaught({ projectId, id: taughtTerm.id });
      if (result.error) return showFailureToast(result.error, 'Failed to delete taught term.');
    } else {
      const result = await removeDerived({ projectId, data: target(row, term.text) });
      if (result.error) return showFailureToast(result.error, 'Failed to remove term.');
    }
    toast.success(`“${term.text}” removed.`);
    reload();
  };
  const restore = async (removal: TaughtTerm) => {
    const result = await deleteTaught({ projectId, id: removal.id });
    if (result.error) return showFailureToast(result.error, 'Failed to restore term.');
    toast.success(`“${removal.phrase}” restored.`);
    reload();
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        The words a question may use for this model and its columns.{' '}
        {Object.entries(SOURCES).map(([source, { label, color }]) => (
          <Tag key={source} color={color} style={{ marginInlineEnd: 4 }}>
            {label}
          </Tag>
        ))}
      </Typography.Text>
      <Table<Row>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={rows}
        aria-label="Terms"
        columns={[
          {
            title: 'Name',
            key: 'name',
            width: 180,
            render: (_, row) => (row.column ? <Typography.Text code>{row.label}</Typography.Text> : <Typography.Text strong>{row.label}</Typography.Text>),
          },
          {
            title: 'Understood as',
            key: 'terms',
            render: (_, row) => (
              <Flex gap={4} wrap="wrap" align="center" role="list" aria-label={`Terms of ${row.label}`}>
                {row.terms.map((term) => (
                  <Tooltip key={term.text} title={SOURCES[term.source].label}>
                    <Tag role="listitem" color={SOURCES[term.source].color} data-source={term.source} style={{ marginInlineEnd: 0 }}>
                      {term.text}
                      {canManage ? (
                        <Button
                          type="text"
                          size="small"
                          icon={<CloseOutlined />}
                          aria-label={`Remove “${term.text}” from ${row.label}`}
                          onClick={() => void remove(row, term)}
                          style={{ height: 16, width: 16, minWidth: 16, marginInlineStart: 2 }}
                        />
                      ) : null}
                    </Tag>
                  </Tooltip>
                ))}
                {row.removed.map((removal) => (
                  <Tag key={removal.id} role="listitem" data-source="REMOVED" style={{ marginInlineEnd: 0, textDecoration: 'line-through', color: '#8c8c8c' }}>
                    {removal.phrase}
                    <Button
                      type="text"
                      size="small"
                      icon={<UndoOutlined />}
                      aria-label={`Restore “${removal.phrase}” to ${row.label}`}
                      onClick={() => void restore(removal)}
                      style={{ height: 16, width: 16, minWidth: 16, marginInlineStart: 2 }}
                    />
                  </Tag>
                ))}
                {canManage ? <AddTerm label={row.label} onAdd={(phrase) => add(row, phrase)} /> : null}
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}

/** A dashed "+ Term" tag that opens an input; Enter adds the term, Escape or leaving it empty cancels. */
function AddTerm({ label, onAdd }: { label: string; onAdd: (phrase: string) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  // Enter submits, and the input then loses focus: the blur must not submit it again.
  const submitting = useRef(false);
  const submit = async () => {
    const phrase = value.trim();
    if (submitting.current) return;
    if (!phrase) return setOpen(false);
    submitting.current = true;
    setSaving(true);
    await onAdd(phrase);
    submitting.current = false;
    setSaving(false);
    setValue('');
    setOpen(false);
  };
  if (!open) {
    return (
      <Tag style={{ borderStyle: 'dashed', cursor: 'pointer', background: 'transparent' }} onClick={() => setOpen(true)}>
        <span role="button" tabIndex={0} aria-label={`Add a term to ${label}`} onKeyDown={(e) => e.key === 'Enter' && setOpen(true)}>
          <PlusOutlined /> Term
        </span>
      </Tag>
    );
  }
  return (
    <Input
      autoFocus
      size="small"
      maxLength={100}
      disabled={saving}
      style={{ width: 160 }}
      aria-label={`New term for ${label}`}
      placeholder="A word for it"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onPressEnter={() => void submit()}
      onBlur={() => void submit()}
      onKeyDown={(e) => e.key === 'Escape' && (setValue(''), setOpen(false))}
    />
  );
}
