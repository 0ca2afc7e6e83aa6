import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { RideDetail, RideInput } from '../../../contracts/rides';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormField, renameFields, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useOfferRide, useUpdateRide } from './api';
import { MapBox } from './map-box';

/** The ride as typed: times as `datetime-local` values, numbers as the inputs' strings. */
export interface RideValues {
  departureArea: string;
  lat: string;
  lng: string;
  departsAt: string;
  returnDepartsAt: string;
  seats: string;
  price: string;
  car: string;
  luggage: boolean;
  smoking: boolean;
  pets: boolean;
  notes: string;
  bookingMode: 'instant' | 'approval';
}

const FIELDS = [
  'departureArea',
  'lat',
  'lng',
  'departsAt',
  'returnDepartsAt',
  'seats',
  'price',
  'car',
  'notes',
] as const;
// The server names the body's fields; the point's problems show under Latitude, as before.
const RENAME = { departurePoint: 'lat', priceCents: 'price' } as const;

/** `datetime-local` value (local time) for an ISO instant, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

const rideToValues = (ride?: RideDetail): RideValues => ({
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

const hasPoint = (values: RideValues) => values.lat !== '' || values.lng !== '';

/** The body both the offer and the change send (the price only goes with an offer). */
const valuesToInput = (values: RideValues) => ({
  departureArea: values.departureArea.trim(),
  departurePoint: hasPoint(values) ? { lat: Number(values.lat), lng: Number(values.lng) } : null,
  departsAt: fromLocalInput(values.departsAt),
  returnDepartsAt: values.returnDepartsAt ? fromLocalInput(values.returnDepartsAt) : null,
  seats: Number(values.seats),
  car: values.car,
  luggage: values.luggage,
  smoking: values.smoking,
  pets: values.pets,
  notes: values.notes,
  bookingMode: values.bookingMode,
});

/**
 * The form's own checks, in the page's language (the contract's texts are the server's English):
 * the same rules and texts the form had before it moved to react-hook-form.
 */
function useRideResolver(): Resolver<RideValues> {
  const { t } = useLingui();
  return useMemo<Resolver<RideValues>>(
    () => (values) => {
      const errors: Partial<Record<keyof RideValues, { type: string; message: string }>> = {};
      const bad = (name: keyof RideValues, message: string) =>
        (errors[name] = { type: 'validate', message });
      if (values.departureArea.trim().length < 2) bad('departureArea', t`Say where you leave from`);
      if (!values.departsAt) bad('departsAt', t`Choose the departure time`);
      const seats = Number(values.seats);
      if (!Number.isInteger(seats) || seats < 1 || seats > 8) bad('seats', t`Offer 1 to 8 seats`);
      const price = Number(values.price);
      if (!Number.isFinite(price) || price < 0) bad('price', t`Price cannot be negative`);
      if (
        hasPoint(values) &&
        (!Number.isFinite(Number(values.lat)) || !Number.isFinite(Number(values.lng)))
      )
        bad('lat', t`Give both latitude and longitude, or neither`);
      return Object.keys(errors).length
        ? { values: {}, errors: errors as FieldErrors<RideValues> }
        : { values, errors: {} };
    },
    [t],
  );
}

