import { useMemo, useState } from 'react';
import { useMutation } from 'urql';
import { Button, Flex, Form, Input, Modal, Select, Typography, DeleteOutlined, PlusOutlined } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { ORG_ROLE_OPTIONS } from '../../org/orgRoles';
import { useProjects } from '../../project/hooks/useProjects';
import { PROJECT_ROLE_OPTIONS } from '../../project/projectRoles';
import { CreateAndSendInvitationMutation } from '../graphql/invitation';
import { invitationInput, type InviteValues } from '../invitationInput';
import { InvitationLink } from './InvitationLink';

interface Sent {
  email: string;
  url?: string | null;
  expiresAt: string;
}

/** Invites an address to the current org with an org role and, optionally, project roles. */
export function InviteModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<InviteValues>();
  const [{ fetching }, createAndSend] = useMutation(CreateAndSendInvitationMutation);
  const { projects, fetching: loadingProjects } = useProjects();
  const [sent, setSent] = useState<Sent | null>(null);
  const projectOptions = useMemo(
    () => projects.filter((p) => p.state === 'ACTIVE').map((p) => ({ value: p.id, label: p.displayName })),
    [projects],
  );
  const context = useMemo(() => ({ additionalTypenames: ['Invitation'] }), []);

  const submit = async () => {
    if (sent) {
      onClose();
      return;
    }
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const result = await createAndSend({ data: invitationInput(values) }, context);
    if (result.error || !result.data) {
      showFailureToast(result.error, 'Failed to send invitation.');
      return;
    }
    const invitation = result.data.createAndSendInvitation;
    setSent({ email: invitation.email, url: invitation.url, expiresAt: invitation.expiresAt });
  };

  return (
    <Modal
      title="Invite to the organization"
      open={open}
      okText={sent ? 'Done' : 'Send invitation'}
      onOk={submit}
      onCancel={onClose}
      cancelButtonProps={sent ? { style: { display: 'none' } } : undefined}
      confirmLoading={fetching}
      afterClose={() => {
        setSent(null);
        form.resetFields();
      }}
      destroyOnHidden
      width={600}
    >
      {sent && <InvitationLink email={sent.email} url={sent.url} expiresAt={sent.expiresAt} />}
      <div style={sent ? { display: 'none' } : undefined}>
        <Form form={form} layout="vertical" name="invite" initialValues={{ role: 'MEMBER', projects: [] }}>
          <Form.Item label="E-mail" name="email" rules={[{ required: true }, { type: 'email' }]}>
            <Input autoFocus autoComplete="off" />
          </Form.Item>
          <Form.Item label="Organization role" name="role" rules={[{ required: true }]}>
            <Select options={ORG_ROLE_OPTIONS} />
          </Form.Item>
          <Typography.Text strong>Project roles</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            Optional. Admins can open every project; members only the projects they have a role on.
          </Typography.Paragraph>
          <Form.List name="projects">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Flex key={field.key} gap={8} align="start">
                    <Form.Item
                      name={[field.name, 'projectId']}
                      rules={[{ required: true, message: 'Please choose a project' }]}
                      style={{ flex: 1, minWidth: 0 }}
                    >
                      <Select
                        aria-label={`Project ${index + 1}`}
                        placeholder="Project"
                        options={projectOptions}
                        loading={loadingProjects}
                        showSearch
                        optionFilterProp="label"
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'role']} rules={[{ required: true, message: 'Please choose a role' }]}>
                      <Select aria-label={`Role on project ${index + 1}`} options={PROJECT_ROLE_OPTIONS} style={{ width: 150 }} />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={`Remove project ${index + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ role: 'VIEWER' })}
                  disabled={projectOptions.length === 0 && !loadingProjects}
                  block
                >
                  Add a project role
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </div>
    </Modal>
  );
}
