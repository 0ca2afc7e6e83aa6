import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { RatingPromptType } from '../../../contracts/ratings';
import { RatingDialog } from './rating-dialog';

// The spec's questions (contracts RATING_PROMPT_TEXTS) in the page's language.
const PROMPT_TEXTS: Record<
  RatingPromptType,
  { title: MessageDescriptor; description: MessageDescriptor }
> = {
  checkout: {
    title: msg`How easy was checkout?`,
    description: msg`Rate paying for your order from 1 (super easy) to 10 (most difficult).`,
  },
  event_creation: {
    title: msg`How easy was creating your event?`,
    description: msg`Rate creating this event from 1 (super easy) to 10 (most difficult).`,
  },
};

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
  const { i18n } = useLingui();
  const text = PROMPT_TEXTS[ratingType];
  return (
    <RatingDialog
      isTriggered={isTriggered}
      ratingType={ratingType}
      title={i18n._(text.title)}
      description={i18n._(text.description)}
      isOncePerAccount
    />
  );
}
