import { Link } from 'react-router';
import { Button, Result } from '../../../components/ui';
import { BrandedCard } from '../../../components/page/BrandedCard';
import { PageMeta } from '../../../components/page/PageMeta';
import { paths } from '../../../app/routes/paths';

export function NotFoundPage() {
  return (
    <BrandedCard width={560}>
      <PageMeta title="Page not found" description="The page you are looking for does not exist." />
      <Result
        status="404"
        title="Page not found"
        subTitle="The page does not exist, or you have no access to it."
        extra={
          <Link to={paths.projects}>
            <Button type="primary">Go to projects</Button>
          </Link>
        }
      />
    </BrandedCard>
  );
}
