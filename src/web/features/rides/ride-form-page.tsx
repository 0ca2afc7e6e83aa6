import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { RideDetail, RideInput } from '../../../contracts/rides';
import { AccessDenied } from '../../app/guards/access-denied';
import { PageBody, PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSession } from '../session';
import { rideQuery, useOfferRide, useUpdateRide } from './api';
import { MapBox } from './map-box';

type Errors = Record<string, string>;

/** `datetime-local` value (local time) for an ISO instant, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

/** Server field errors (`body.seats`) onto the form's fields. */
function fieldErrors(error: unknown): Errors {
  const out: Errors = {};
  if (error instanceof ApiError) {
    const fields = (error.details as { fields?: { field: string; message: string }[] })?.fields;
    for (const f of fields ?? [])
      out[f.field.replace(/^body\./, '').split('.')[0] ?? ''] ??= f.message;
  }
  return out;
}

function RideForm({ eventId, ride }: { eventId: string; ride?: RideDetail }) {
  const navigate = useNavigate();
  const offer = useOfferRide();
  const update = useUpdateRide(ride?.id ?? '');
  const id = useId();
  const { t } = useLingui();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [values, setValues] = useState({
    departureArea: ride?.departureArea ?? '',
    lat: ride?.departurePoint ? String(ride.departurePoint.lat) : '',
    lng: ride?.departurePoint ? String(ride.departurePoint.lng) : '',
    departsAt: toLocalInput(ride?.departsAt ?? null),
    returnDepartsAt: toLocalInput(ride?.returnDepartsAt ?? null),
    seats: String(ride?.seats ?? 3),
    price: ride ? (ride.priceCents / 100).toFixed(2) : '0',
    car: ride?.car ?? '',
    luggage: ride?.luggage ?? true,
    smoking: ride?.smoking ?? false,
    pets: ride?.pets ?? false,
    notes: ride?.notes ?? '',
    bookingMode: ride?.bookingMode ?? 'approval',
  });
  const set = (name: keyof typeof values) => (value: string | boolean) =>
    setValues((v) => ({ ...v, [name]: value }));
  const lat = values.lat === '' ? NaN : Number(values.lat);
  const lng = values.lng === '' ? NaN : Number(values.lng);
  // The typed coordinates drive the map's marker; a click on the map fills them in.
  const point = useMemo(
    () =>
      Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
        ? { lat, lng }
        : null,
    [lat, lng],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const local: Errors = {};
    if (values.departureArea.trim().length < 2) local.departureArea = t`Say where you leave from`;
    if (!values.departsAt) local.departsAt = t`Choose the departure time`;
    const seats = Number(values.seats);
    if (!Number.isInteger(seats) || seats < 1 || seats > 8) local.seats = t`Offer 1 to 8 seats`;
    const price = Number(values.price);
    if (!Number.isFinite(price) || price < 0) local.priceCents = t`Price cannot be negative`;
    const hasPoint = values.lat !== '' || values.lng !== '';
    if (hasPoint && (!Number.isFinite(Number(values.lat)) || !Number.isFinite(Number(values.lng))))
      local.departurePoint = t`Give both latitude and longitude, or neither`;
    setErrors(local);
    setFailure(null);
    const first = Object.keys(local)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const input = {
      departureArea: values.departureArea.trim(),
      departurePoint: hasPoint ? { lat: Number(values.lat), lng: Number(values.lng) } : null,
      departsAt: fromLocalInput(values.departsAt),
      returnDepartsAt: values.returnDepartsAt ? fromLocalInput(values.returnDepartsAt) : null,
      seats,
      car: values.car,
      luggage: values.luggage,
      smoking: values.smoking,
      pets: values.pets,
      notes: values.notes,
      bookingMode: values.bookingMode as 'instant' | 'approval',
    };
    const onError = (error: unknown) => {
      const fields = fieldErrors(error);
      setErrors(fields);
      setFailure(errorMessage(error, t`The ride could not be saved`));
    };
    if (ride)
      update.mutate(input, {
        onSuccess: () => void navigate(`/ryder/${ride.id}`),
        onError,
      });
    else
      offer.mutate({ ...input, eventId, priceCents: Math.round(price * 100) } satisfies RideInput, {
        onSuccess: (created) => void navigate(`/ryder/${created.id}`),
        onError,
      });
  }

  const control = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': Boolean(errors[name]) || undefined,
    'aria-describedby': describedBy(`${id}-${name}`, { error: errors[name] }),
  });
  const pending = offer.isPending || update.isPending;
  return (
    <form className="flex flex-col gap-5" noValidate onSubmit={submit}>
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <Field id={`${id}-departureArea`} label={t`Departure area`} error={errors.departureArea}>
        <Input
          {...control('departureArea')}
          value={values.departureArea}
          placeholder={t`Downtown, near the station`}
          onChange={(e) => set('departureArea')(e.target.value)}
        />
      </Field>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>
            Map point (optional, used to sort rides by distance; shown rounded on the share page)
          </Trans>
        </legend>
        <Field id={`${id}-departurePoint`} label={t`Latitude`} error={errors.departurePoint}>
          <Input
            {...control('departurePoint')}
            inputMode="decimal"
            value={values.lat}
            onChange={(e) => set('lat')(e.target.value)}
          />
        </Field>
        <Field id={`${id}-lng`} label={t`Longitude`}>
          <Input
            id={`${id}-lng`}
            inputMode="decimal"
            value={values.lng}
            onChange={(e) => set('lng')(e.target.value)}
          />
        </Field>
        <div className="flex flex-col gap-1 sm:col-span-2">
          <p className="text-sm text-muted-foreground">
            <Trans>Or click the map where you pick people up.</Trans>
          </p>
          <MapBox
            label={t`Map: click to set the departure point`}
            point={point}
            onPick={(picked) =>
              setValues((v) => ({ ...v, lat: String(picked.lat), lng: String(picked.lng) }))
            }
          />
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-departsAt`} label={t`Departure time`} error={errors.departsAt}>
          <Input
            {...control('departsAt')}
            type="datetime-local"
            value={values.departsAt}
            onChange={(e) => set('departsAt')(e.target.value)}
          />
        </Field>
        <Field
          id={`${id}-returnDepartsAt`}
          label={t`Return trip (optional)`}
          error={errors.returnDepartsAt}
        >
          <Input
            {...control('returnDepartsAt')}
            type="datetime-local"
            value={values.returnDepartsAt}
            onChange={(e) => set('returnDepartsAt')(e.target.value)}
          />
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-seats`} label={t`Seats`} error={errors.seats}>
          <Input
            {...control('seats')}
            type="number"
            min={1}
            max={8}
            value={values.seats}
            onChange={(e) => set('seats')(e.target.value)}
          />
        </Field>
        <Field
          id={`${id}-priceCents`}
          label={t`Price per seat (0 for free)`}
          hint={ride ? t`The price cannot change once the ride is offered.` : undefined}
          error={errors.priceCents}
        >
          <Input
            {...control('priceCents')}
            type="number"
            min={0}
            step="0.01"
            disabled={Boolean(ride)}
            value={values.price}
            onChange={(e) => set('price')(e.target.value)}
          />
        </Field>
      </div>
      <Field id={`${id}-car`} label={t`Car`} error={errors.car}>
        <Input
          {...control('car')}
          value={values.car}
          placeholder={t`Blue Honda Civic`}
          onChange={(e) => set('car')(e.target.value)}
        />
      </Field>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Rules</Trans>
        </legend>
        {(['luggage', 'smoking', 'pets'] as const).map((rule) => (
          <label key={rule} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={values[rule]}
              onChange={(e) => set(rule)(e.target.checked)}
            />
            {rule === 'luggage'
              ? t`Luggage allowed`
              : rule === 'smoking'
                ? t`Smoking allowed`
                : t`Pets allowed`}
          </label>
        ))}
      </fieldset>
      <Field id={`${id}-bookingMode`} label={t`Booking`}>
        <Select
          id={`${id}-bookingMode`}
          value={values.bookingMode}
          onChange={(e) => set('bookingMode')(e.target.value)}
        >
          <option value="approval">{t`I approve each request`}</option>
          <option value="instant">{t`Instant booking`}</option>
        </Select>
      </Field>
      <Field id={`${id}-notes`} label={t`Notes (optional)`} error={errors.notes}>
        <textarea
          {...control('notes')}
          className="min-h-20 rounded-md border border-input bg-background px-3 py-2 text-sm"
          value={values.notes}
          onChange={(e) => set('notes')(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={pending} className="self-start">
        {pending ? t`Saving…` : ride ? t`Save changes` : t`Offer ride`}
      </Button>
    </form>
  );
}

