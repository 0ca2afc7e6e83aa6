import { formatMoney } from '../../../contracts/money';
import type { Ride } from '../../../contracts/rides';
import { formatDateTime } from '../../lib/dates';

/** "Sat, Dec 5 · 3:00 PM": the product's date-time format (lib/dates). */
export const formatWhen = (iso: string, timeZone?: string) => formatDateTime(iso, { timeZone });

export const priceLabel = (ride: Pick<Ride, 'priceCents' | 'currency'>) =>
  ride.priceCents === 0 ? 'Free' : `${formatMoney(ride.priceCents, ride.currency)} per seat`;

export const seatsLabel = (n: number) => `${n} seat${n === 1 ? '' : 's'}`;
