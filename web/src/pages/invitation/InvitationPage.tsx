import { useSearchParams } from 'react-router';
import { BrandedCard } from '../../components/page/BrandedCard';
import { PageMeta } from '../../components/page/PageMeta';
import { InvitationView } from '../../features/invitation/components/InvitationView';

export function InvitationPage() {
  const [searchParams] = useSearchParams();
  return (
    <BrandedCard width={560}>
      <PageMeta title="Invitation" description="Join your team's organization in Quarry." />
      <InvitationView code={searchParams.get('code')} />
    </BrandedCard>
  );
}
