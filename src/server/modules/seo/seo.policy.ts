// Which items a search engine and a link preview may see. Anything else gets the generic head
// with noindex, so a private event's or a draft's title never leaves the server.

export function eventIsPublic(event: { eventStatus: string; visibility: string }): boolean {
  return event.visibility === 'public' && event.eventStatus !== 'draft';
}

/** Organizer, venue and vendor pages are public profiles; attendees have none. */
export function profileIsPublic(profile: { userType: string }): boolean {
  return ['organizer', 'venue', 'vendor'].includes(profile.userType);
}

export function postIsPublic(post: { status: string; publishedAt: Date | null }, now: Date) {
  return post.status === 'published' && (!post.publishedAt || post.publishedAt <= now);
}

/** Paths robots.txt keeps crawlers out of: signed-in, admin, checkout and API pages. */
export const PRIVATE_PATHS = [
  '/api/',
  '/admin',
  '/auth',
  '/login',
  '/reset-password',
  '/dashboard',
  '/profile',
  '/messages',
  '/notifications',
  '/notification-settings',
  '/cart',
  '/ticket',
  '/receipt',
  '/pay/',
  '/mea/',
  '/my-events',
  '/attending',
  '/mea-attending',
  '/mea-events',
  '/mea-mystuff',
  '/event-diary',
  '/email-lists',
  '/funnels',
  '/funnel-builder/',
  '/ads',
  '/subscription',
  '/r/',
  '/media/chat/',
] as const;
