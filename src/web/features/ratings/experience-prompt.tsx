import { RATING_PROMPT_TEXTS, type RatingPromptType } from '../../../contracts/ratings';
import { RatingDialog } from './rating-dialog';

/**
 * The spec §2 experience question after a checkout or creating an event: opens a second after
 * `isTriggered`, once per account and type (the server decides), docked and non-modal.
 */
export function ExperiencePrompt({
  ratingType,
  isTriggered,
}: {
  ratingType: RatingPromptType;
  isTriggered: boolean;
}) {
  const text = RATING_PROMPT_TEXTS[ratingType];
  return (
    <RatingDialog
      isTriggered={isTriggered}
      ratingType={ratingType}
      title={text.title}
      description={text.description}
      isOncePerAccount
    />
  );
}
