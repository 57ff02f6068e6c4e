import { useState } from 'react';
import { Button, Form, Input } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { AuthApiError, authApi } from '../../auth/api';
import { MIN_PASSWORD_LENGTH } from '../../auth/components/SignUpForm';

interface InvitationSignUpValues {
  name: string;
  email: string;
  password: string;
}

/**
 * A new account for the invited address. The invitation's code proves the address, so the
 * account starts verified and signs in at once; `onSignedIn` then accepts. When sign-in fails
 * the address already had an account (sign-up left it as it was): `onExistingAccount`.
 */
export function InvitationSignUpForm({
  email,
  code,
  onSignedIn,
  onExistingAccount,
}: {
  email: string;
  code: string;
  onSignedIn: () => Promise<void>;
  onExistingAccount: () => void;
}) {
  const [form] = Form.useForm<InvitationSignUpValues>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ name, password }: InvitationSignUpValues) => {
    setSubmitting(true);
    try {
      try {
        await authApi.signUp(email, password, name.trim() || undefined, code);
      } catch (error) {
        showFailureToast(error, 'Failed to create account.');
        return;
      }
      try {
        await authApi.signIn(email, password);
      } catch (error) {
        if (error instanceof AuthApiError && (error.code === 'UNAUTHORIZED_ACCESS' || error.code === 'EMAIL_NOT_VERIFIED')) {
          onExistingAccount();
        } else showFailureToast(error, 'Failed to sign in.');
        return;
      }
      await onSignedIn();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name="invitation-signup"
      onFinish={submit}
      requiredMark={false}
      initialValues={{ email }}
    >
      <Form.Item label="E-mail" name="email" extra="The invitation is for this address.">
        <Input readOnly autoComplete="email" />
      </Form.Item>
      <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true }, { max: 100 }]}>
        <Input autoComplete="name" autoFocus />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true }, { min: MIN_PASSWORD_LENGTH }]}
        extra={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting} block>
        Create account and join
      </Button>
    </Form>
  );
}
