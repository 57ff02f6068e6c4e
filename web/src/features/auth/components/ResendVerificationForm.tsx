import { useState } from 'react';
import { Button, Form, Input, Space } from '../../../components/ui';
import { toast } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { authApi } from '../api';

export function ResendVerificationForm() {
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ email }: { email: string }) => {
    setSubmitting(true);
    try {
      await authApi.resendVerification(email.trim());
      toast.success('We sent a new verification link.');
    } catch (error) {
      showFailureToast(error, 'Failed to send verification e-mail.');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form layout="inline" name="resend-verification" onFinish={submit} requiredMark={false}>
      <Space.Compact>
        <Form.Item label="E-mail" name="email" rules={[{ required: true }, { type: 'email' }]} noStyle>
          <Input aria-label="E-mail" placeholder="you@company.com" autoComplete="email" style={{ width: 260 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting}>
          Resend verification e-mail
        </Button>
      </Space.Compact>
    </Form>
  );
}
