import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  VENDOR_RATING_MAX,
  VENDOR_RATING_MIN,
  VendorRatingInputSchema,
  type VendorPage,
} from '../../../contracts/vendors';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormField } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { myEventsQuery } from '../events';
import { useRateVendor } from './api';
import { localizeVendorMessage } from './vendor-messages';

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

type RatingValues = z.input<typeof VendorRatingInputSchema>;
type RatingInput = z.output<typeof VendorRatingInputSchema>;
type RateableEvent = ReturnType<typeof rateableEvents>[number];

/**
 * For an organizer whose started event this vendor worked: a 1–5 rating with an optional
 * comment (a second rating for the same event replaces the first; the server decides who may).
 */
export function RateVendorForm({ page }: { page: VendorPage }) {
  const mine = useQuery(myEventsQuery);
  const events = rateableEvents(
    page.eventsWorked,
    new Set(mine.data?.events.map((e) => e.id) ?? []),
    new Date(),
  );
  if (!mine.data || events.length === 0) return null;
  return <RateForm page={page} events={events} />;
}

/** The form itself, once the rateable events are known (one event is chosen by itself). */
function RateForm({ page, events }: { page: VendorPage; events: RateableEvent[] }) {
  const { t } = useLingui();
  const id = useId();
  const rate = useRateVendor(page.vendor.id);
  // The contract's checks (`VendorRatingInputSchema`): an event, a whole score in range. No
  // rating until a star is chosen, which the schema refuses with its range message.
  const form = useForm<RatingValues, unknown, RatingInput>({
    resolver: zodResolver(VendorRatingInputSchema),
    defaultValues: {
      eventId: events.length === 1 ? (events[0]?.eventId ?? '') : '',
      rating: undefined,
      comment: '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const rating = useWatch({ control: form.control, name: 'rating' });
  const ratingMessage = form.formState.errors.rating?.message;
  const ratingError = ratingMessage ? localizeVendorMessage(ratingMessage) : undefined;
  const vendorName = page.vendor.displayName;
  const eventTitle = events[0]?.title ?? '';
  const maxScore = VENDOR_RATING_MAX;

  function submit(input: RatingInput) {
    rate.mutate(
      { ...input, comment: input.comment || null },
      {
        onSuccess: () => {
          toast.success(t`Thank you for your rating!`);
          form.setValue('comment', '');
        },
      },
    );
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        <Trans>Rate {vendorName}</Trans>
      </h3>
      {events.length > 1 ? (
        <FormField<RatingValues> name="eventId" label={t`Event`}>
          {(control) => (
            <Select {...control}>
              <option value="">{t`Choose an event`}</option>
              {events.map((event) => (
                <option key={event.eventId} value={event.eventId}>
                  {event.title}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>For {eventTitle}</Trans>
        </p>
      )}
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={ratingError ? `${id}-rating-error` : undefined}
      >
        <legend className="text-sm font-medium">
          <Trans>Rating</Trans>
        </legend>
        <div className="flex gap-1">
          {SCORES.map((score) => (
            <label
              key={score}
              className={cn(
                'flex size-10 cursor-pointer items-center justify-center rounded-md border border-border has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                typeof rating === 'number' && score <= rating
                  ? 'bg-primary text-primary-foreground'
                  : '',
              )}
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={score}
                checked={rating === score}
                onChange={() => form.setValue('rating', score)}
                className="sr-only"
              />
              <Star aria-hidden="true" className="size-4" />
              <span className="sr-only">{t`${score} out of ${maxScore}`}</span>
            </label>
          ))}
        </div>
        {ratingError ? (
          <p id={`${id}-rating-error`} className="text-sm font-medium text-destructive">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <FormField<RatingValues> name="comment" label={t`Comment (optional)`}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm"
          />
        )}
      </FormField>
      {rate.isError ? (
        <Alert variant="destructive">
          {errorMessage(rate.error, t`Your rating could not be saved. Please try again.`)}
        </Alert>
      ) : null}
      <Button type="submit" disabled={rate.isPending} className="self-start">
        {rate.isPending ? t`Saving...` : t`Submit rating`}
      </Button>
    </Form>
  );
}
