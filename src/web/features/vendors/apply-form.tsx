import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, MapPin } from 'lucide-react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  VENDOR_APPLICATION_MESSAGE_MAX,
  VENDOR_LINKS_MAX,
  VendorApplyInputSchema,
  type VendorApplyInput,
  type VendorOpportunity,
  type VendorProfile,
} from '../../../contracts/vendors';
import { isMissing, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Form, FormField } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { eventVendorInfoQuery, myVendorProfileQuery, useApplyToEvent } from './api';
import { formatFee, formatWhen, REQUEST_STATUS } from './vendor-format';
import { localizeVendorMessage, VENDOR_TEXT } from './vendor-messages';
import { useServiceTypeLabel } from '../service-types';
import { IncludedTax } from '../taxes';
import { vendorPaths } from './vendor-paths';
import { Opportunities } from './vendor-opportunities';

/** The links of a profile as one list, for the application's links. */
export function profileLinks(profile: Pick<VendorProfile, 'links'> | undefined): string[] {
  if (!profile) return [];
  return Object.values(profile.links).filter((url): url is string => Boolean(url));
}

/** One link per line (blank lines dropped, trimmed). */
export function parseLinkLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** /vendors/apply?event={id}&name={title}; without an event, the events asking for vendors. */
export function VendorApply({ eventId, eventName }: { eventId: string | null; eventName: string }) {
  if (!eventId) return <Opportunities />;
  return <ApplyToEvent eventId={eventId} eventName={eventName} />;
}

