import { APPROXIMATE_AREA_KM, type RideDetail } from '../../../contracts/rides';
import { formatWhen, priceLabel } from './format';

/** What a ride offers: times, seats, price, driver, car, rules, the meeting point or area. */
export function RideFacts({ ride }: { ride: RideDetail }) {
  const rules = [
    ride.luggage ? 'Luggage OK' : 'No luggage',
    ride.smoking ? 'Smoking OK' : 'No smoking',
    ride.pets ? 'Pets OK' : 'No pets',
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted-foreground">Leaves</dt>
        <dd className="font-medium">{formatWhen(ride.departsAt)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Return</dt>
        <dd className="font-medium">
          {ride.returnDepartsAt ? formatWhen(ride.returnDepartsAt) : 'One way'}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Seats left</dt>
        <dd className="font-medium">
          {ride.seatsLeft} of {ride.seats}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Price</dt>
        <dd className="font-medium">{priceLabel(ride)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Driver</dt>
        <dd className="font-medium">
          {ride.driver.name}
          {ride.driver.rating !== null
            ? ` · ★ ${ride.driver.rating} (${ride.driver.ratingCount})`
            : ' · no ratings yet'}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Car</dt>
        <dd className="font-medium">{ride.car || 'Not given'}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Rules</dt>
        <dd className="font-medium">{rules.join(' · ')}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Booking</dt>
        <dd className="font-medium">
          {ride.bookingMode === 'instant' ? 'Instant' : 'The driver approves each request'}
        </dd>
      </div>
      {ride.departurePoint ? (
        <div>
          <dt className="text-muted-foreground">Meeting point</dt>
          <dd className="font-medium">
            {ride.departurePoint.lat.toFixed(4)}, {ride.departurePoint.lng.toFixed(4)}
          </dd>
        </div>
      ) : ride.approximatePoint ? (
        // The exact point is the driver's to give to confirmed riders (decision 026).
        <div>
          <dt className="text-muted-foreground">Area (approximate)</dt>
          <dd className="font-medium">
            Within {APPROXIMATE_AREA_KM} km of {ride.approximatePoint.lat.toFixed(2)},{' '}
            {ride.approximatePoint.lng.toFixed(2)}
            <span className="block text-xs font-normal text-muted-foreground">
              The exact meeting point shows once your seat is confirmed.
            </span>
          </dd>
        </div>
      ) : null}
      {ride.notes ? (
        <div className="sm:col-span-2">
          <dt className="text-muted-foreground">Notes</dt>
          <dd>{ride.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}