function SignInFirst() {
  const { t } = useLingui();
  return (
    <Alert title={t`Sign in to offer a ride`}>
      <Link to="/auth" className="font-medium underline">
        <Trans>Sign in</Trans>
      </Link>
    </Alert>
  );
}

/** /create-ryder and /ryder/create (?event=…): offer a ride to an event. */
export function CreateRidePage() {
  const [params] = useSearchParams();
  const { user, isLoading } = useSession();
  const eventId = params.get('event');
  const { t } = useLingui();
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Offer a ride`}
        description={t`Take people to the event and share the trip.`}
      />
      {isLoading ? (
        <Spinner label={t`Loading`} />
      ) : !user ? (
        <SignInFirst />
      ) : !eventId ? (
        <Alert title={t`Choose the event first`}>
          <Trans>
            Open an event and choose “Rides to this event”, then “Offer a ride”.{' '}
            <Link to="/events" className="font-medium underline">
              Browse events
            </Link>
          </Trans>
        </Alert>
      ) : (
        <Card>
          <CardContent className="pt-6">
            <RideForm eventId={eventId} />
          </CardContent>
        </Card>
      )}
    </PageBody>
  );
}

/** /edit-ryder/:ryderId: the driver changes the ride. */
export function EditRidePage() {
  const { ryderId = '' } = useParams();
  const query = useQuery({ ...rideQuery(ryderId), refetchInterval: false });
  const { t } = useLingui();
  let body;
  if (query.isPending) body = <Spinner label={t`Loading the ride`} />;
  else if (query.isError)
    body = (
      <LoadFailed
        title={t`The ride could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.role !== 'driver')
    return (
      <AccessDenied reason={t`Only the ride's driver can change it.`}>
        <Link to={`/ryder/${ryderId}`} className="font-medium text-primary hover:underline">
          <Trans>Back to the ride</Trans>
        </Link>
      </AccessDenied>
    );
  else
    body = (
      <Card>
        <CardContent className="pt-6">
          <RideForm eventId={query.data.eventId} ride={query.data} />
        </CardContent>
      </Card>
    );
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Edit ride`}
        actions={
          <Link
            to={`/ryder/${ryderId}`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Trans>Back to the ride</Trans>
          </Link>
        }
      />
      {body}
    </PageBody>
  );
}
