import { RequireAuth } from '../../app/guards/require-auth';
import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Ticketing (issue 5). The pages live in app/routes/ (they predate feature folders).
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
  bare: [{ path: 'pay/:sessionId', element: <PayPage /> }],
  public: [
    { path: 'event/:eventId/attending', element: <EventAttendingPage /> },
    { path: 'mea-attending/:eventId', element: <EventAttendingPage /> },
    {
      // My events need an account (GET /api/me/events answers only the signed-in user).
      element: <RequireAuth />,
      children: [
        { path: 'attending', element: <AttendingPage /> },
        { path: 'mea-attending', element: <AttendingPage /> },
      ],
    },
  ],
  member: [
    { path: 'cart', element: <CartPage /> },
    { path: 'ticket/:id', element: <TicketPage /> },
    { path: 'ticket', element: <BuyTicketsPage /> },
    { path: 'receipt', element: <ReceiptPage /> },
    { path: 'event/:eventId/register', element: <RegisterPage /> },
    { path: 'event/:eventId/tickets', element: <EventTicketsPage /> },
    // Not in spec §2: the door's check-in desk (type or scan ticket codes).
    { path: 'event/:eventId/check-in', element: <CheckInPage /> },
    { path: 'event/:eventId/discount-codes', element: <DiscountCodesPage /> },
  ],
  results: [
    { path: 'mea/payment-success', element: <PaymentSuccessPage /> },
    { path: 'mea/payment-cancelled', element: <PaymentCancelledPage /> },
  ],
};
