import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useClient } from 'urql';
import { Alert, Button, Form, Input, toast } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { MeQuery } from '../../user/graphql/user';
import { pathAfterSignIn } from '../../user/hooks/useMe';
import { AuthApiError, authApi } from '../api';

interface SignInValues {
  email: string;
  password: string;
}

/**
 * E-mail and password sign-in. By default it then goes where the account should start;
 * `onSignedIn` replaces that (the invitation page accepts first). `fixedEmail` fills the
 * address and keeps it.
 */
export function SignInForm({
  fixedEmail,
  onSignedIn,
}: { fixedEmail?: string; onSignedIn?: () => Promise<void> | void } = {}) {
  const [form] = Form.useForm<SignInValues>();
  const [submitting, setSubmitting] = useState(false);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const client = useClient();
  const navigate = useNavigate();

  const submit = async ({ email, password }: SignInValues) => {
    setSubmitting(true);
    setUnverifiedEmail(null);
    try {
      await authApi.signIn(email.trim(), password);
      if (onSignedIn) {
        await onSignedIn();
        return;
      }
      const result = await client.query(MeQuery, {}, { requestPolicy: 'network-only' }).toPromise();
      if (!result.data) {
        showFailureToast(result.error, 'Failed to load your account.');
        return;
      }
      navigate(pathAfterSignIn(result.data.me), { replace: true });
    } catch (error) {
      if (error instanceof AuthApiError && error.code === 'EMAIL_NOT_VERIFIED') setUnverifiedEmail(email.trim());
      else if (error instanceof AuthApiError && error.code === 'UNAUTHORIZED_ACCESS') {
        toast.error('Failed to sign in. The e-mail or password is incorrect.');
      } else showFailureToast(error, 'Failed to sign in.');
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async () => {
    if (!unverifiedEmail) return;
    try {
      await authApi.resendVerification(unverifiedEmail);
      toast.success('Verification e-mail sent.');
    } catch (error) {
      showFailureToast(error, 'Failed to send verification e-mail.');
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name="signin"
      onFinish={submit}
      requiredMark={false}
      initialValues={fixedEmail ? { email: fixedEmail } : undefined}
    >
      {unverifiedEmail && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="Your e-mail address is not verified yet."
          description="Open the link in the e-mail we sent you, or send a new one."
          action={
            <Button size="small" onClick={resend}>
              Resend e-mail
            </Button>
          }
        />
      )}
      <Form.Item label="E-mail" name="email" rules={[{ required: true }, { type: 'email' }]}>
        <Input autoComplete="email" autoFocus={!fixedEmail} readOnly={!!fixedEmail} />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true }]}>
        <Input.Password autoComplete="current-password" autoFocus={!!fixedEmail} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting} block>
        Sign in
      </Button>
    </Form>
  );
}
