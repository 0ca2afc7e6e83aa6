import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  VENDOR_MESSAGES,
  VENDOR_RATING_MAX,
  VENDOR_RATING_MIN,
  type VendorPage,
} from '../../../contracts/vendors';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { myEventsQuery } from '../events/api';
import { useRateVendor } from './api';

const SCORES = Array.from(
  { length: VENDOR_RATING_MAX - VENDOR_RATING_MIN + 1 },
  (_, i) => VENDOR_RATING_MIN + i,
);

/** The events of mine this vendor worked that have started: the ones I may rate them for. */
export function rateableEvents(
  eventsWorked: VendorPage['eventsWorked'],
  myEventIds: ReadonlySet<string>,
  now: Date,
) {
  return eventsWorked.filter(
    (event) => myEventIds.has(event.eventId) && new Date(event.startsAt) <= now,
  );
}

/**
 * For an organizer whose started event this vendor worked: a 1–5 rating with an optional
 * comment (a second rating for the same event replaces the first; the server decides who may).
 */
export function RateVendorForm({ page }: { page: VendorPage }) {
  const id = useId();
  const mine = useQuery(myEventsQuery);
  const rate = useRateVendor(page.vendor.id);
  const [eventId, setEventId] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ eventId?: string; rating?: string }>({});
  const events = rateableEvents(
    page.eventsWorked,
    new Set(mine.data?.events.map((e) => e.id) ?? []),
    new Date(),
  );
  if (!mine.data || events.length === 0) return null;
  const chosen = eventId || (events.length === 1 ? (events[0]?.eventId ?? '') : '');

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!chosen) found.eventId = 'Please choose the event';
    if (rating === null) found.rating = VENDOR_MESSAGES.ratingRange;
    setErrors(found);
    if (found.eventId || rating === null) return;
    rate.mutate(
      { eventId: chosen, rating, comment: comment.trim() || null },
      {
        onSuccess: () => {
          toast.success('Thank you for your rating!');
          setComment('');
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Rate {page.vendor.displayName}
      </h3>
      {events.length > 1 ? (
        <Field id={`${id}-event`} label="Event" error={errors.eventId}>
          <Select
            id={`${id}-event`}
            value={eventId}
            onChange={(e) => setEventId(e.target.value)}
            aria-invalid={errors.eventId ? true : undefined}
            aria-describedby={describedBy(`${id}-event`, { error: errors.eventId })}
          >
            <option value="">Choose an event</option>
            {events.map((event) => (
              <option key={event.eventId} value={event.eventId}>
                {event.title}
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <p className="text-sm text-muted-foreground">For {events[0]?.title}</p>
      )}
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.rating ? `${id}-rating-error` : undefined}
      >
        <legend className="text-sm font-medium">Rating</legend>
        <div className="flex gap-1">
          {SCORES.map((score) => (
            <label
              key={score}
              className={cn(
                'flex size-10 cursor-pointer items-center justify-center rounded-md border border-border has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                rating !== null && score <= rating ? 'bg-primary text-primary-foreground' : '',
              )}
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={score}
                checked={rating === score}
                onChange={() => setRating(score)}
                className="sr-only"
              />
              <Star aria-hidden="true" className="size-4" />
              <span className="sr-only">
                {score} out of {VENDOR_RATING_MAX}
              </span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id={`${id}-rating-error`} className="text-sm font-medium text-destructive">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <Field id={`${id}-comment`} label="Comment (optional)">
        <textarea
          id={`${id}-comment`}
          rows={3}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm"
        />
      </Field>
      {rate.isError ? (
        <Alert variant="destructive">
          {errorMessage(rate.error, 'Your rating could not be saved. Please try again.')}
        </Alert>
      ) : null}
      <Button type="submit" disabled={rate.isPending} className="self-start">
        {rate.isPending ? 'Saving...' : 'Submit rating'}
      </Button>
    </form>
  );
}
