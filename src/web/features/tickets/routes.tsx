import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Buying and holding tickets. The organizer's ticket pages are ticket-admin's.
const BuyTicketsPage = lazyPage(() => import('./buy-tickets-page').then((m) => m.BuyTicketsPage));
const CartPage = lazyPage(() => import('./cart-page').then((m) => m.CartPage));
const RegisterPage = lazyPage(() => import('./register-page').then((m) => m.RegisterPage));
const PayPage = lazyPage(() => import('./pay-page').then((m) => m.PayPage));
const PaymentSuccessPage = lazyPage(() =>
  import('./payment-result-pages').then((m) => m.PaymentSuccessPage),
);
const PaymentCancelledPage = lazyPage(() =>
  import('./payment-result-pages').then((m) => m.PaymentCancelledPage),
);
const ReceiptPage = lazyPage(() => import('./receipt-page').then((m) => m.ReceiptPage));
const TicketPage = lazyPage(() => import('./ticket-page').then((m) => m.TicketPage));
const EventAttendingPage = lazyPage(() =>
  import('./event-attending-page').then((m) => m.EventAttendingPage),
);

export const ticketsRoutes: FeatureRoutes = {
  // The built-in test provider's hosted checkout page, shaped like a card provider's own page.
  bare: [{ path: 'pay/:sessionId', Component: PayPage }],
  public: [
    { path: 'event/:eventId/attending', Component: EventAttendingPage },
    { path: 'mea-attending/:eventId', Component: EventAttendingPage },
  ],
  member: [
    { path: 'cart', Component: CartPage },
    { path: 'ticket/:id', Component: TicketPage },
    { path: 'ticket', Component: BuyTicketsPage },
    { path: 'receipt', Component: ReceiptPage },
    { path: 'event/:eventId/register', Component: RegisterPage },
  ],
  results: [
    { path: 'mea/payment-success', Component: PaymentSuccessPage },
    { path: 'mea/payment-cancelled', Component: PaymentCancelledPage },
  ],
};
