import { useEffect } from 'react';
import { useMutation, useQuery } from 'urql';
import { Button, Card, Col, Form, Input, Row, Statistic, toast } from '../../../components/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { formatDate } from '../../../components/page/formatDate';
import { OrgUsageQuery, UpdateOrgMutation } from '../graphql/org';

const USAGE_FIELDS = [
  ['totalMembers', 'Members'],
  ['totalProjects', 'Projects'],
  ['questionsAsked', 'Questions asked'],
  ['totalApiCalls', 'API calls'],
  ['rowsExported', 'Rows exported'],
] as const;

export function OrgGeneralSettings() {
  const [{ data, fetching, error }, reexecute] = useQuery({ query: OrgUsageQuery });
  const [{ fetching: saving }, updateOrg] = useMutation(UpdateOrgMutation);
  const [form] = Form.useForm<{ name: string }>();
  const org = data?.me.currentOrg;

  useEffect(() => {
    if (org) form.setFieldsValue({ name: org.name });
  }, [org, form]);

  if (fetching && !data) return <LoadingState />;
  if (error && !data) {
    return (
      <ErrorState
        message={failureMessage(error, 'Failed to load organization.') ?? undefined}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  }
  if (!org) return <EmptyState />;

  const isAdmin = org.myPermissions.canUpdateOrg;
  const save = async ({ name }: { name: string }) => {
    const result = await updateOrg({ where: { id: org.id }, data: { name: name.trim() } });
    if (result.error) showFailureToast(result.error, 'Failed to update organization.');
    else toast.success('Organization updated.');
  };

  return (
    <>
      <Card title="Organization" style={{ marginBottom: 16 }}>
        <Form form={form} layout="vertical" name="org-general" onFinish={save} disabled={!isAdmin} style={{ maxWidth: 480 }}>
          <Form.Item label="Organization name" name="name" rules={[{ required: true, whitespace: true }, { max: 100 }]}>
            <Input />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
        </Form>
        <p style={{ marginTop: 16, marginBottom: 0, color: 'rgba(0,0,0,0.45)' }}>Created {formatDate(org.createdAt)}</p>
      </Card>
      <Card title="Usage">
        {org.usage ? (
          <Row gutter={[16, 16]}>
            {USAGE_FIELDS.map(([field, label]) => (
              <Col key={field} xs={12} md={8} lg={4}>
                <Statistic title={label} value={org.usage?.[field] ?? 0} />
              </Col>
            ))}
          </Row>
        ) : (
          <EmptyState />
        )}
      </Card>
    </>
  );
}
