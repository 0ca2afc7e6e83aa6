// Vendor pages of spec §2. Kept out of lib/paths.ts so they stay off the home page's first load.

const q = encodeURIComponent;

export const vendorPaths = {
  directory: () => '/vendors',
  vendor: (id: string) => `/vendor/${q(id)}`,
  profile: () => '/vendor-profile',
  hiring: () => '/vendor-hiring',
  applications: () => '/vendor_applications',
  /** spec §2: `/vendors/apply?event={event id}&name={event title}`. */
  apply: (eventId: string, title: string) => `/vendors/apply?event=${q(eventId)}&name=${q(title)}`,
  /** The apply page without an event: the events asking for vendors. */
  opportunities: () => '/vendors/apply',
  /** The organizer's Vendor Applications screen of one event. */
  requests: (eventId: string) => `/vendor_requests/${q(eventId)}`,
  /** spec §2: `/messages?chat={sender id or related id}`, here with the vendor's name. */
  message: (chatOrUserId: string, name?: string) =>
    `/messages?chat=${q(chatOrUserId)}${name ? `&name=${q(name)}` : ''}`,
  groupChat: (eventId: string) => `/event-group-chat?event=${q(eventId)}`,
  features: {
    search: () => '/features/vendor-search',
    applications: () => '/features/vendor-applications',
    hire: () => '/features/vendor-hire',
    payment: () => '/features/vendor-payment',
    tracker: () => '/features/vendor-tracker',
  },
} as const;
