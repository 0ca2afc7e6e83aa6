import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { EVENT_CATEGORIES, VENDOR_SERVICE_TYPES } from '../../../contracts/enums';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
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
  type OwnedEvent,
} from './api';
import { CoverPicker } from './components/cover-picker';
import { timeZoneOptions } from './components/time-zone-options';
import {
  emptyEventForm,
  eventToFormValues,
  formFieldFor,
  validateEventForm,
  type EventFormErrors,
  type EventFormField,
  type EventFormValues,
} from './event-form-values';
import { viewerTimeZone } from './event-time';

type Intent = 'draft' | 'publish';

/** The navigation state the event page (routes/event-page.tsx) reads to ask about creating it. */
const NEW_EVENT_STATE = { isNewEvent: true } as const;

/** Create (no `event`) or edit an event; Save draft keeps it private to its owner, Publish lists it. */
export function EventForm({ event }: { event?: OwnedEvent }) {
  const id = useId();
  const navigate = useNavigate();
  const [values, setValues] = useState<EventFormValues>(() =>
    event ? eventToFormValues(event) : emptyEventForm(viewerTimeZone()),
  );
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [cover, setCover] = useState<{ file: File | null; error?: string }>({ file: null });
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const publish = usePublishEvent();
  const upload = useUploadCover(setProgress);
  const zones = useMemo(
    () => timeZoneOptions(viewerTimeZone(), values.timezone),
    [values.timezone],
  );
  const isBusy = create.isPending || update.isPending || publish.isPending || upload.isPending;
  const canPublish = !event || event.eventStatus === 'draft';

  async function save(intent: Intent) {
    setFailure(null);
    const result = validateEventForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(id, result.errors);
      return;
    }
    setErrors({});
    try {
      let saved = event
        ? await update.mutateAsync({ id: event.id, input: result.input })
        : await create.mutateAsync(result.input);
      if (cover.file) {
        saved = await upload.mutateAsync({ id: saved.id, file: cover.file });
        setProgress(null);
      }
      if (intent === 'publish' && saved.eventStatus === 'draft') {
        saved = await publish.mutateAsync(saved.id);
      }
      toast.success(
        intent === 'publish' ? 'Event published' : event ? 'Changes saved' : 'Draft saved',
      );
      // A new event: its page asks once per account how creating it went (spec §2 rating).
      void navigate(paths.event(saved.id), event ? undefined : { state: NEW_EVENT_STATE });
    } catch (error) {
      setProgress(null);
      const fromServer: EventFormErrors = {};
      for (const [name, message] of Object.entries(fieldErrors(error))) {
        const field = formFieldFor(name);
        if (field) fromServer[field] ??= message;
      }
      setErrors(fromServer);
      if (Object.keys(fromServer).length) focusFirstError(id, fromServer);
      else setFailure(errorMessage(error, 'The event could not be saved. Please try again.'));
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void save('draft');
  }

  const set =
    (name: EventFormField) =>
    (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const target = e.target;
      const value =
        target instanceof HTMLInputElement && target.type === 'checkbox'
          ? target.checked
          : target.value;
      setValues((v) => ({ ...v, [name]: value }));
    };
  const control = (name: EventFormField) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': describedBy(`${id}-${name}`, { error: errors[name] }),
    onChange: set(name),
  });
  const text = (name: EventFormField) => ({ ...control(name), value: values[name] as string });
  const check = (name: EventFormField) => ({
    ...control(name),
    type: 'checkbox' as const,
    checked: values[name] as boolean,
    className: 'size-4 accent-primary',
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      {failure ? <Alert variant="destructive">{withPricingLink(failure)}</Alert> : null}
      <Field id={`${id}-title`} label="Title" error={errors.title}>
        <Input {...text('title')} maxLength={140} required />
      </Field>
      <Field id={`${id}-category`} label="Category" error={errors.category}>
        <Select {...text('category')} required>
          <option value="">Choose a category</option>
          {EVENT_CATEGORIES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-description`} label="Description" error={errors.description}>
        <textarea
          {...text('description')}
          rows={6}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
        />
      </Field>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">When</legend>
        <Field id={`${id}-startsLocal`} label="Starts" error={errors.startsLocal}>
          <Input {...text('startsLocal')} type="datetime-local" required />
        </Field>
        <Field id={`${id}-endsLocal`} label="Ends (optional)" error={errors.endsLocal}>
          <Input {...text('endsLocal')} type="datetime-local" />
        </Field>
        <div className="sm:col-span-2">
          <Field id={`${id}-timezone`} label="Time zone" error={errors.timezone}>
            <Select {...text('timezone')}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold">Where</legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...check('isOnline')} />
          This is an online event
        </label>
        {values.isOnline ? (
          <Field id={`${id}-onlineUrl`} label="Link to join" error={errors.onlineUrl}>
            <Input {...text('onlineUrl')} type="url" placeholder="https://" />
          </Field>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-venueName`} label="Venue name" error={errors.venueName}>
              <Input {...text('venueName')} />
            </Field>
            <Field id={`${id}-address`} label="Address" error={errors.address}>
              <Input {...text('address')} autoComplete="street-address" />
            </Field>
            <Field id={`${id}-city`} label="City" error={errors.city}>
              <Input {...text('city')} autoComplete="address-level2" />
            </Field>
            <Field id={`${id}-country`} label="Country" error={errors.country}>
              <Input {...text('country')} autoComplete="country-name" />
            </Field>
          </div>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold">Tickets and access</legend>
        <Field
          id={`${id}-capacity`}
          label="Capacity (optional)"
          error={withPricingLink(errors.capacity)}
        >
          <Input {...text('capacity')} type="number" inputMode="numeric" min={1} step={1} />
        </Field>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...check('isFree')} />
          Free event
        </label>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...check('isPrivate')} />
          Private: only people with the secret link can see it
        </label>
        <Field
          id={`${id}-attendeeVisibility`}
          label="Who can see who is going"
          error={errors.attendeeVisibility}
        >
          <Select {...text('attendeeVisibility')}>
            <option value="list">Everyone sees the names of people going</option>
            <option value="count">Everyone sees how many people are going</option>
            <option value="hidden">Only I can see who is going</option>
          </Select>
        </Field>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold">Vendors</legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...check('wantsVendors')} />
          Invite vendors to apply (DJs, caterers, photographers and more)
        </label>
        {values.wantsVendors ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id={`${id}-vendorFee`}
                label="Vendor fee in dollars (blank for none)"
                error={errors.vendorFee}
              >
                <Input {...text('vendorFee')} inputMode="decimal" />
              </Field>
              <Field
                id={`${id}-vendorSpots`}
                label="Vendor spots (optional)"
                error={errors.vendorSpots}
              >
                <Input
                  {...text('vendorSpots')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                />
              </Field>
            </div>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">
                Vendors you are looking for (optional)
              </legend>
              <ul className="grid max-h-52 grid-cols-1 gap-1 overflow-y-auto rounded-md border border-border p-2 sm:grid-cols-2">
                {VENDOR_SERVICE_TYPES.map((type) => (
                  <li key={type}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={values.vendorCategories.includes(type)}
                        onChange={(e) =>
                          setValues((v) => ({
                            ...v,
                            vendorCategories: e.target.checked
                              ? [...v.vendorCategories, type]
                              : v.vendorCategories.filter((c) => c !== type),
                          }))
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
        <progress value={progress} max={1} aria-label="Uploading cover" className="w-full" />
      ) : null}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={canPublish ? 'outline' : 'primary'} disabled={isBusy}>
          {event && !canPublish ? 'Save changes' : 'Save draft'}
        </Button>
        {canPublish ? (
          <Button disabled={isBusy} onClick={() => void save('publish')}>
            Publish
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function focusFirstError(id: string, errors: EventFormErrors) {
  const first = Object.keys(errors)[0];
  if (first) requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus());
}
