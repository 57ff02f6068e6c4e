import { Form, Input, Select } from '../../../components/ui';
import { countryOptions } from '../countries';

/** The profile fields shared by onboarding and the profile settings. */
export function ProfileFields() {
  return (
    <>
      <Form.Item label="First name" name="firstName" rules={[{ required: true, whitespace: true }, { max: 100 }]}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item label="Last name" name="lastName" rules={[{ required: true, whitespace: true }, { max: 100 }]}>
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item label="Company" name="companyName" rules={[{ max: 200 }]}>
        <Input autoComplete="organization" />
      </Form.Item>
      <Form.Item label="Job title" name="jobTitle" rules={[{ max: 200 }]}>
        <Input autoComplete="organization-title" />
      </Form.Item>
      <Form.Item label="Country" name="country">
        <Select options={countryOptions()} showSearch allowClear placeholder="Select a country" />
      </Form.Item>
    </>
  );
}

export interface ProfileValues {
  firstName: string;
  lastName: string;
  companyName?: string;
  jobTitle?: string;
  country?: string;
}

/** Trimmed values, with empty optional fields left out. */
export function profileInput(values: ProfileValues) {
  const optional = (value?: string) => (value && value.trim() ? value.trim() : undefined);
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    companyName: optional(values.companyName),
    jobTitle: optional(values.jobTitle),
    country: optional(values.country),
  };
}
