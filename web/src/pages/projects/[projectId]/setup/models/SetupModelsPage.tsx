import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { Button, Card, Flex, Typography } from '../../../../../components/ui';
import { PageMeta } from '../../../../../components/page/PageMeta';
import { EmptyState, ErrorState, LoadingState } from '../../../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../../../app/errors/operationErrors';
import { paths } from '../../../../../app/routes/paths';
import { TablePicker } from '../../../../../features/modeling/components/TablePicker';
import { ListDataSourceTablesQuery, SaveTablesMutation } from '../../../../../features/modeling/graphql/modeling';
import { useOnboardingRedirect } from '../../../../../features/project/hooks/useOnboardingRedirect';

export const SAVE_TABLES_FAILED = 'Failed to save tables.';

function SelectModels({ projectId }: { projectId: string }) {
  const [{ data, fetching, error }, reexecute] = useQuery({ query: ListDataSourceTablesQuery, variables: { projectId } });
  const [{ fetching: saving }, saveTables] = useMutation(SaveTablesMutation);
  const [selected, setSelected] = useState<string[]>([]);
  const navigate = useNavigate();

  if (fetching && !data) return <LoadingState />;
  if (error && !data) {
    return (
      <ErrorState
        message={failureMessage(error, 'Failed to load tables.') ?? undefined}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  }
  const tables = data?.listDataSourceTables ?? [];
  if (tables.length === 0) return <EmptyState />;

  const next = async () => {
    const result = await saveTables({ projectId, tables: selected }, { additionalTypenames: ['Model'] });
    if (result.error) {
      showFailureToast(result.error, SAVE_TABLES_FAILED);
      return;
    }
    navigate(paths.recommendRelationships(projectId));
  };

  return (
    <Card>
      <TablePicker tables={tables} selected={selected} onChange={setSelected} disabled={saving} />
      <Flex justify="end" style={{ marginTop: 16 }}>
        <Button type="primary" onClick={next} loading={saving} disabled={selected.length === 0}>
          Next
        </Button>
      </Flex>
    </Card>
  );
}

export function SetupModelsPage() {
  const { projectId, project, fetching, error, refetch, redirectTo } = useOnboardingRedirect();
  const meta = <PageMeta title="Select models" description="Choose the tables Quarry models for your questions." />;

  if (redirectTo) return <Navigate to={redirectTo} replace />;
  if (fetching) return <>{meta}<LoadingState /></>;
  if (!project && error) {
    return <>{meta}<ErrorState message={failureMessage(error, 'Failed to load project.') ?? undefined} onRetry={refetch} /></>;
  }
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }}>
      {meta}
      <Typography.Title level={2}>Select models</Typography.Title>
      <Typography.Paragraph type="secondary">
        Choose the tables to model. Each becomes a model with its columns; you can add more later.
      </Typography.Paragraph>
      <SelectModels projectId={projectId} />
    </div>
  );
}
