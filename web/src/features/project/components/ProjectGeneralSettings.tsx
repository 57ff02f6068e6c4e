import { useEffect } from 'react';
import { useMutation } from 'urql';
import { Button, Card, Form, Input, Select, toast } from '../../../components/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import type { ProjectLanguage } from '../../../gql/graphql';
import { UpdateProjectMutation } from '../graphql/project';
import { useProject } from '../hooks/useProject';
import { useTimezoneOptions } from '../hooks/useTimezoneOptions';
import { PROJECT_LANGUAGES } from '../languages';

interface ProjectSettingsValues {
  displayName: string;
  language: ProjectLanguage;
  timezone: string;
}

export function ProjectGeneralSettings({ projectId }: { projectId: string }) {
  const { project, fetching, error, refetch } = useProject(projectId);
  const { options, fetching: loadingTimezones } = useTimezoneOptions();
  const [{ fetching: saving }, updateProject] = useMutation(UpdateProjectMutation);
  const [form] = Form.useForm<ProjectSettingsValues>();

  useEffect(() => {
    if (project) {
      form.setFieldsValue({ displayName: project.displayName, language: project.language, timezone: project.timezone });
    }
  }, [project, form]);

  if (fetching) return <LoadingState />;
  if (error && !project) {
    return <ErrorState message={failureMessage(error, 'Failed to load project.') ?? undefined} onRetry={refetch} />;
  }
  if (!project) return <EmptyState />;

  const canEdit = project.myPermissions.canUpdateProject;
  const save = async (values: ProjectSettingsValues) => {
    const result = await updateProject({
      where: { id: project.id },
      data: { displayName: values.displayName.trim(), language: values.language, timezone: values.timezone },
    });
    if (result.error) showFailureToast(result.error, 'Failed to update project.');
    else toast.success('Project updated.');
  };

  return (
    <Card title="Project">
      <Form form={form} layout="vertical" name="project-general" onFinish={save} disabled={!canEdit} style={{ maxWidth: 480 }}>
        <Form.Item label="Display name" name="displayName" rules={[{ required: true, whitespace: true }, { max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Language" name="language" rules={[{ required: true }]}>
          <Select options={PROJECT_LANGUAGES} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item label="Timezone" name="timezone" rules={[{ required: true }]}>
          <Select options={options} loading={loadingTimezones} showSearch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
        </Button>
      </Form>
    </Card>
  );
}
