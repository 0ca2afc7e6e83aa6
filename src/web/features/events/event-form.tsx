import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import {
  useForm,
  useWatch,
  type FieldError,
  type FieldErrors,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { CreateEventInput } from '../../../contracts/events';
import { CURRENCY_CODES } from '../../../contracts/currency';
import { EVENT_CATEGORIES, VENDOR_SERVICE_TYPES } from '../../../contracts/enums';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormField } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { withPricingLink } from '../../components/pricing-link';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import {
  useCreateEvent,
  usePublishEvent,
  useUpdateEvent,
  useUploadCover,
  type EventDetail,
} from './api';
import { useCategoryLabel } from './category-label';
import { CoverPicker } from './components/cover-picker';
import { timeZoneOptions } from './components/time-zone-options';
import {
  emptyEventForm,
  eventToFormValues,
  formFieldFor,
  validateEventForm,
  type EventFormValues,
} from './event-form-values';
import { viewerTimeZone } from './event-time';

type Intent = 'draft' | 'publish';

/** The navigation state the event page (routes/event-page.tsx) reads to ask about creating it. */
const NEW_EVENT_STATE = { isNewEvent: true } as const;

/**
 * The form's check: `validateEventForm` (the shared CreateEventInputSchema plus the rules the
 * form repeats so every message shows at once), as react-hook-form's resolver. A valid form
 * submits the API body it built.
 */
const eventFormResolver: Resolver<EventFormValues, unknown, CreateEventInput> = (values) => {
  const result = validateEventForm(values);
  if (result.ok) return { values: result.input, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const [name, message] of Object.entries(result.errors))
    errors[name] = { type: 'validate', message };
  return { values: {}, errors: errors as FieldErrors<EventFormValues> };
};

const textareaClasses =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive';

