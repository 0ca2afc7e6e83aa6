import { msg } from '@lingui/core/macro';
import type { QuickLink } from './quick-links';

/**
 * Every tool a host (organizer or venue) can use, in one place: the main menu keeps the spec's
 * entries (spec §2), so tools it does not list (funnels, live streams, meetings, feedback…)
 * are found here and in the user menu.
 */
export const HOST_TOOLS: readonly QuickLink[] = [
  { to: '/create-event', label: msg`Create an event`, description: msg`Publish and sell tickets` },
  {
    to: '/my-events',
    label: msg`My events`,
    description: msg`Tickets, discount codes, check-in`,
  },
  { to: '/mea-stream', label: msg`Live streams`, description: msg`Stream your event online` },
  { to: '/funnels', label: msg`Funnels`, description: msg`Landing pages that sell tickets` },
  { to: '/email-lists', label: msg`Email lists`, description: msg`Lists and campaigns` },
  { to: '/ads', label: msg`Ads`, description: msg`Promote your events on the site` },
  {
    to: '/vendor-hiring',
    label: msg`Hire vendors`,
    description: msg`DJs, caterers, photographers…`,
  },
  { to: '/event-feedback', label: msg`Event feedback`, description: msg`Ratings and questions` },
  { to: '/meameet', label: msg`Meetings`, description: msg`Video meetings with your team` },
  { to: '/team', label: msg`Team`, description: msg`Staff with roles: box office, check-in…` },
  { to: '/messages', label: msg`Messages`, description: msg`Attendees, vendors and teams` },
  { to: '/affiliate', label: msg`Affiliate program`, description: msg`Earn from referrals` },
  { to: '/subscription', label: msg`Subscription`, description: msg`Your plan and invoices` },
  {
    to: '/invoice-settings',
    label: msg`Invoices`,
    description: msg`Billing profile and invoice numbers`,
  },
  {
    to: '/wallet-settings',
    label: msg`Wallet passes`,
    description: msg`Apple Wallet and Google Wallet for your tickets`,
  },
  {
    to: '/developer',
    label: msg`Developer settings`,
    description: msg`API keys, webhooks, widget`,
  },
];
