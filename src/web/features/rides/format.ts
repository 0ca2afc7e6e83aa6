import { formatMoney } from '../../../contracts/money';
import type { Ride } from '../../../contracts/rides';

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

export const priceLabel = (ride: Pick<Ride, 'priceCents' | 'currency'>) =>
  ride.priceCents === 0 ? 'Free' : `${formatMoney(ride.priceCents, ride.currency)} per seat`;

export const seatsLabel = (n: number) => `${n} seat${n === 1 ? '' : 's'}`;
