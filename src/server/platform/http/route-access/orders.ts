import type { Access } from './access';

// Who may use the routes of what was bought and its money: registration, tickets, transfers,
// invoices, taxes, orders, payments, the door, badges, wallet passes and exports.

export const ORDERS_ACCESS: Record<string, Access> = {
  'POST /api/events/{id}/register': 'visible',
  'GET /api/tickets/{id}': 'owner',
  'GET /api/tickets/{id}/qr.svg': 'owner',
  'GET /api/tickets/{id}/pdf': 'owner',
  // Invoices (decision 059): an order's buyer, its organizer and admins; re-issuing is the
  // organizer's (invoices.int.test.ts checks each side).
  'GET /api/orders/{id}/invoices': 'owner',
  'POST /api/orders/{id}/invoices': 'owner',
  'GET /api/invoices/{id}/pdf': 'owner',
  'POST /api/invoices/{id}/reissue': 'owner',
  // Taxes (decision 058): rates and an event's tax settings are its organizer's; an order's tax
  // summary is for its buyer, organizer and admins. Billing details (decision 060): the event's
  // settings are the organizer's, an order's details its buyer's, organizer's and admins'.
  'PUT /api/tax-rates/{id}': 'owner',
  'DELETE /api/tax-rates/{id}': 'owner',
  'GET /api/events/{id}/tax-settings': 'owner',
  'PUT /api/events/{id}/tax-settings': 'owner',
  'GET /api/orders/{id}/tax': 'owner',
  'GET /api/events/{id}/billing-settings': 'owner',
  'PUT /api/events/{id}/billing-settings': 'owner',
  'GET /api/orders/{id}/billing-details': 'owner',
  // Ticket transfers: the holder transfers; the event's owner reads the history and settings;
  // a mailed claim link's token is the secret, taking the ticket needs a signed-in person.
  'GET /api/tickets/{id}/transfer': 'owner',
  'POST /api/tickets/{id}/transfer': 'owner',
  'GET /api/tickets/{id}/transfers': 'owner',
  'POST /api/transfers/{id}/cancel': 'owner',
  'GET /api/events/{id}/transfer-settings': 'owner',
  'PUT /api/events/{id}/transfer-settings': 'owner',
  'GET /api/events/{id}/transfers': 'owner',
  'GET /api/transfer-claims/{token}': 'capability',
  'POST /api/transfer-claims/{token}': 'capability',
  'POST /api/events/{id}/check-in': 'owner',
  // The check-in app (door.int.test.ts has the team-role matrix).
  'GET /api/door/events/{id}/list': 'owner',
  'POST /api/door/events/{id}/sync': 'owner',
  // The box office (box-office.int.test.ts has the team-role matrix).
  'GET /api/door/events/{id}/box-office': 'owner',
  'POST /api/door/events/{id}/box-office/sales': 'owner',
  'GET /api/door/events/{id}/box-office/sales/{orderId}': 'owner',
  'POST /api/door/events/{id}/box-office/sales/{orderId}/admit': 'owner',
  // Cancel a card sale waiting for payment (box-office-stripe.int.test.ts has the matrix).
  'POST /api/door/events/{id}/box-office/sales/{orderId}/cancel': 'owner',
  'GET /api/door/events/{id}/box-office/summary': 'owner',
  // A shift's drawer (box-office-shifts.int.test.ts has the seller and team-role matrix).
  'PUT /api/door/events/{id}/box-office/shifts/{sellerId}/{day}/float': 'owner',
  'POST /api/door/events/{id}/box-office/shifts/{sellerId}/{day}/close': 'owner',
  'POST /api/door/events/{id}/box-office/shifts/{sellerId}/{day}/reopen': 'owner',
  'GET /api/door/events/{id}/box-office/sales/{orderId}/tickets.pdf': 'owner',
  // Mail a sale's tickets later (box-office-print-add-ons.int.test.ts has the matrix).
  'POST /api/door/events/{id}/box-office/sales/{orderId}/mail': 'owner',
  // Sales by channel (sales-channels.int.test.ts has the team-role matrix).
  'GET /api/door/events/{id}/sales-channels': 'owner',
  'GET /api/door/events/{id}/sales-channels.csv': 'owner',
  'GET /api/door/events/{id}/settings': 'owner',
  'PUT /api/door/events/{id}/settings': 'owner',
  // Check-in lists and conflicts (door-lists.int.test.ts has the team-role matrix).
  'GET /api/door/events/{id}/check-in-lists': 'owner',
  'POST /api/door/events/{id}/check-in-lists': 'owner',
  'PUT /api/door/events/{id}/check-in-lists/{listId}': 'owner',
  'DELETE /api/door/events/{id}/check-in-lists/{listId}': 'owner',
  'GET /api/door/events/{id}/conflicts': 'owner',
  // Badges (badges.int.test.ts has the team-role matrix): the event's organizer and its staff.
  'GET /api/badges/events/{id}/templates': 'owner',
  'POST /api/badges/events/{id}/templates': 'owner',
  'PUT /api/badges/templates/{id}': 'owner',
  'DELETE /api/badges/templates/{id}': 'owner',
  'GET /api/badges/templates/{id}/pdf': 'owner',
  // A wallet pass: the ticket's holder (wallet-passes.int.test.ts).
  'GET /api/wallet/tickets/{id}': 'owner',
  'GET /api/wallet/tickets/{id}/google': 'owner',
  'GET /api/wallet/tickets/{id}/apple': 'owner',
  // Apple's pass web service (decision 089), called by Wallet without a session: the pass's
  // token in the header (401 without it), the device's library id for its list of changes.
  'POST /api/wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}':
    'capability',
  'DELETE /api/wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}':
    'capability',
  'GET /api/wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}':
    'capability',
  'GET /api/wallet/apple/v1/passes/{passTypeIdentifier}/{serialNumber}': 'capability',
  // The ticket mail's wallet links: the pass's token in the link (404 without the right one).
  'GET /api/wallet/passes/{id}/apple': 'capability',
  'GET /api/wallet/passes/{id}/google': 'capability',
  'GET /api/events/{id}/attendees': 'owner',
  'GET /api/events/{id}/attendees.csv': 'owner',
  // Exports (decision 056): the event's organizer and admins.
  'GET /api/events/{id}/export': 'owner',
  'POST /api/events/{id}/exports': 'owner',
  'GET /api/events/{id}/exports': 'owner',
  'GET /api/events/{id}/exports/{exportId}': 'owner',
  'GET /api/events/{id}/exports/{exportId}/file': 'owner',
  'GET /api/events/{id}/orders': 'owner',
  'GET /api/events/{id}/sales': 'owner',
  'GET /api/events/{id}/attending': 'visible',
  'GET /api/orders/{id}': 'owner',
  'POST /api/orders/{id}/cancel': 'owner',
  'POST /api/orders/{id}/refund': 'owner',
  'GET /api/payments/sessions/{id}': 'owner',
  'GET /api/payments/local/sessions/{id}': 'capability',
  'POST /api/payments/local/sessions/{id}/pay': 'capability',
  'POST /api/payments/local/sessions/{id}/confirm': 'capability',
};
