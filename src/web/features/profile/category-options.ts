import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  EVENT_CATEGORIES,
  VENDOR_SERVICE_TYPES,
  VENUE_TYPES,
  type UserType,
} from '../../../contracts/enums';

/**
 * The profile's category choices: vendors pick a service type, venues a venue type (spec §3);
 * organizers and attendees an event category. A stored value outside the list is kept.
 */
export function categoryOptions(userType: UserType, current: string | null): readonly string[] {
  const list: readonly string[] =
    userType === 'vendor'
      ? VENDOR_SERVICE_TYPES
      : userType === 'venue'
        ? VENUE_TYPES
        : EVENT_CATEGORIES;
  return current && !list.includes(current) ? [current, ...list] : list;
}

export const CATEGORY_LABELS: Record<UserType, MessageDescriptor> = {
  vendor: msg`Service category`,
  venue: msg`Venue type`,
  organizer: msg`Main event category`,
  attendee: msg`Favourite event category`,
};
