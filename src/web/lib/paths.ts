// Builders for the in-app links of spec §2, so a path is spelled in one place.

/** The term as the search page receives it: trimmed; null when blank (spec §2: does nothing). */
export function normaliseSearchTerm(raw: string): string | null {
  const term = raw.trim();
  return term ? term : null;
}

export const paths = {
  home: () => '/',
  events: () => '/events',
  /** An event page; `access` is the secret of a private event's link (spec §4). */
  event: (id: string, access?: string | null) =>
    `/event/${encodeURIComponent(id)}${access ? `?access=${encodeURIComponent(access)}` : ''}`,
  eventTickets: (id: string) => `/event/${encodeURIComponent(id)}/tickets`,
  eventCheckIn: (id: string) => `/event/${encodeURIComponent(id)}/check-in`,
  eventDiscountCodes: (id: string) => `/event/${encodeURIComponent(id)}/discount-codes`,
  eventExports: (id: string) => `/event/${encodeURIComponent(id)}/exports`,
  eventRegister: (id: string, access?: string | null) =>
    `/event/${encodeURIComponent(id)}/register${access ? `?access=${encodeURIComponent(access)}` : ''}`,
  eventAttending: (id: string, access?: string | null) =>
    `/event/${encodeURIComponent(id)}/attending${access ? `?access=${encodeURIComponent(access)}` : ''}`,
  /** The ticket picker of an event (spec §2 `ticket?event_id=`). */
  buyTickets: (eventId: string, access?: string | null) =>
    `/ticket?event_id=${encodeURIComponent(eventId)}${access ? `&access=${encodeURIComponent(access)}` : ''}`,
  ticket: (id: string) => `/ticket/${encodeURIComponent(id)}`,
  cart: () => '/cart',
  receipt: (orderId: string) => `/receipt?order=${encodeURIComponent(orderId)}`,
  attending: () => '/attending',
  createEvent: () => '/create-event',
  editEvent: (id: string) => `/edit-event/${encodeURIComponent(id)}`,
  myEvents: () => '/my-events',
  advancedEvents: () => '/advanced-events',
  advanceAccess: () => '/advance-access',
  categories: () => '/categories',
  category: (slug: string) => `/categories/${encodeURIComponent(slug)}`,
  vendors: () => '/vendors',
  organizers: () => '/organizers',
  organizer: (id: string) => `/organizers/${encodeURIComponent(id)}`,
  venues: () => '/venues',
  venue: (id: string) => `/venues/${encodeURIComponent(id)}`,
  providers: () => '/providers',
  share: (eventId: string) => `/share?event=${encodeURIComponent(eventId)}`,
  meaShare: (eventId: string) => `/mea-share?event=${encodeURIComponent(eventId)}`,
  /** spec §2: `/search?q={term}`, the term trimmed and URL-encoded; null for a blank term. */
  search: (raw: string): string | null => {
    const term = normaliseSearchTerm(raw);
    return term === null ? null : `/search?q=${encodeURIComponent(term)}`;
  },
  /** The auth page; `redirect` is where to return after signing in (spec §6, origin path). */
  auth: (redirect?: string) =>
    redirect ? `/auth?redirect=${encodeURIComponent(redirect)}` : '/auth',
  login: () => '/login',
  profile: () => '/profile',
  vendorProfile: () => '/vendor-profile',
  dashboard: () => '/dashboard',
  vendorApplications: () => '/vendor_applications',
  notifications: () => '/notifications',
  notificationSettings: () => '/notification-settings',
  messages: () => '/messages',
  eventDiary: () => '/event-diary',
  eventFeedback: () => '/event-feedback',
  /** An organizer's feedback results for one event. */
  eventFeedbackResults: (id: string) => `/event-feedback/${encodeURIComponent(id)}`,
  emailLists: () => '/email-lists',
  ads: () => '/ads',
  subscription: () => '/subscription',
  affiliate: () => '/affiliate',
  blog: () => '/blog',
  help: () => '/help',
  contact: () => '/contact',
  systemHealth: () => '/system-health',
  admin: {
    index: () => '/admin',
    users: () => '/admin/users',
    events: () => '/admin/events',
    orders: () => '/admin/orders',
    analytics: () => '/admin/analytics',
    blog: () => '/admin/blog',
    settings: () => '/admin/settings',
    help: () => '/admin/help',
  },
} as const;

/**
 * Only a path on this site may be a post-sign-in target; anything else (`//evil.example`,
 * `https://…`, `javascript:`) would make /auth an open redirect.
 */
export function safeRedirectPath(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return null;
  }
  return target;
}
