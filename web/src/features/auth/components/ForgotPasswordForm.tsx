import { useState } from 'react';
import { useMutation } from 'urql';
import { Button, Form, Input, Result } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { SendResetPasswordEmailMutation } from '../graphql/auth';

export function ForgotPasswordForm({ onSignIn }: { onSignIn: () => void }) {
  const [form] = Form.useForm<{ email: string }>();
  const [{ fetching }, sendResetPasswordEmail] = useMutation(SendResetPasswordEmailMutation);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async ({ email }: { email: string }) => {
    const result = await sendResetPasswordEmail({ email: email.trim() });
    if (result.error) {
      showFailureToast(result.error, 'Failed to send reset password e-mail.');
      return;
    }
    setSentTo(email.trim());
  };

  if (sentTo) {
    return (
      <Result
        status="info"
        title="Check your e-mail"
        subTitle={`If an account exists for ${sentTo}, we sent it a link to set a new password.`}
        extra={<Button onClick={onSignIn}>Back to sign in</Button>}
      />
    );
  }

  return (
    <Form form={form} layout="vertical" name="forgot-password" onFinish={submit} requiredMark={false}>
      <Form.Item label="E-mail" name="email" rules={[{ required: true }, { type: 'email' }]}>
        <Input autoComplete="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={fetching} block>
        Send reset link
      </Button>
    </Form>
  );
}
