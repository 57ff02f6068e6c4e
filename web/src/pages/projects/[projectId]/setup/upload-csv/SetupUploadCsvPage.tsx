import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { Alert, ArrowLeftOutlined, Button, Typography } from '../../../../../components/ui';
import { PageMeta } from '../../../../../components/page/PageMeta';
import { ErrorState, LoadingState } from '../../../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../../../app/errors/operationErrors';
import { DEFAULT_CSV_IMPORT_MAX_FILE_SIZE_MB, useAppConfig } from '../../../../../app/config';
import { paths } from '../../../../../app/routes/paths';
import { CsvUploader } from '../../../../../features/csvImport/components/CsvUploader';
import { SAVE_DATA_SOURCE_FAILED } from '../../../../../features/dataSource/components/ConnectionSetup';
import { SaveDataSourceMutation } from '../../../../../features/dataSource/graphql/dataSource';
import { useOnboardingRedirect } from '../../../../../features/project/hooks/useOnboardingRedirect';

export const UPLOAD_CSV_TITLE = 'Upload CSV files';

export function SetupUploadCsvPage() {
  const { projectId, project, fetching, error, refetch, redirectTo } = useOnboardingRedirect();
  const config = useAppConfig();
  const [{ fetching: saving }, saveDataSource] = useMutation(SaveDataSourceMutation);
  const navigate = useNavigate();
  // Set once every file is imported and some import has notes to read before the source is saved.
  const [reviewing, setReviewing] = useState(false);
  const meta = <PageMeta title={UPLOAD_CSV_TITLE} description="Import CSV files as the tables of your project." />;

  if (redirectTo) return <Navigate to={redirectTo} replace />;
  if (fetching || config.loading) return <>{meta}<LoadingState /></>;
  if (!project && error) {
    return <>{meta}<ErrorState message={failureMessage(error, 'Failed to load project.') ?? undefined} onRetry={refetch} /></>;
  }
  if (config.error) console.warn('GET /api/config failed; using the default CSV size cap', config.error);
  const maxFileSizeMB = config.config?.csvImportMaxFileSizeMB ?? DEFAULT_CSV_IMPORT_MAX_FILE_SIZE_MB;

  // The imported files make the project's CSV source: save it (onboarding → DATASOURCE_SAVED, which moves the
  // page on to the models). When an import says how it read its file (values read as missing, dates), the user
  // reads that first and continues.
  const saveSource = async () => {
    const result = await saveDataSource(
      { projectId, data: { type: 'CSV', properties: {} } },
      { additionalTypenames: ['Project', 'DataSource'] },
    );
    if (result.error) {
      showFailureToast(result.error, SAVE_DATA_SOURCE_FAILED);
      return;
    }
    navigate(paths.setupModels(projectId));
  };
  const finish = async ({ notes }: { notes: number }) => {
    if (notes > 0) setReviewing(true);
    else await saveSource();
  };

  return (
    <div style={{ maxWidth: 900, margin: '0 auto' }}>
      {meta}
      <Link to={paths.setupConnection(projectId)}>
        <ArrowLeftOutlined /> Back to data sources
      </Link>
      <Typography.Title level={2} style={{ marginTop: 8 }}>
        {UPLOAD_CSV_TITLE}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Each file is imported as a table you can model and ask questions about. Files can be at most {maxFileSizeMB} MB.
      </Typography.Paragraph>
      <CsvUploader projectId={projectId} maxFileSizeMB={maxFileSizeMB} onAllImported={finish} finishing={saving} />
      {reviewing && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 16 }}
          message="Every file is imported"
          description="Check how each file was read above; a column's type can be changed later under Settings › Data connection."
          action={
            <Button type="primary" loading={saving} onClick={() => void saveSource()}>
              Continue
            </Button>
          }
        />
      )}
    </div>
  );
}
