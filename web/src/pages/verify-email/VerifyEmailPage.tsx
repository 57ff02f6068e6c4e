import { useSearchParams } from 'react-router';
import { BrandedCard } from '../../components/page/BrandedCard';
import { PageMeta } from '../../components/page/PageMeta';
import { VerifyEmailResult } from '../../features/auth/components/VerifyEmailResult';

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  return (
    <BrandedCard width={560}>
      <PageMeta title="Verify your e-mail" description="Confirm your e-mail address to start using Quarry." />
      <VerifyEmailResult token={searchParams.get('token')} />
    </BrandedCard>
  );
}
