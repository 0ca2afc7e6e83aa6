import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// An organizer's ticket pages for one event: sales and ticket types, the door, discount codes.
const EventTicketsPage = lazyPage(() =>
  import('./event-tickets-page').then((m) => m.EventTicketsPage),
);
const CheckInPage = lazyPage(() => import('./check-in-page').then((m) => m.CheckInPage));
const DiscountCodesPage = lazyPage(() =>
  import('./discount-codes-page').then((m) => m.DiscountCodesPage),
);
const ExportsPage = lazyPage(() => import('./exports-page').then((m) => m.ExportsPage));
const SalesChannelsPage = lazyPage(() =>
  import('./sales-channels-page').then((m) => m.SalesChannelsPage),
);

export const ticketAdminRoutes: FeatureRoutes = {
  member: [
    { path: 'event/:eventId/tickets', Component: EventTicketsPage },
    // Not in spec §2: the door's check-in desk (type or scan ticket codes).
    { path: 'event/:eventId/check-in', Component: CheckInPage },
    { path: 'event/:eventId/discount-codes', Component: DiscountCodesPage },
    // Not in spec §2: orders, attendees, check-ins and products as CSV or Excel.
    { path: 'event/:eventId/exports', Component: ExportsPage },
    // Not in spec §2: sales online and at the box office, by payment method and seller.
    { path: 'event/:eventId/sales-channels', Component: SalesChannelsPage },
  ],
};
