import { Link } from 'react-router';
import { Button, Result } from '../../../components/ui';
import { BrandedCard } from '../../../components/page/BrandedCard';
import { PageMeta } from '../../../components/page/PageMeta';
import { paths } from '../../../app/routes/paths';

export function NotSubscribedPage() {
  return (
    <BrandedCard width={560}>
      <PageMeta title="No active subscription" description="Your organization has no active Quarry subscription." />
      <Result
        status="403"
        title="Your organization has no active subscription"
        subTitle="Ask an organization admin to renew the subscription to keep using Quarry."
        extra={
          <Link to={paths.signIn}>
            <Button>Back to sign in</Button>
          </Link>
        }
      />
    </BrandedCard>
  );
}
