// The tickets feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { myTicketsQuery, ticketKeys, ticketTypesQuery } from './api';
export { EventOfferBox, PhoneBuyBar } from './event-buy-bar';
export { EventTicketsPanel } from './event-tickets-panel';
export { MyTickets } from './my-tickets';
// The checkout questions step goes on to payment through the same checkout.
export { useCheckout } from './use-checkout';