function ApplyToEvent({ eventId, eventName }: { eventId: string; eventName: string }) {
  const { t } = useLingui();
  const info = useQuery(eventVendorInfoQuery(eventId));
  const profile = useQuery(myVendorProfileQuery);
  if (info.isPending || profile.isPending) return <PageSpinner />;
  if (info.isError) {
    return isMissing(info.error) ? (
      <Alert variant="destructive" title={t`Event not found`}>
        <Trans>
          This event does not exist or is not open to vendors. Browse{' '}
          <Link to={vendorPaths.opportunities()} className="underline">
            events looking for vendors
          </Link>
          .
        </Trans>
      </Alert>
    ) : (
      <LoadFailed
        title={t`The event could not be loaded`}
        error={info.error}
        onRetry={() => void info.refetch()}
      />
    );
  }
  if (profile.isError) {
    // Non-vendors never get here: the route's RoleGuard (vendor) answers them.
    return (
      <LoadFailed
        title={t`Your vendor profile could not be loaded`}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return <ApplyForm event={info.data} eventName={eventName} profile={profile.data} />;
}

function EventSummary({ event }: { event: VendorOpportunity }) {
  const { t } = useLingui();
  const serviceTypeLabel = useServiceTypeLabel();
  const organizer = event.organizer.name;
  const fee = formatFee(event.vendorFee, event.currency);
  const approved = event.approvedCount;
  const spots = event.spots;
  return (
    <section
      aria-label={t`The event`}
      className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4"
    >
      <h2 className="text-lg font-semibold">
        <Link to={paths.event(event.eventId)} className="hover:underline">
          {event.title}
        </Link>
      </h2>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <CalendarClock aria-hidden="true" className="size-4" />
        <time dateTime={event.startsAt}>{formatWhen(event)}</time>
      </p>
      {event.location ? (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-4" />
          {event.location}
        </p>
      ) : null}
      <p className="text-sm">
        {t`Organized by ${organizer}`} ·{' '}
        {/* The tax belongs right after the amount it is part of, so it sits inside the
            sentence, where each language places it. */}
        {event.vendorFee > 0 ? (
          <Trans>
            vendor fee {fee}
            <IncludedTax kind="vendor_fee" itemId={event.eventId} spaced />, paid after approval
          </Trans>
        ) : (
          t`no vendor fee`
        )}
        {spots ? ` · ${t`${approved} of ${spots} spots filled`}` : ''}
      </p>
      {event.categories.length ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            <Trans>Looking for:</Trans>
          </span>
          {event.categories.map((c) => (
            <Badge key={c} variant="outline">
              {serviceTypeLabel(c)}
            </Badge>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** What the application form holds: the texts as typed and the ticked profile services. */
interface ApplyValues {
  message: string;
  /** The profile's services that stay ticked. */
  services: string[];
  /** More services, comma-separated. */
  extra: string;
  /** One link per line. */
  links: string;
}
type ApplyField = keyof ApplyValues;

// The contract's fields that the form shows under another control.
const FIELD_OF: Record<string, ApplyField> = {
  message: 'message',
  services: 'extra',
  links: 'links',
};

/** The form's values as the API body: ticked and typed services once each, links by line. */
function applyInput(values: ApplyValues): VendorApplyInput {
  const extra = values.extra
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    message: values.message,
    services: [...new Set([...values.services, ...extra])],
    links: parseLinkLines(values.links),
  };
}

/** The shared VendorApplyInputSchema as the form's check, its messages on the form's controls. */
const applyResolver: Resolver<ApplyValues, unknown, VendorApplyInput> = (values) => {
  const parsed = VendorApplyInputSchema.safeParse(applyInput(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<ApplyValues> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field)
      errors[field] ??= { type: 'validate', message: localizeVendorMessage(issue.message) };
  }
  return { values: {}, errors };
};

function ApplyForm({
  event,
  eventName,
  profile,
}: {
  event: VendorOpportunity;
  eventName: string;
  profile: VendorProfile;
}) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const apply = useApplyToEvent(event.eventId);
  // Messages change on submit only, as before the form library (no checks while typing).
  const form = useForm<ApplyValues, unknown, VendorApplyInput>({
    resolver: applyResolver,
    defaultValues: {
      message: '',
      services: profile.services.map((s) => s.name),
      extra: '',
      links: profileLinks(profile).join('\n'),
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const services = useWatch({ control: form.control, name: 'services' });
  const hasFieldErrors = Object.keys(form.formState.errors).length > 0;
  const mine = event.myRequest;
  const hasOpenRequest = mine && mine.status !== 'rejected';
  const title = event.title || eventName;
  const status = mine ? i18n._(REQUEST_STATUS[mine.status].label) : '';
  const linksMax = VENDOR_LINKS_MAX;

  function submit(input: VendorApplyInput) {
    apply.mutate(input, {
      onSuccess: () => {
        toast.success(i18n._(VENDOR_TEXT.applySuccessTitle), {
          description: i18n._(VENDOR_TEXT.applySuccess),
        });
        navigate(vendorPaths.applications());
      },
      onError: (error) => {
        for (const [name, message] of Object.entries(fieldErrors(error))) {
          const field = FIELD_OF[name.split('.')[0] ?? name];
          if (field && !form.getFieldState(field).error)
            form.setError(field, { type: 'server', message });
        }
      },
    });
  }

  const formError =
    apply.isError && !hasFieldErrors
      ? errorMessage(apply.error, t`Your application could not be sent. Please try again.`)
      : null;

  return (
    <div className="flex flex-col gap-6">
      <EventSummary event={event} />
      {!profile.isComplete ? (
        <Alert variant="info" title={t`Complete your profile first`}>
          <Trans>
            Organizers see your vendor profile with your application.{' '}
            <Link to={vendorPaths.profile()} className="font-semibold underline">
              Complete your vendor profile
            </Link>
            .
          </Trans>
        </Alert>
      ) : null}
      {hasOpenRequest ? (
        <Alert variant="info" title={t`You already applied to this event`}>
          <p>
            <Trans>
              Status: {status}.{' '}
              <Link to={vendorPaths.applications()} className="font-semibold underline">
                See your applications
              </Link>
            </Trans>
          </p>
        </Alert>
      ) : (
        <Form
          form={form}
          onSubmit={submit}
          aria-label={t`Apply to ${title}`}
          className="flex flex-col gap-5"
        >
          <FormField<ApplyValues>
            name="message"
            label={t`Message to the organizer`}
            hint={t`What you would bring to this event, your experience and anything they should know.`}
          >
            {(control) => (
              <textarea
                {...control}
                rows={6}
                maxLength={VENDOR_APPLICATION_MESSAGE_MAX}
                required
                className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
              />
            )}
          </FormField>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">
              <Trans>Services offered</Trans>
            </legend>
            {profile.services.length ? (
              <ul className="flex flex-col gap-2">
                {profile.services.map((service) => (
                  <li key={service.name}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={services.includes(service.name)}
                        onChange={(e) =>
                          form.setValue(
                            'services',
                            e.target.checked
                              ? [...services, service.name]
                              : services.filter((name) => name !== service.name),
                          )
                        }
                      />
                      {service.name}
                    </label>
                  </li>
                ))}
              </ul>
            ) : null}
            <FormField<ApplyValues>
              name="extra"
              label={profile.services.length ? t`Other services` : t`Services`}
              hint={t`Separate several with commas, e.g. DJ set, lighting.`}
            >
              {(control) => <Input {...control} />}
            </FormField>
          </fieldset>
          <FormField<ApplyValues>
            name="links"
            label={t`Links`}
            hint={t`Your website, social pages or past work: one per line, up to ${linksMax}.`}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
              />
            )}
          </FormField>
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={apply.isPending}>
              {apply.isPending ? t`Sending...` : t`Send application`}
            </Button>
            <Link to={paths.event(event.eventId)} className={buttonClasses({ variant: 'outline' })}>
              <Trans>Cancel</Trans>
            </Link>
          </div>
        </Form>
      )}
    </div>
  );
}
