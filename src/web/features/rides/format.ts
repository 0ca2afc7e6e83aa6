import { formatMoney } from '../../../contracts/money';
import type { Ride } from '../../../contracts/rides';
import { formatDateTime } from '../../lib/dates';

/** "Sat, Dec 5 · 3:00 PM": the product's date-time format (lib/dates). */
export const formatWhen = (iso: string, timeZone?: string) => formatDateTime(iso, { timeZone });

export const priceLabel = (ride: Pick<Ride, 'priceCents' | 'currency'>) =>
  ride.priceCents === 0 ? 'Free' : `${formatMoney(ride.priceCents, ride.currency)} per seat`;

export const seatsLabel = (n: number) => `${n} seat${n === 1 ? '' : 's'}`;

/** What a booking's status says to the rider and the driver. */
export const BOOKING_STATUS_LABELS = {
  pending: 'Waiting for the driver',
  awaiting_payment: 'Accepted: payment due',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
} as const;