/** Create (no `event`) or edit an event; Save draft keeps it private to its owner, Publish lists it. */
export function EventForm({ event }: { event?: EventDetail }) {
  const { t } = useLingui();
  const categoryLabel = useCategoryLabel();
  const navigate = useNavigate();
  // Messages change on submit only, as before the form library (no checks while typing).
  const form = useForm<EventFormValues, unknown, CreateEventInput>({
    resolver: eventFormResolver,
    defaultValues: event ? eventToFormValues(event) : emptyEventForm(viewerTimeZone()),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [timezone, isOnline, wantsVendors, vendorCategories, currency] = useWatch({
    control: form.control,
    name: ['timezone', 'isOnline', 'wantsVendors', 'vendorCategories', 'currency'],
  });
  const [cover, setCover] = useState<{ file: File | null; error?: string }>({ file: null });
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const publish = usePublishEvent();
  const upload = useUploadCover(setProgress);
  const zones = useMemo(() => timeZoneOptions(viewerTimeZone(), timezone), [timezone]);
  const isBusy = create.isPending || update.isPending || publish.isPending || upload.isPending;
  const canPublish = !event || event.eventStatus === 'draft';

  async function save(input: CreateEventInput, intent: Intent) {
    setFailure(null);
    try {
      let saved = event
        ? await update.mutateAsync({ id: event.id, input })
        : await create.mutateAsync(input);
      if (cover.file) {
        saved = await upload.mutateAsync({ id: saved.id, file: cover.file });
        setProgress(null);
      }
      if (intent === 'publish' && saved.eventStatus === 'draft') {
        saved = await publish.mutateAsync(saved.id);
      }
      toast.success(
        intent === 'publish' ? t`Event published` : event ? t`Changes saved` : t`Draft saved`,
      );
      // A new event: its page asks once per account how creating it went (spec §2 rating).
      void navigate(paths.event(saved.id), event ? undefined : { state: NEW_EVENT_STATE });
    } catch (error) {
      setProgress(null);
      // The server's field messages go under the controls that show them; the first one of
      // the form gets focus. A failure without a known field is one alert.
      const shown = new Set<string>();
      for (const [name, message] of Object.entries(fieldErrors(error))) {
        const field = formFieldFor(name);
        if (!field || shown.has(field)) continue;
        shown.add(field);
        form.setError(field, { type: 'server', message });
      }
      if (shown.size) focusFirstError(form, shown);
      else setFailure(errorMessage(error, t`The event could not be saved. Please try again.`));
    }
  }

  const publishNow = form.handleSubmit((input) => save(input, 'publish'));

  const checkbox = (name: 'isOnline' | 'isFree' | 'isPrivate' | 'wantsVendors') => (
    <input {...form.register(name)} type="checkbox" className="size-4 accent-primary" />
  );

  return (
    <Form
      form={form}
      onSubmit={(input) => save(input, 'draft')}
      onInvalid={() => setFailure(null)}
      className="flex flex-col gap-6"
    >
      {failure ? <Alert variant="destructive">{withPricingLink(failure)}</Alert> : null}
      <FormField<EventFormValues> name="title" label={t`Title`}>
        {(control) => <Input {...control} maxLength={140} required />}
      </FormField>
      <FormField<EventFormValues> name="category" label={t`Category`}>
        {(control) => (
          <Select {...control} required>
            <option value="">{t`Choose a category`}</option>
            {EVENT_CATEGORIES.map((name) => (
              <option key={name} value={name}>
                {categoryLabel(name)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField<EventFormValues> name="description" label={t`Description`}>
        {(control) => <textarea {...control} rows={6} className={textareaClasses} />}
      </FormField>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">
          <Trans>When</Trans>
        </legend>
        <FormField<EventFormValues> name="startsLocal" label={t`Starts`}>
          {(control) => <Input {...control} type="datetime-local" required />}
        </FormField>
        <FormField<EventFormValues> name="endsLocal" label={t`Ends (optional)`}>
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
        <div className="sm:col-span-2">
          <FormField<EventFormValues> name="timezone" label={t`Time zone`}>
            {(control) => (
              <Select {...control}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold">
          <Trans>Where</Trans>
        </legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          {checkbox('isOnline')}
          <Trans>This is an online event</Trans>
        </label>
        {isOnline ? (
          <FormField<EventFormValues> name="onlineUrl" label={t`Link to join`}>
            {(control) => <Input {...control} type="url" placeholder="https://" />}
          </FormField>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField<EventFormValues> name="venueName" label={t`Venue name`}>
              {(control) => <Input {...control} />}
            </FormField>
            <FormField<EventFormValues> name="address" label={t`Address`}>
              {(control) => <Input {...control} autoComplete="street-address" />}
            </FormField>
            <FormField<EventFormValues> name="city" label={t`City`}>
              {(control) => <Input {...control} autoComplete="address-level2" />}
            </FormField>
            <FormField<EventFormValues> name="country" label={t`Country`}>
              {(control) => <Input {...control} autoComplete="country-name" />}
            </FormField>
          </div>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold">
          <Trans>Tickets and access</Trans>
        </legend>
        <FormField<EventFormValues>
          name="capacity"
          label={t`Capacity (optional)`}
          formatError={withPricingLink}
        >
          {(control) => <Input {...control} type="number" inputMode="numeric" min={1} step={1} />}
        </FormField>
        <label className="flex items-center gap-2 text-sm font-medium">
          {checkbox('isFree')}
          <Trans>Free event</Trans>
        </label>
        <label className="flex items-center gap-2 text-sm font-medium">
          {checkbox('isPrivate')}
          <Trans>Private: only people with the secret link can see it</Trans>
        </label>
        <FormField<EventFormValues> name="attendeeVisibility" label={t`Who can see who is going`}>
          {(control) => (
            <Select {...control}>
              <option value="list">{t`Everyone sees the names of people going`}</option>
              <option value="count">{t`Everyone sees how many people are going`}</option>
              <option value="hidden">{t`Only I can see who is going`}</option>
            </Select>
          )}
        </FormField>
        <FormField<EventFormValues>
          name="currency"
          label={t`Currency`}
          hint={t`Ticket prices, orders and the vendor fee of this event are in this currency.`}
        >
          {(control) => (
            <Select {...control}>
              {CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold">
          <Trans>Vendors</Trans>
        </legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          {checkbox('wantsVendors')}
          <Trans>Invite vendors to apply (DJs, caterers, photographers and more)</Trans>
        </label>
        {wantsVendors ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField<EventFormValues>
                name="vendorFee"
                label={t`Vendor fee in ${currency} (blank for none)`}
              >
                {(control) => <Input {...control} inputMode="decimal" />}
              </FormField>
              <FormField<EventFormValues> name="vendorSpots" label={t`Vendor spots (optional)`}>
                {(control) => (
                  <Input {...control} type="number" inputMode="numeric" min={1} step={1} />
                )}
              </FormField>
            </div>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">
                <Trans>Vendors you are looking for (optional)</Trans>
              </legend>
              <ul className="grid max-h-52 grid-cols-1 gap-1 overflow-y-auto rounded-md border border-border p-2 sm:grid-cols-2">
                {VENDOR_SERVICE_TYPES.map((type) => (
                  <li key={type}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={vendorCategories.includes(type)}
                        onChange={(e) =>
                          form.setValue(
                            'vendorCategories',
                            e.target.checked
                              ? [...vendorCategories, type]
                              : vendorCategories.filter((c) => c !== type),
                          )
                        }
                      />
                      {type}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          </>
        ) : null}
      </fieldset>

      <CoverPicker
        currentUrl={event?.coverImage?.medium ?? null}
        file={cover.file}
        error={cover.error}
        onFile={(file, error) => setCover({ file, error })}
      />
      {progress !== null ? (
        <progress value={progress} max={1} aria-label={t`Uploading cover`} className="w-full" />
      ) : null}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={canPublish ? 'outline' : 'primary'} disabled={isBusy}>
          {event && !canPublish ? <Trans>Save changes</Trans> : <Trans>Save draft</Trans>}
        </Button>
        {canPublish ? (
          <Button disabled={isBusy} onClick={() => void publishNow()}>
            <Trans>Publish</Trans>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

/** Focus on the first control (in the form's order) among the ones the server refused. */
function focusFirstError(
  form: UseFormReturn<EventFormValues, unknown, CreateEventInput>,
  fields: ReadonlySet<string>,
) {
  const first = Object.keys(form.getValues()).find((name) => fields.has(name));
  if (first) form.setFocus(first as keyof EventFormValues);
}
