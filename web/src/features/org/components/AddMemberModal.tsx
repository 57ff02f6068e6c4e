import { useState } from 'react';
import { useMutation } from 'urql';
import { Alert, Form, Input, Modal, Select, Typography } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import type { OrgRole } from '../../../gql/graphql';
import { CreateOrgMemberMutation } from '../graphql/members';
import { ORG_ROLE_OPTIONS } from '../orgRoles';

interface AddMemberValues {
  email: string;
  role: OrgRole;
  firstName?: string;
  lastName?: string;
}

/**
 * createOrgMember makes a new, unverified account and answers its temporary password once;
 * it is shown here and never again. An e-mail that already has an account is refused by the
 * server (its message is shown): such a person joins by invitation.
 */
export function AddMemberModal({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: () => void }) {
  const [form] = Form.useForm<AddMemberValues>();
  const [{ fetching }, createOrgMember] = useMutation(CreateOrgMemberMutation);
  const [created, setCreated] = useState<{ email: string; temporaryPassword?: string | null } | null>(null);

  const submit = async () => {
    if (created) {
      onClose();
      return;
    }
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const result = await createOrgMember({
      data: {
        email: values.email.trim(),
        role: values.role,
        firstName: values.firstName?.trim() || undefined,
        lastName: values.lastName?.trim() || undefined,
      },
    });
    if (result.error || !result.data) {
      showFailureToast(result.error, 'Failed to add member.');
      return;
    }
    const response = result.data.createOrgMember;
    setCreated({ email: response.member.email, temporaryPassword: response.temporaryPassword });
    onAdded();
  };

  return (
    <Modal
      title="Add member"
      open={open}
      okText={created ? 'Done' : 'Add member'}
      onOk={submit}
      onCancel={onClose}
      cancelButtonProps={created ? { style: { display: 'none' } } : undefined}
      confirmLoading={fetching}
      afterClose={() => setCreated(null)}
      destroyOnHidden
    >
      {created && (
        <Alert
          type="success"
          showIcon
          message={`${created.email} was added to the organization.`}
          description={
            <>
              <p>
                Share this temporary password with them. It is shown only once. They first verify their e-mail
                with the link we sent them, then sign in.
              </p>
              <Typography.Text code copyable data-testid="temporary-password">
                {created.temporaryPassword}
              </Typography.Text>
            </>
          }
        />
      )}
      <div style={created ? { display: 'none' } : undefined}>
        <Form form={form} layout="vertical" name="add-member" initialValues={{ role: 'MEMBER' }}>
          <Form.Item label="E-mail" name="email" rules={[{ required: true }, { type: 'email' }]}>
            <Input autoFocus />
          </Form.Item>
          <Form.Item label="Role" name="role" rules={[{ required: true }]}>
            <Select options={ORG_ROLE_OPTIONS} />
          </Form.Item>
          <Form.Item label="First name" name="firstName" rules={[{ max: 100 }]}>
            <Input />
          </Form.Item>
          <Form.Item label="Last name" name="lastName" rules={[{ max: 100 }]}>
            <Input />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
