import { Trans, useLingui } from '@lingui/react/macro';
import { APPROXIMATE_AREA_KM, type RideDetail } from '../../../contracts/rides';
import { formatDecimal, formatWhen, priceLabel } from './format';

/** What a ride offers: times, seats, price, driver, car, rules, the meeting point or area. */
export function RideFacts({ ride }: { ride: RideDetail }) {
  const { t } = useLingui();
  const rules = [
    ride.luggage ? t`Luggage OK` : t`No luggage`,
    ride.smoking ? t`Smoking OK` : t`No smoking`,
    ride.pets ? t`Pets OK` : t`No pets`,
  ];
  const seatsLeft = ride.seatsLeft;
  const seats = ride.seats;
  const rating = ride.driver.rating === null ? null : formatDecimal(ride.driver.rating);
  const ratingCount = ride.driver.ratingCount;
  const km = formatDecimal(APPROXIMATE_AREA_KM);
  const area = ride.approximatePoint;
  const areaCentre = area ? `${area.lat.toFixed(2)}, ${area.lng.toFixed(2)}` : '';
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted-foreground">
          <Trans>Leaves</Trans>
        </dt>
        <dd className="font-medium">{formatWhen(ride.departsAt)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">
          <Trans>Return</Trans>
        </dt>
        <dd className="font-medium">
          {ride.returnDepartsAt ? formatWhen(ride.returnDepartsAt) : t`One way`}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">
          <Trans>Seats left</Trans>
        </dt>
        <dd className="font-medium">
          <Trans>
            {seatsLeft} of {seats}
          </Trans>
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">
          <Trans>Price</Trans>
        </dt>
        <dd className="font-medium">{priceLabel(ride)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">
          <Trans>Driver</Trans>
        </dt>
        <dd className="font-medium">
          {ride.driver.name}
          {rating !== null ? ` · ★ ${rating} (${ratingCount})` : ` · ${t`no ratings yet`}`}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">
          <Trans>Car</Trans>
        </dt>
        <dd className="font-medium">{ride.car || t`Not given`}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">
          <Trans>Rules</Trans>
        </dt>
        <dd className="font-medium">{rules.join(' · ')}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">
          <Trans>Booking</Trans>
        </dt>
        <dd className="font-medium">
          {ride.bookingMode === 'instant' ? t`Instant` : t`The driver approves each request`}
        </dd>
      </div>
      {ride.departurePoint ? (
        <div>
          <dt className="text-muted-foreground">
            <Trans>Meeting point</Trans>
          </dt>
          <dd className="font-medium">
            <span dir="ltr">
              {ride.departurePoint.lat.toFixed(4)}, {ride.departurePoint.lng.toFixed(4)}
            </span>
          </dd>
        </div>
      ) : ride.approximatePoint ? (
        // The exact point is the driver's to give to confirmed riders (decision 026).
        <div>
          <dt className="text-muted-foreground">
            <Trans>Area (approximate)</Trans>
          </dt>
          <dd className="font-medium">
            <Trans>
              Within {km} km of <span dir="ltr">{areaCentre}</span>
            </Trans>
            <span className="block text-xs font-normal text-muted-foreground">
              <Trans>The exact meeting point shows once your seat is confirmed.</Trans>
            </span>
          </dd>
        </div>
      ) : null}
      {ride.notes ? (
        <div className="sm:col-span-2">
          <dt className="text-muted-foreground">
            <Trans>Notes</Trans>
          </dt>
          <dd>
            <span dir="auto">{ride.notes}</span>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
