import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UserType } from '../../../../contracts/enums';

// The service/interest choice of the sign-up form (spec §3 "service"): one label per type.
export const SERVICE_LABELS: Record<UserType, MessageDescriptor> = {
  attendee: msg`Type of events you're interested in`,
  organizer: msg`Your specialty`,
  vendor: msg`Your service`,
  venue: msg`Venue type`,
};

export const USER_TYPE_LABELS: Record<
  UserType,
  { label: MessageDescriptor; hint: MessageDescriptor }
> = {
  attendee: { label: msg`Attendee`, hint: msg`Find and attend events` },
  organizer: { label: msg`Organizer`, hint: msg`Plan events and sell tickets` },
  vendor: { label: msg`Vendor`, hint: msg`Offer services at events` },
  venue: { label: msg`Venue`, hint: msg`Host events at your space` },
};
