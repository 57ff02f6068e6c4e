import { Typography } from '../../../components/ui';
import { BrandedCard } from '../../../components/page/BrandedCard';
import { PageMeta } from '../../../components/page/PageMeta';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage } from '../../../app/errors/operationErrors';
import { PendingInvitations } from '../../../features/invitation/components/PendingInvitations';
import { OnboardingForm } from '../../../features/user/components/OnboardingForm';
import { useMe } from '../../../features/user/hooks/useMe';

export function OnboardingRegisterPage() {
  const { me, fetching, error, reexecute } = useMe();
  let body;
  if (!me && fetching) body = <LoadingState />;
  else if (!me && error) {
    body = (
      <ErrorState
        message={failureMessage(error, 'Failed to load your account.') ?? undefined}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  } else if (!me) body = <EmptyState />;
  else {
    body = (
      <>
        {/* Someone invited before they had an org: joining theirs may be what they came for. */}
        {!me.currentOrg && <PendingInvitations style={{ marginBottom: 16 }} />}
        <OnboardingForm me={me} />
      </>
    );
  }

  return (
    <BrandedCard width={520}>
      <PageMeta title="Tell us about you" description="Finish setting up your Quarry account and organization." />
      <Typography.Title level={3}>Tell us about you</Typography.Title>
      <Typography.Paragraph type="secondary">A few details to set up your account and your organization.</Typography.Paragraph>
      {body}
    </BrandedCard>
  );
}
