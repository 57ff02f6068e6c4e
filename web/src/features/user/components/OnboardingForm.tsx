import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useClient, useMutation } from 'urql';
import { Button, Checkbox, Form, Input, toast } from '../../../components/ui';
import { paths } from '../../../app/routes/paths';
import { MeQuery, OnboardUserMutation } from '../graphql/user';
import type { Me } from '../hooks/useMe';
import { onboardUserErrorMessage } from '../onboardingErrors';
import { ProfileFields, profileInput, type ProfileValues } from './ProfileFields';

export const PRIVACY_CONSENT_LABEL = 'I agree to the privacy statement';

interface OnboardingValues extends ProfileValues {
  orgName?: string;
  consentPrivacyStatement: boolean;
}

function splitName(name?: string | null): { firstName?: string; lastName?: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return {};
  return { firstName: parts[0], lastName: parts.slice(1).join(' ') || undefined };
}

/** Profile, first organization and privacy consent, sent in one onboardUser call. */
export function OnboardingForm({ me }: { me: Me }) {
  const [form] = Form.useForm<OnboardingValues>();
  const navigate = useNavigate();
  const [{ fetching }, onboardUser] = useMutation(OnboardUserMutation);
  const client = useClient();
  const needsOrg = !me.currentOrg;

  useEffect(() => {
    const fromName = splitName(me.name);
    const saved: Partial<OnboardingValues> = {
      firstName: me.firstName ?? fromName.firstName,
      lastName: me.lastName ?? fromName.lastName,
      companyName: me.companyName ?? undefined,
      jobTitle: me.jobTitle ?? undefined,
      country: me.country ?? undefined,
      consentPrivacyStatement: me.consentPrivacyStatement,
    };
    // The account read again (a refetch) must not undo what the person has already filled in.
    form.setFieldsValue(Object.fromEntries(Object.entries(saved).filter(([name]) => !form.isFieldTouched(name as keyof OnboardingValues))));
  }, [me, form]);

  const submit = async (values: OnboardingValues) => {
    const result = await onboardUser({
      data: {
        ...profileInput(values),
        consentPrivacyStatement: values.consentPrivacyStatement,
        orgName: needsOrg ? values.orgName?.trim() : undefined,
      },
    });
    if (result.error) {
      const text = onboardUserErrorMessage(result.error);
      if (text) toast.error(text);
      else console.warn('onboardUser aborted');
      return;
    }
    // The project list checks consent and organization on me: refresh it before going there.
    await client.query(MeQuery, {}, { requestPolicy: 'network-only' }).toPromise();
    navigate(paths.projects, { replace: true });
  };

  return (
    <Form form={form} layout="vertical" name="onboarding" onFinish={submit} requiredMark="optional">
      <ProfileFields />
      {needsOrg && (
        <Form.Item
          label="Organization name"
          name="orgName"
          rules={[{ required: true, whitespace: true }, { max: 100 }]}
          extra="You can invite your team to it later."
        >
          <Input />
        </Form.Item>
      )}
      <Form.Item
        name="consentPrivacyStatement"
        valuePropName="checked"
        rules={[
          {
            validator: (_, checked: boolean) =>
              checked ? Promise.resolve() : Promise.reject(new Error('Please accept the privacy statement')),
          },
        ]}
      >
        <Checkbox>{PRIVACY_CONSENT_LABEL}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={fetching} block>
        Continue
      </Button>
    </Form>
  );
}