/** Offers a ride to the event, or changes `ride`; opens the ride once saved. */
export function RideForm({ eventId, ride }: { eventId: string; ride?: RideDetail }) {
  const navigate = useNavigate();
  const offer = useOfferRide();
  const update = useUpdateRide(ride?.id ?? '');
  const { t } = useLingui();
  const resolver = useRideResolver();
  const form = useForm<RideValues>({ defaultValues: rideToValues(ride), resolver });
  const [latText, lngText] = useWatch({ control: form.control, name: ['lat', 'lng'] });
  const lat = latText === '' ? NaN : Number(latText);
  const lng = lngText === '' ? NaN : Number(lngText);
  // The typed coordinates drive the map's marker; a click on the map fills them in.
  const point = useMemo(
    () =>
      Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
        ? { lat, lng }
        : null,
    [lat, lng],
  );
  const failure = form.formState.errors.root?.message;

  async function submit(values: RideValues) {
    const input = valuesToInput(values);
    try {
      const saved = ride
        ? await update.mutateAsync(input)
        : await offer.mutateAsync({
            ...input,
            eventId,
            priceCents: Math.round(Number(values.price) * 100),
          } satisfies RideInput);
      void navigate(`/ryder/${saved.id}`);
    } catch (error) {
      // The refused fields are marked and the general message stays above the form, as before.
      setServerErrors(form, renameFields(fieldErrors(error), RENAME), FIELDS);
      form.setError('root', { message: errorMessage(error, t`The ride could not be saved`) });
    }
  }

  const pick = (picked: { lat: number; lng: number }) => {
    form.setValue('lat', String(picked.lat), { shouldDirty: true });
    form.setValue('lng', String(picked.lng), { shouldDirty: true });
  };
  const pending = offer.isPending || update.isPending;
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <FormField<RideValues> name="departureArea" label={t`Departure area`}>
        {(control) => <Input {...control} placeholder={t`Downtown, near the station`} />}
      </FormField>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>
            Map point (optional, used to sort rides by distance; shown rounded on the share page)
          </Trans>
        </legend>
        <FormField<RideValues> name="lat" label={t`Latitude`}>
          {(control) => <Input {...control} inputMode="decimal" />}
        </FormField>
        <FormField<RideValues> name="lng" label={t`Longitude`}>
          {(control) => <Input {...control} inputMode="decimal" />}
        </FormField>
        <div className="flex flex-col gap-1 sm:col-span-2">
          <p className="text-sm text-muted-foreground">
            <Trans>Or click the map where you pick people up.</Trans>
          </p>
          <MapBox label={t`Map: click to set the departure point`} point={point} onPick={pick} />
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField<RideValues> name="departsAt" label={t`Departure time`}>
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
        <FormField<RideValues> name="returnDepartsAt" label={t`Return trip (optional)`}>
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField<RideValues> name="seats" label={t`Seats`}>
          {(control) => <Input {...control} type="number" min={1} max={8} />}
        </FormField>
        <FormField<RideValues>
          name="price"
          label={t`Price per seat (0 for free)`}
          hint={ride ? t`The price cannot change once the ride is offered.` : undefined}
        >
          {(control) => (
            <Input {...control} type="number" min={0} step="0.01" disabled={Boolean(ride)} />
          )}
        </FormField>
      </div>
      <FormField<RideValues> name="car" label={t`Car`}>
        {(control) => <Input {...control} placeholder={t`Blue Honda Civic`} />}
      </FormField>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Rules</Trans>
        </legend>
        {(['luggage', 'smoking', 'pets'] as const).map((rule) => (
          <label key={rule} className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" {...form.register(rule)} />
            {rule === 'luggage'
              ? t`Luggage allowed`
              : rule === 'smoking'
                ? t`Smoking allowed`
                : t`Pets allowed`}
          </label>
        ))}
      </fieldset>
      <FormField<RideValues> name="bookingMode" label={t`Booking`}>
        {(control) => (
          <Select {...control}>
            <option value="approval">{t`I approve each request`}</option>
            <option value="instant">{t`Instant booking`}</option>
          </Select>
        )}
      </FormField>
      <FormField<RideValues> name="notes" label={t`Notes (optional)`}>
        {(control) => (
          <textarea
            {...control}
            className="min-h-20 rounded-md border border-input bg-background px-3 py-2 text-sm"
          />
        )}
      </FormField>
      <Button type="submit" disabled={pending} className="self-start">
        {pending ? t`Saving…` : ride ? t`Save changes` : t`Offer ride`}
      </Button>
    </Form>
  );
}
