import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Check, MessageSquare, Search, Send, UserPlus, Users, X } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  CreateBookingInputSchema,
  VENDOR_SERVICE_TYPES,
  type Booking,
  type VendorServiceType,
  type VendorSummary,
} from '../../../contracts/vendors';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { myEventsQuery } from '../events';
import { useSession } from '../session';
import {
  BOOKING_STATUS_LABEL,
  bookingsQuery,
  useBookingAction,
  useCreateBooking,
  vendorDirectoryQuery,
  vendorPageQuery,
  type BookingAction,
} from './api';
import { PersonAvatar } from '../../components/person-avatar';
import { VendorTrackerView } from './vendor-tracker';
import { useServiceTypeLabel } from '../service-types';
import { VENDOR_TEXT } from './vendor-messages';
import { vendorPaths } from './vendor-paths';

// What the person who changed a hire request reads afterwards.
const BOOKING_CHANGED: Record<Booking['status'], MessageDescriptor> = {
  pending: msg`Hire request pending`,
  accepted: msg`Hire request accepted`,
  declined: msg`Hire request declined`,
  cancelled: msg`Hire request cancelled`,
};

const BOOKING_VARIANT: Record<Booking['status'], BadgeVariant> = {
  pending: 'warning',
  accepted: 'success',
  declined: 'danger',
  cancelled: 'outline',
};

/**
 * /vendor-hiring: organizers search vendors, send hire requests for their events, follow the
 * bookings and the tracker; vendors answer the hire requests they received.
 */
export function VendorHiring() {
  const { user } = useSession();
  const isVendor = user?.userType === 'vendor';
  return (
    <div className="flex flex-col gap-12">
      {isVendor ? <ReceivedBookings /> : null}
      {!isVendor ? (
        <>
          <FindVendors />
          <SentBookings />
          <section aria-labelledby="tracker-title" className="flex flex-col gap-4">
            <div>
              <h2 id="tracker-title" className="text-2xl font-bold">
                <Trans>Vendor tracker</Trans>
              </h2>
              <p className="text-muted-foreground">
                <Trans>Invited, applied, approved and paid, for each of your events.</Trans>
              </p>
            </div>
            <VendorTrackerView />
          </section>
        </>
      ) : null}
    </div>
  );
}

