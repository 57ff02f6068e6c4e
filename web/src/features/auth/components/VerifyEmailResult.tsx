import { useNavigate } from 'react-router';
import { Button, Result } from '../../../components/ui';
import { LoadingState } from '../../../components/page/PageStates';
import { paths } from '../../../app/routes/paths';
import { useVerifyEmail } from '../hooks/useVerifyEmail';
import { ResendVerificationForm } from './ResendVerificationForm';

export function VerifyEmailResult({ token }: { token: string | null }) {
  const state = useVerifyEmail(token);
  const navigate = useNavigate();
  const signIn = (
    <Button type="primary" onClick={() => navigate(paths.signIn)}>
      Sign in
    </Button>
  );

  switch (state.status) {
    case 'verifying':
      return <LoadingState />;
    case 'verified':
      return (
        <Result
          status="success"
          title="Your e-mail address is verified"
          subTitle={state.email ? `${state.email} is ready to use. Sign in to continue.` : 'Sign in to continue.'}
          extra={signIn}
        />
      );
    case 'already-verified':
      return (
        <Result
          status="info"
          title="Your e-mail address is already verified"
          subTitle="You can sign in."
          extra={signIn}
        />
      );
    default:
      return (
        <Result
          status="warning"
          title="This verification link is invalid or has expired"
          subTitle="Enter your e-mail address to get a new link."
          extra={<ResendVerificationForm />}
        />
      );
  }
}
