import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Ride, RideBooking } from '../../../contracts/rides';
import { formatDateTime } from '../../lib/dates';
import { currentIntlLocale } from '../../lib/intl-locale';
import { formatMoney } from '../../lib/money';

// The ride pages' shared wording. The texts are read in the page's language when called
// (components call them while rendering, so a language switch re-renders them).

/** "Sat, Dec 5 · 3:00 PM": the product's date-time format (lib/dates). */
export const formatWhen = (iso: string, timeZone?: string) => formatDateTime(iso, { timeZone });

/** A distance or a rating as the page's language writes numbers ("1.2", "1,2"). */
export const formatDecimal = (value: number) =>
  new Intl.NumberFormat(currentIntlLocale(), { maximumFractionDigits: 1 }).format(value);

export function priceLabel(ride: Pick<Ride, 'priceCents' | 'currency'>): string {
  if (ride.priceCents === 0) return i18n._(msg`Free`);
  const price = formatMoney(ride.priceCents, ride.currency);
  return i18n._(msg`${price} per seat`);
}

export function seatsLabel(count: number): string {
  return i18n._(msg`${plural(count, { one: '# seat', other: '# seats' })}`);
}

/** What a booking's status says to the rider and the driver. */
const BOOKING_STATUS_LABELS: Record<RideBooking['status'], MessageDescriptor> = {
  pending: msg`Waiting for the driver`,
  awaiting_payment: msg`Accepted: payment due`,
  confirmed: msg`Confirmed`,
  declined: msg`Declined`,
  cancelled: msg`Cancelled`,
};

export const bookingStatusLabel = (status: RideBooking['status']) =>
  i18n._(BOOKING_STATUS_LABELS[status]);
