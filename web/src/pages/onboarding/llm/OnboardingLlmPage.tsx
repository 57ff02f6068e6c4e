import { useNavigate } from 'react-router';
import { Button, Flex, Steps } from '../../../components/ui';
import { BrandedCard } from '../../../components/page/BrandedCard';
import { PageMeta } from '../../../components/page/PageMeta';
import { paths } from '../../../app/routes/paths';
import { LlmSettings } from '../../../features/llm/components/LlmSettings';

/**
 * The language-model step of the on-premise setup (LLM_SETUP): the organisation's provider,
 * set up quickly or by hand, or skipped — the built-in engine answers until one is set.
 */
export function OnboardingLlmPage() {
  const navigate = useNavigate();
  const complete = () => navigate(paths.projects);
  return (
    <BrandedCard width={960}>
      <PageMeta title="Language model setup" description="Connect the language model Quarry answers questions with." />
      <Steps
        size="small"
        current={2}
        style={{ marginBottom: 24 }}
        items={[{ title: 'Initial setup' }, { title: 'License' }, { title: 'Language model' }, { title: 'Complete' }]}
      />
      <LlmSettings onSaved={complete} />
      <Flex justify="space-between" style={{ marginTop: 24 }}>
        <Button onClick={() => navigate(-1)}>Back</Button>
        <Button onClick={complete}>Skip for now</Button>
      </Flex>
    </BrandedCard>
  );
}
