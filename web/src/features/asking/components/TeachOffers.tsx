import { useState } from 'react';
import { useMutation } from 'urql';
import { Button, CheckCircleOutlined, Flex, Tag, Typography, toast } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import type { AskingTaskFieldsFragment } from '../../../gql/graphql';
import { TeachTermMutation } from '../../knowledge/graphql/knowledge';

type Offer = AskingTaskFieldsFragment['teachOffers'][number];
type Candidate = Offer['candidates'][number];

/**
 * For each phrase an answer could not place, the models and columns it may mean: one click
 * teaches the phrase as a term of the project (from the next question on, for everyone in it)
 * and then `onTaught` asks the question again.
 */
export function TeachOffers({ projectId, offers, onTaught }: { projectId: string; offers: Offer[]; onTaught: () => void }) {
  const [{ fetching }, teach] = useMutation(TeachTermMutation);
  const [chosen, setChosen] = useState<string | null>(null);
  // What was taught here, by phrase: its offer then says so instead of offering again.
  const [taught, setTaught] = useState<Record<string, string>>({});
  if (offers.length === 0) return null;

  const choose = async (offer: Offer, candidate: Candidate) => {
    setChosen(`${offer.phrase}\u0000${candidate.label}`);
    const result = await teach({ projectId, data: { phrase: offer.phrase, model: candidate.model, column: candidate.column } });
    setChosen(null);
    if (result.error) return showFailureToast(result.error, 'Failed to teach term.');
    setTaught((before) => ({ ...before, [offer.phrase]: candidate.label }));
    toast.success(`“${offer.phrase}” now means ${candidate.label}. Asking again…`);
    onTaught();
  };

  return (
    <Flex vertical gap={6} data-testid="teach-offers">
      {offers.map((offer) => (
        <Flex key={offer.phrase} gap={8} wrap="wrap" align="center" role="group" aria-label={`What “${offer.phrase}” means`}>
          <Typography.Text>“{offer.phrase}” means:</Typography.Text>
          {taught[offer.phrase] ? (
            <Tag color="green" icon={<CheckCircleOutlined />}>
              {taught[offer.phrase]} (taught)
            </Tag>
          ) : null}
          {!taught[offer.phrase] && offer.candidates.map((candidate) => (
            <Button
              key={candidate.label}
              size="small"
              loading={chosen === `${offer.phrase}\u0000${candidate.label}`}
              disabled={fetching}
              onClick={() => void choose(offer, candidate)}
            >
              {candidate.label}
            </Button>
          ))}
        </Flex>
      ))}
    </Flex>
  );
}
