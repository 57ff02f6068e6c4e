import { useParams } from 'react-router';
import { PageMeta } from '../../../../components/page/PageMeta';
import { Instructions } from '../../../../features/knowledge/components/Instructions';
import { SqlPairs } from '../../../../features/knowledge/components/SqlPairs';

export function SqlPairsPage() {
  const { projectId = '' } = useParams();
  return (
    <>
      <PageMeta title="Question-SQL pairs" description="Questions with the SQL that answers them, reused for questions asked in other words." />
      <SqlPairs projectId={projectId} />
    </>
  );
}

export function InstructionsPage() {
  const { projectId = '' } = useParams();
  return (
    <>
      <PageMeta title="Instructions" description="Guidance the language model follows when it writes SQL." />
      <Instructions projectId={projectId} />
    </>
  );
}
