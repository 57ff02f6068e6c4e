import { useState } from 'react';
import { Button, Form, Input, Typography, toast } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { authApi } from '../api';
import { MIN_PASSWORD_LENGTH } from './SignUpForm';

interface ResetPasswordValues {
  password: string;
  confirmPassword: string;
}

/** The form behind the link of SendResetPasswordEmail (`/signin?resetToken=…`). */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [form] = Form.useForm<ResetPasswordValues>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ password }: ResetPasswordValues) => {
    setSubmitting(true);
    try {
      await authApi.resetPassword(token, password);
      toast.success('Your password was changed. Sign in with the new one.');
      onDone();
    } catch (error) {
      showFailureToast(error, 'Failed to reset password.');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Typography.Title level={3}>Set a new password</Typography.Title>
      <Form form={form} layout="vertical" name="reset-password" onFinish={submit} requiredMark={false}>
        <Form.Item label="New password" name="password" rules={[{ required: true }, { min: MIN_PASSWORD_LENGTH }]}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="Confirm password"
          name="confirmPassword"
          dependencies={['password']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('The passwords do not match')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting} block>
          Set password
        </Button>
      </Form>
    </>
  );
}
