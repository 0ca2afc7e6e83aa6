import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Ticketing. The pages live in app/routes/ (they predate feature folders).
const EventTicketsPage = lazyPage(() =>
  import('../../app/routes/event-tickets-page').then((m) => m.EventTicketsPage),
);
const CheckInPage = lazyPage(() =>
  import('../../app/routes/check-in-page').then((m) => m.CheckInPage),
);
const DiscountCodesPage = lazyPage(() =>
  import('../../app/routes/discount-codes-page').then((m) => m.DiscountCodesPage),
);
const BuyTicketsPage = lazyPage(() =>
  import('../../app/routes/buy-tickets-page').then((m) => m.BuyTicketsPage),
);
const CartPage = lazyPage(() => import('../../app/routes/cart-page').then((m) => m.CartPage));
const RegisterPage = lazyPage(() =>
  import('../../app/routes/register-page').then((m) => m.RegisterPage),
);
const PayPage = lazyPage(() => import('../../app/routes/pay-page').then((m) => m.PayPage));
const PaymentSuccessPage = lazyPage(() =>
  import('../../app/routes/payment-result-pages').then((m) => m.PaymentSuccessPage),
);
const PaymentCancelledPage = lazyPage(() =>
  import('../../app/routes/payment-result-pages').then((m) => m.PaymentCancelledPage),
);
const ReceiptPage = lazyPage(() =>
  import('../../app/routes/receipt-page').then((m) => m.ReceiptPage),
);
const TicketPage = lazyPage(() => import('../../app/routes/ticket-page').then((m) => m.TicketPage));
const AttendingPage = lazyPage(() =>
  import('../../app/routes/attending-page').then((m) => m.AttendingPage),
);
const EventAttendingPage = lazyPage(() =>
  import('../../app/routes/event-attending-page').then((m) => m.EventAttendingPage),
);

export const ticketsRoutes: FeatureRoutes = {
  // The built-in test provider's hosted checkout page, shaped like a card provider's own page.
  bare: [{ path: 'pay/:sessionId', Component: PayPage }],
  public: [
    { path: 'event/:eventId/attending', Component: EventAttendingPage },
    { path: 'mea-attending/:eventId', Component: EventAttendingPage },
    // Public in spec §2: signed out, who is going to public events and a prompt to sign in
    // (GET /api/me/events and the tickets answer only the signed-in user).
    { path: 'attending', Component: AttendingPage },
    { path: 'mea-attending', Component: AttendingPage },
  ],
  member: [
    { path: 'cart', Component: CartPage },
    { path: 'ticket/:id', Component: TicketPage },
    { path: 'ticket', Component: BuyTicketsPage },
    { path: 'receipt', Component: ReceiptPage },
    { path: 'event/:eventId/register', Component: RegisterPage },
    { path: 'event/:eventId/tickets', Component: EventTicketsPage },
    // Not in spec §2: the door's check-in desk (type or scan ticket codes).
    { path: 'event/:eventId/check-in', Component: CheckInPage },
    { path: 'event/:eventId/discount-codes', Component: DiscountCodesPage },
  ],
  results: [
    { path: 'mea/payment-success', Component: PaymentSuccessPage },
    { path: 'mea/payment-cancelled', Component: PaymentCancelledPage },
  ],
};
