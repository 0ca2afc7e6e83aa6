import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  VendorPaymentStatus,
  VendorRequestCard,
  VendorRequestStatus,
} from '../../../contracts/vendors';
import type { BadgeVariant } from '../../components/ui/badge';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { toChargedMinorUnits } from '../../../contracts/currency';

// Small pure rules of the vendor pages, kept apart so they are tested without rendering. The
// texts are read in the page's language when called (components call them while rendering).

/** spec §2: Pending holds pending requests; Processed holds anything that is not pending. */
export function splitRequests<T extends Pick<VendorRequestCard, 'status'>>(
  requests: readonly T[],
): { pending: T[]; processed: T[] } {
  const pending: T[] = [];
  const processed: T[] = [];
  for (const request of requests)
    (request.status === 'pending' ? pending : processed).push(request);
  return { pending, processed };
}

/** A service's price range in cents: "$100 – $250", "From $100", "Up to $250", or a quote. */
export function formatPriceRange(minCents: number | null, maxCents: number | null): string {
  const usd = (cents: number) => formatMoney(cents, 'USD');
  if (minCents !== null && maxCents !== null) {
    if (minCents === maxCents) return usd(minCents);
    const low = usd(minCents);
    const high = usd(maxCents);
    return i18n._(msg`${low} – ${high}`);
  }
  if (minCents !== null) {
    const price = usd(minCents);
    return i18n._(msg`From ${price}`);
  }
  if (maxCents !== null) {
    const price = usd(maxCents);
    return i18n._(msg`Up to ${price}`);
  }
  return i18n._(msg`Price on request`);
}

/** A fee (spec §3 vendor_fee_amount) in its event's currency, shown as money. */
export function formatFee(amount: number, currency: string): string {
  return formatMoney(toChargedMinorUnits(amount, currency), currency);
}

/** "Sat, Sep 13, 2031 · 7:00 PM" (lib/dates) in the viewer's zone; the event's own date and time if unreadable. */
export function formatWhen(
  event: { startsAt: string; date: string; time: string },
  locale?: string,
  timeZone?: string,
): string {
  const at = new Date(event.startsAt);
  if (Number.isNaN(at.getTime())) return [event.date, event.time].filter(Boolean).join(' ');
  return formatDateTime(at, { locale, timeZone });
}

/** A status's label (render with `i18n._(label)`) and badge colour. */
interface StatusLook {
  label: MessageDescriptor;
  variant: BadgeVariant;
}

export const REQUEST_STATUS: Record<VendorRequestStatus, StatusLook> = {
  pending: { label: msg`Pending`, variant: 'warning' },
  approved: { label: msg`Approved`, variant: 'success' },
  rejected: { label: msg`Rejected`, variant: 'danger' },
};

export const PAYMENT_STATUS: Record<VendorPaymentStatus, StatusLook> = {
  pending: { label: msg`Fee due`, variant: 'warning' },
  paid: { label: msg`Paid`, variant: 'success' },
  not_required: { label: msg`No fee`, variant: 'outline' },
};

export { initials } from '../../lib/initials';

/** A link's label: the host and path without the scheme or "www.". */
export function linkLabel(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '');
    return `${parsed.host.replace(/^www\./, '')}${path}`;
  } catch {
    return url;
  }
}
