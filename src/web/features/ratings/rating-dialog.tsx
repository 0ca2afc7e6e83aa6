import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { RATING_LABELS } from '../../../contracts/accounts';
import { RATING_DIALOG_DELAY_MS, RATING_MAX, RATING_MIN } from '../../../contracts/limits';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { claimRatingPrompt, useSubmitRating } from './api';
import { nextRating } from './rating-value';

// spec §8 texts.
export const RATING_TOASTS = {
  success: {
    title: msg`Thank you for your feedback!`,
    description: msg`Your rating has been submitted successfully.`,
  },
  failure: { title: msg`Error`, description: msg`Failed to submit rating. Please try again.` },
};

// The spec's score labels (contracts RATING_LABELS, by their upper bound) in the page's language.
const SCORE_LABELS: Record<number, MessageDescriptor> = {
  2: msg`Super Easy`,
  4: msg`Easy`,
  6: msg`Moderate`,
  8: msg`Challenging`,
  10: msg`Most Difficult`,
};

const SCORES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

export interface RatingDialogProps {
  /** Becoming true starts the spec's 1 s delay before the dialog opens (spec §2, §9). */
  isTriggered: boolean;
  /** Stored as `rating_type` (e.g. `signup`). */
  ratingType: string;
  title: string;
  description: string;
  onClose?: () => void;
  /**
   * Asked unprompted (after a checkout, after the first event): the server is asked when the
   * delay ends and the dialog opens only the first time for the account and `ratingType`. It is
   * docked and non-modal, so it never blocks what the person does next.
   */
  isOncePerAccount?: boolean;
}

/**
 * The reusable experience rating (spec §2 "Rating dialog", §5): a 1-10 score with the spec's
 * labels and an optional comment; submit stays disabled until a score is chosen.
 */
export function RatingDialog({
  isTriggered,
  ratingType,
  title,
  description,
  onClose,
  isOncePerAccount = false,
}: RatingDialogProps) {
  const [isOpen, setOpen] = useState(false);
  const [rating, setRating] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [feedback, setFeedback] = useState('');
  const submit = useSubmitRating();
  const id = useId();
  const { i18n, t } = useLingui();
  const scoreLabel = (score: number) => {
    const band = RATING_LABELS.find((l) => score <= l.max);
    if (!band) return '';
    const label = SCORE_LABELS[band.max];
    return label ? i18n._(label) : band.label;
  };

  useEffect(() => {
    if (!isTriggered) return;
    let isCurrent = true;
    const timer = window.setTimeout(() => {
      if (!isOncePerAccount) return setOpen(true);
      // Claimed when it would open, not when triggered: leaving the page within the delay
      // does not use up the one time it may be asked. A failed claim asks nothing.
      void claimRatingPrompt(ratingType).then(
        ({ ask }) => isCurrent && ask && setOpen(true),
        () => {},
      );
    }, RATING_DIALOG_DELAY_MS);
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [isTriggered, isOncePerAccount, ratingType]);

  function close() {
    setOpen(false);
    onClose?.();
  }

  function choose(value: number | null) {
    setRating(value);
    setTyped(value === null ? '' : String(value));
  }

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (rating === null) return;
    submit.mutate(
      { ratingType, rating, feedback: feedback.trim() || null },
      {
        onSuccess: () => {
          toast.success(i18n._(RATING_TOASTS.success.title), {
            description: i18n._(RATING_TOASTS.success.description),
          });
          close();
        },
        onError: () =>
          toast.error(i18n._(RATING_TOASTS.failure.title), {
            description: i18n._(RATING_TOASTS.failure.description),
          }),
      },
    );
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => (open ? setOpen(true) : close())}
      title={title}
      description={description}
      modal={!isOncePerAccount}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">
            <Trans>Your score</Trans>
          </legend>
          <div className="grid grid-cols-5 gap-2 sm:grid-cols-10">
            {SCORES.map((score) => (
              <label
                key={score}
                className={cn(
                  'flex h-10 cursor-pointer items-center justify-center rounded-md border text-sm font-semibold',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  rating === score
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border hover:bg-muted',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-score`}
                  value={score}
                  checked={rating === score}
                  onChange={() => choose(score)}
                  className="sr-only"
                  aria-label={`${score} – ${scoreLabel(score)}`}
                />
                <span aria-hidden="true">{score}</span>
              </label>
            ))}
          </div>
          <p className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
            {RATING_LABELS.map((l, i) => (
              <span key={l.label}>
                {(RATING_LABELS[i - 1]?.max ?? 0) + 1}-{l.max} {scoreLabel(l.max)}
              </span>
            ))}
          </p>
        </fieldset>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-typed`}>
            <Trans>Or type a score from 1 to 10</Trans>
          </Label>
          <Input
            id={`${id}-typed`}
            inputMode="numeric"
            className="w-24"
            value={typed}
            onChange={(event) => {
              const value = event.target.value;
              // An ignored value (0, 11, "abc") leaves both the field and the choice as they were.
              const isAccepted = value.trim() === '' || nextRating(value, null) !== null;
              if (!isAccepted) return;
              setTyped(value);
              setRating(nextRating(value, rating));
            }}
          />
        </div>

        <p aria-live="polite" className="min-h-5 text-sm font-medium">
          {rating === null ? t`No score chosen yet` : `${rating} – ${scoreLabel(rating)}`}
        </p>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-feedback`}>
            <Trans>Comment (optional)</Trans>
          </Label>
          <textarea
            id={`${id}-feedback`}
            value={feedback}
            maxLength={2000}
            rows={3}
            onChange={(event) => setFeedback(event.target.value)}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          />
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            <Trans>Skip</Trans>
          </Button>
          <Button type="submit" disabled={rating === null || submit.isPending}>
            {submit.isPending ? <Trans>Submitting...</Trans> : <Trans>Submit rating</Trans>}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
