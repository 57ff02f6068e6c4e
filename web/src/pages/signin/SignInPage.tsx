import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../components/ui';
import { BrandedCard } from '../../components/page/BrandedCard';
import { PageMeta } from '../../components/page/PageMeta';
import { ForgotPasswordForm } from '../../features/auth/components/ForgotPasswordForm';
import { ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm';
import { SignInForm } from '../../features/auth/components/SignInForm';
import { SignUpForm } from '../../features/auth/components/SignUpForm';

type SignInTab = 'signin' | 'signup' | 'forgot';

export function SignInPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const resetToken = searchParams.get('resetToken');
  const [tab, setTab] = useState<SignInTab>('signin');
  const toSignIn = () => setTab('signin');

  if (resetToken) {
    return (
      <BrandedCard>
        <PageMeta title="Set a new password" description="Choose a new password for your Quarry account." />
        <ResetPasswordForm token={resetToken} onDone={() => setSearchParams({}, { replace: true })} />
      </BrandedCard>
    );
  }

  return (
    <BrandedCard>
      <PageMeta title="Sign in" description="Sign in to Quarry to ask your data questions and get SQL, answers and charts." />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as SignInTab)}
        centered
        destroyOnHidden
        items={[
          { key: 'signin', label: 'Sign in', children: <SignInForm /> },
          { key: 'signup', label: 'Create account', children: <SignUpForm onSignIn={toSignIn} /> },
          { key: 'forgot', label: 'Forgot password', children: <ForgotPasswordForm onSignIn={toSignIn} /> },
        ]}
      />
    </BrandedCard>
  );
}
