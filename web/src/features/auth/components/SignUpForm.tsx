import { useState } from 'react';
import { Button, Form, Input, Result } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { authApi } from '../api';

export const MIN_PASSWORD_LENGTH = 8;
export const CHECK_EMAIL_TITLE = 'Check your e-mail to verify your account';

interface SignUpValues {
  name: string;
  email: string;
  password: string;
}

export function SignUpForm({ onSignIn }: { onSignIn: () => void }) {
  const [form] = Form.useForm<SignUpValues>();
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async ({ name, email, password }: SignUpValues) => {
    setSubmitting(true);
    try {
      await authApi.signUp(email.trim(), password, name.trim() || undefined);
      setSentTo(email.trim());
    } catch (error) {
      showFailureToast(error, 'Failed to create account.');
    } finally {
      setSubmitting(false);
    }
  };

  // The server answers the same whether or not the address has an account (so the form
  // cannot reveal who does); the e-mail tells the two cases apart.
  if (sentTo) {
    return (
      <Result
        status="success"
        title={CHECK_EMAIL_TITLE}
        subTitle={`We sent an e-mail to ${sentTo}. Open the link in it to verify your address, then sign in. If you already have an account, the e-mail says so: sign in, or reset your password.`}
        extra={<Button onClick={onSignIn}>Back to sign in</Button>}
      />
    );
  }

  return (
    <Form form={form} layout="vertical" name="signup" onFinish={submit} requiredMark={false}>
      <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true }, { max: 100 }]}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item label="E-mail" name="email" rules={[{ required: true }, { type: 'email' }]}>
        <Input autoComplete="email" />
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
        Create account
      </Button>
    </Form>
  );
}
