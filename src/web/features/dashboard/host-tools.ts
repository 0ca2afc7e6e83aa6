import type { QuickLink } from './quick-links';

/**
 * Every tool a host (organizer or venue) can use, in one place: the main menu keeps the spec's
 * entries (spec §2), so tools it does not list (funnels, live streams, meetings, feedback…)
 * are found here and in the user menu.
 */
export const HOST_TOOLS: readonly QuickLink[] = [
  { to: '/create-event', label: 'Create an event', description: 'Publish and sell tickets' },
  { to: '/my-events', label: 'My events', description: 'Tickets, discount codes, check-in' },
  { to: '/mea-stream', label: 'Live streams', description: 'Stream your event online' },
  { to: '/funnels', label: 'Funnels', description: 'Landing pages that sell tickets' },
  { to: '/email-lists', label: 'Email lists', description: 'Lists and campaigns' },
  { to: '/ads', label: 'Ads', description: 'Promote your events on the site' },
  { to: '/vendor-hiring', label: 'Hire vendors', description: 'DJs, caterers, photographers…' },
  { to: '/event-feedback', label: 'Event feedback', description: 'Ratings and questions' },
  { to: '/meameet', label: 'Meetings', description: 'Video meetings with your team' },
  { to: '/messages', label: 'Messages', description: 'Attendees, vendors and teams' },
  { to: '/affiliate', label: 'Affiliate program', description: 'Earn from referrals' },
  { to: '/subscription', label: 'Subscription', description: 'Your plan and invoices' },
  { to: '/developer', label: 'Developer settings', description: 'API keys, webhooks, widget' },
];
