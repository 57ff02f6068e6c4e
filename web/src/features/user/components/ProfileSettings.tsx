import { useEffect } from 'react';
import { useMutation } from 'urql';
import { Button, Card, Form, Input, toast } from '../../../components/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { UpdateMyProfileMutation } from '../graphql/user';
import { useMe } from '../hooks/useMe';
import { ProfileFields, profileInput, type ProfileValues } from './ProfileFields';

interface ProfileFormValues extends ProfileValues {
  name?: string;
}

export function ProfileSettings() {
  const { me, fetching, error, reexecute } = useMe();
  const [{ fetching: saving }, updateMyProfile] = useMutation(UpdateMyProfileMutation);
  const [form] = Form.useForm<ProfileFormValues>();

  useEffect(() => {
    if (!me) return;
    form.setFieldsValue({
      name: me.name ?? undefined,
      firstName: me.firstName ?? '',
      lastName: me.lastName ?? '',
      companyName: me.companyName ?? undefined,
      jobTitle: me.jobTitle ?? undefined,
      country: me.country ?? undefined,
    });
  }, [me, form]);

  if (fetching && !me) return <LoadingState />;
  if (error && !me) {
    return (
      <ErrorState
        message={failureMessage(error, 'Failed to load profile.') ?? undefined}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  }
  if (!me) return <EmptyState />;

  const save = async (values: ProfileFormValues) => {
    const result = await updateMyProfile({ data: { ...profileInput(values), name: values.name?.trim() || undefined } });
    if (result.error) showFailureToast(result.error, 'Failed to update profile.');
    else toast.success('Profile updated.');
  };

  return (
    <Card title="Profile">
      <Form form={form} layout="vertical" name="profile" onFinish={save} style={{ maxWidth: 480 }}>
        <Form.Item label="E-mail">
          <Input value={me.email} disabled />
        </Form.Item>
        <Form.Item label="Display name" name="name" rules={[{ max: 100 }]}>
          <Input autoComplete="name" />
        </Form.Item>
        <ProfileFields />
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
        </Button>
      </Form>
    </Card>
  );
}
