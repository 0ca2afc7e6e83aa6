import type { UserType } from '../../../../contracts/enums';

// The service/interest choice of the sign-up form (spec §3 "service"): one label per type.
export const SERVICE_LABELS: Record<UserType, string> = {
  attendee: "Type of events you're interested in",
  organizer: 'Your specialty',
  vendor: 'Your service',
  venue: 'Venue type',
};

export const USER_TYPE_LABELS: Record<UserType, { label: string; hint: string }> = {
  attendee: { label: 'Attendee', hint: 'Find and attend events' },
  organizer: { label: 'Organizer', hint: 'Plan events and sell tickets' },
  vendor: { label: 'Vendor', hint: 'Offer services at events' },
  venue: { label: 'Venue', hint: 'Host events at your space' },
};