function FindVendors() {
  const { t } = useLingui();
  const serviceTypeLabel = useServiceTypeLabel();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [term, setTerm] = useState('');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<VendorServiceType | ''>('');
  const preselected = params.get('vendor');
  const [hiring, setHiring] = useState<VendorSummary | null>(null);
  const results = useQuery(
    vendorDirectoryQuery({ q: q || undefined, category: category || undefined, pageSize: 6 }),
  );
  const preselectedVendor = useQuery({
    ...vendorPageQuery(preselected ?? ''),
    enabled: Boolean(preselected),
  });
  const fromLink = preselectedVendor.data?.vendor ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setQ(term.trim());
  }

  function closeDialog() {
    setHiring(null);
    if (preselected) {
      const next = new URLSearchParams(params);
      next.delete('vendor');
      setParams(next, { replace: true });
    }
  }

  const target = hiring ?? fromLink;

  return (
    <section aria-labelledby="find-title" className="flex flex-col gap-4">
      <div>
        <h2 id="find-title" className="text-2xl font-bold">
          <Trans>Find a vendor</Trans>
        </h2>
        <p className="text-muted-foreground">
          <Trans>Search the directory and send a hire request.</Trans>
        </p>
      </div>
      <form
        role="search"
        aria-label={t`Find vendors to hire`}
        onSubmit={submit}
        className="grid gap-3 rounded-lg border border-border bg-card p-4 md:grid-cols-[2fr_1fr_auto] md:items-end"
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-q`}>
            <Trans>Search vendors</Trans>
          </Label>
          <Input
            id={`${id}-q`}
            type="search"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            placeholder={t`Name or business`}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-category`}>
            <Trans>Service type</Trans>
          </Label>
          <Select
            id={`${id}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value as VendorServiceType | '')}
          >
            <option value="">{t`All services`}</option>
            {VENDOR_SERVICE_TYPES.map((name) => (
              <option key={name} value={name}>
                {serviceTypeLabel(name)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" className="size-4" />
          <Trans>Search</Trans>
        </Button>
      </form>
      {results.isPending ? (
        <Spinner label={t`Loading vendors`} />
      ) : results.isError ? (
        <LoadFailed
          title={t`The vendors could not be loaded`}
          error={results.error}
          onRetry={() => void results.refetch()}
        />
      ) : results.data.vendors.length === 0 ? (
        <EmptyState icon={Users} title={t`No vendors found`}>
          <p className="text-muted-foreground">
            <Trans>Try another name or service type.</Trans>
          </p>
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {results.data.vendors.map((vendor) => (
            <li
              key={vendor.id}
              className="flex items-center gap-3 rounded-lg border border-border bg-card p-3"
            >
              <PersonAvatar name={vendor.displayName} avatarUrl={vendor.avatarUrl} />
              <div className="min-w-0 flex-1">
                <Link
                  to={vendorPaths.vendor(vendor.id)}
                  className="block truncate font-semibold hover:underline"
                >
                  {vendor.displayName}
                </Link>
                <p className="truncate text-sm text-muted-foreground">
                  {serviceTypeLabel(vendor.displayCategory)}
                </p>
              </div>
              <Button size="sm" onClick={() => setHiring(vendor)}>
                <UserPlus aria-hidden="true" className="size-4" />
                <HireLabel name={vendor.displayName} />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {target ? <HireDialog vendor={target} onClose={closeDialog} /> : null}
    </section>
  );
}

/** "Hire", naming the vendor for screen readers. */
function HireLabel({ name }: { name: string }) {
  return (
    <Trans>
      Hire<span className="sr-only"> {name}</span>
    </Trans>
  );
}

// The hire request's own fields; the vendor is the one whose Hire button opened the dialog.
const HireSchema = CreateBookingInputSchema.omit({ vendorId: true });
type HireValues = z.input<typeof HireSchema>;
type HireInput = z.output<typeof HireSchema>;

function HireDialog({ vendor, onClose }: { vendor: VendorSummary; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const name = vendor.displayName;
  const events = useQuery(myEventsQuery);
  const create = useCreateBooking();
  // Messages change on submit only, as before the form library (no checks while typing).
  const form = useForm<HireValues, unknown, HireInput>({
    resolver: zodResolver(HireSchema),
    defaultValues: { eventId: '', message: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const hasFieldErrors = Object.keys(form.formState.errors).length > 0;
  const upcoming =
    events.data?.events.filter(
      (e) => e.eventStatus !== 'cancelled' && e.eventStatus !== 'expired',
    ) ?? [];

  function submit(input: HireInput) {
    create.mutate(
      { vendorId: vendor.id, ...input },
      {
        onSuccess: () => {
          toast.success(i18n._(VENDOR_TEXT.hireSentTitle), {
            description: t`${name} can accept or decline it. A booking chat is open.`,
          });
          onClose();
        },
        onError: (error) => setServerErrors(form, fieldErrors(error), ['eventId', 'message']),
      },
    );
  }

  const formError =
    create.isError && !hasFieldErrors
      ? errorMessage(create.error, t`The hire request could not be sent. Please try again.`)
      : null;

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Hire ${name}`}
      description={t`Choose one of your events and tell the vendor what you need.`}
    >
      {events.isPending ? (
        <Spinner label={t`Loading your events`} />
      ) : events.isError ? (
        <LoadFailed title={t`Your events could not be loaded`} error={events.error} />
      ) : upcoming.length === 0 ? (
        <Alert variant="info" title={t`You have no events to hire for`}>
          <Trans>
            <Link to={paths.createEvent()} className="font-semibold underline">
              Create an event
            </Link>{' '}
            first, then come back to hire vendors for it.
          </Trans>
        </Alert>
      ) : (
        <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
          <FormField<HireValues> name="eventId" label={t`Event`}>
            {(control) => (
              <Select {...control}>
                <option value="">{t`Choose an event`}</option>
                {upcoming.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.title} ({e.date})
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField<HireValues> name="message" label={t`Message`}>
            {(control) => (
              <textarea
                {...control}
                rows={4}
                className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
              />
            )}
          </FormField>
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={create.isPending}>
              <Send aria-hidden="true" className="size-4" />
              {create.isPending ? t`Sending...` : t`Send hire request`}
            </Button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}

function BookingList({ as }: { as: 'organizer' | 'vendor' }) {
  const { i18n, t } = useLingui();
  const query = useQuery(bookingsQuery(as));
  const action = useBookingAction();

  function act(booking: Booking, kind: BookingAction) {
    action.mutate(
      { id: booking.id, action: kind },
      {
        onSuccess: (updated) => toast.success(i18n._(BOOKING_CHANGED[updated.status])),
        onError: (error) =>
          toast.error(errorMessage(error, t`The hire request could not be changed.`)),
      },
    );
  }

  if (query.isPending) return <Spinner label={t`Loading hire requests`} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`Hire requests could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.bookings.length === 0)
    return (
      <EmptyState icon={UserPlus} title={t`No hire requests yet`}>
        <p className="text-muted-foreground">
          {as === 'organizer'
            ? t`Hire requests you send to vendors appear here with their status.`
            : t`When an organizer wants to hire you, the request appears here.`}
        </p>
      </EmptyState>
    );
  return (
    <ul className="flex flex-col gap-3">
      {query.data.bookings.map((booking) => {
        const other =
          as === 'organizer'
            ? { name: booking.vendor.displayName, avatarUrl: booking.vendor.avatarUrl }
            : booking.organizer;
        const headingId = `booking-${booking.id}`;
        return (
          <li
            key={booking.id}
            className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-center"
          >
            <PersonAvatar name={other.name} avatarUrl={other.avatarUrl} className="size-10" />
            <div className="min-w-0 flex-1">
              <h3 id={headingId} className="font-semibold">
                {other.name}
                <span className="font-normal text-muted-foreground"> · {booking.event.title}</span>
              </h3>
              <p className="line-clamp-2 text-sm text-muted-foreground">{booking.message}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={BOOKING_VARIANT[booking.status]}>
                {i18n._(BOOKING_STATUS_LABEL[booking.status])}
              </Badge>
              {booking.chatId ? (
                <Link
                  to={vendorPaths.message(booking.chatId)}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                  aria-describedby={headingId}
                >
                  <MessageSquare aria-hidden="true" className="size-4" />
                  <Trans>Open chat</Trans>
                </Link>
              ) : null}
              {booking.status === 'pending' && as === 'vendor' ? (
                <>
                  <Button
                    size="sm"
                    disabled={action.isPending}
                    onClick={() => act(booking, 'accept')}
                    aria-describedby={headingId}
                  >
                    <Check aria-hidden="true" className="size-4" />
                    <Trans>Accept</Trans>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={action.isPending}
                    onClick={() => act(booking, 'decline')}
                    aria-describedby={headingId}
                  >
                    <X aria-hidden="true" className="size-4" />
                    <Trans>Decline</Trans>
                  </Button>
                </>
              ) : null}
              {booking.status === 'pending' && as === 'organizer' ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={action.isPending}
                  onClick={() => act(booking, 'cancel')}
                  aria-describedby={headingId}
                >
                  <Trans>Cancel request</Trans>
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function SentBookings() {
  return (
    <section aria-labelledby="sent-title" className="flex flex-col gap-4">
      <h2 id="sent-title" className="text-2xl font-bold">
        <Trans>Your bookings</Trans>
      </h2>
      <BookingList as="organizer" />
    </section>
  );
}

function ReceivedBookings() {
  return (
    <section aria-labelledby="received-title" className="flex flex-col gap-4">
      <h2 id="received-title" className="text-2xl font-bold">
        <Trans>Hire requests for you</Trans>
      </h2>
      <BookingList as="vendor" />
    </section>
  );
}
