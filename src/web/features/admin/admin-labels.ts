import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReportStatus } from '../../../contracts/admin';
import type { Role, UserType } from '../../../contracts/enums';
import type { EventStatus } from '../../../contracts/events';
import type { OrderStatus } from '../../../contracts/tickets';
import { currentIntlLocale } from '../../lib/intl-locale';

// The console's names for the values the API sends (user types, roles, statuses). The English
// reads as the values themselves, as the console always showed them; the values sent back to
// the API never change, only what a person reads.

export const USER_TYPE_LABELS: Record<UserType, MessageDescriptor> = {
  attendee: msg`attendee`,
  organizer: msg`organizer`,
  vendor: msg`vendor`,
  venue: msg`venue`,
};

export const ROLE_LABELS: Record<Role, MessageDescriptor> = {
  admin: msg`admin`,
  blog_admin: msg`blog_admin`,
  moderator: msg`moderator`,
};

export const EVENT_STATUS_LABELS: Record<EventStatus, MessageDescriptor> = {
  draft: msg`draft`,
  published: msg`published`,
  cancelled: msg({ message: 'cancelled', context: 'event' }),
  expired: msg({ message: 'expired', context: 'event' }),
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  pending: msg`pending`,
  paid: msg`paid`,
  expired: msg({ message: 'expired', context: 'order' }),
  cancelled: msg({ message: 'cancelled', context: 'order' }),
  refunded: msg`refunded`,
  partially_refunded: msg`partially refunded`,
};

export const REPORT_STATUS_LABELS: Record<ReportStatus, MessageDescriptor> = {
  open: msg`open`,
  actioned: msg`actioned`,
  dismissed: msg`dismissed`,
};

/** A label for a value the API may send before the web knows it: the value itself then. */
export function labelOf<K extends string>(
  labels: Record<K, MessageDescriptor>,
  value: string,
  translate: (descriptor: MessageDescriptor) => string,
): string {
  const descriptor = (labels as Record<string, MessageDescriptor | undefined>)[value];
  return descriptor ? translate(descriptor) : value;
}

/** A count the way the page's language writes numbers ("1,234", "1.234"). */
export const formatCount = (value: number) =>
  new Intl.NumberFormat(currentIntlLocale()).format(value);

/** A share ("12.5%", "12,5 %"); a dash when there is nothing to divide by. */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0) return '–';
  return new Intl.NumberFormat(currentIntlLocale(), {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(part / whole);
}

/** A whole-percent change with its sign ("+12%", "-3 %"), grouped as the console always showed it. */
export const formatChange = (percent: number) =>
  new Intl.NumberFormat(currentIntlLocale(), {
    style: 'percent',
    signDisplay: 'always',
    maximumFractionDigits: 0,
    useGrouping: false,
  }).format(percent / 100);

/** A number with one decimal ("7.5", "7,5"). */
export const formatOneDecimal = (value: number) =>
  new Intl.NumberFormat(currentIntlLocale(), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);

/**
 * Counts of different things side by side ("3 events, 2 orders, 5 tickets"), joined the way the
 * page's language joins a list of amounts.
 */
export const formatUnits = (items: string[]) =>
  new Intl.ListFormat(currentIntlLocale(), { type: 'unit', style: 'short' }).format(items);
