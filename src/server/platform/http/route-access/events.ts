import type { Access } from './access';

// Who may use the routes that set an event up: the event, its organizer page, ticket types,
// products, codes, capacity pools, seating, checkout questions, announcements and waiting list.

export const EVENTS_ACCESS: Record<string, Access> = {
  // Waiting lists: a place's mailed link is its secret (confirm, leave, decline; buying also
  // needs a sign-in); which types take places is public; the list and its actions are the
  // organizer's.
  'GET /api/waitlist/places/{token}': 'capability',
  'POST /api/waitlist/places/{token}/confirm': 'capability',
  'POST /api/waitlist/places/{token}/leave': 'capability',
  'POST /api/waitlist/places/{token}/decline': 'capability',
  'POST /api/waitlist/places/{token}/claim': 'capability',
  'GET /api/waitlist/events/{id}/availability': 'public',
  'GET /api/waitlist/events/{id}': 'owner',
  'PUT /api/waitlist/events/{id}/settings': 'owner',
  'POST /api/waitlist/entries/{id}/offer': 'owner',
  'POST /api/waitlist/entries/{id}/remove': 'owner',
  'GET /api/events/{id}': 'visible',
  'PATCH /api/events/{id}': 'owner',
  'DELETE /api/events/{id}': 'owner',
  'GET /api/events/{id}/calendar.ics': 'visible',
  'POST /api/events/{id}/publish': 'owner',
  'POST /api/events/{id}/cancel': 'owner',
  'POST /api/events/{id}/cover': 'owner',
  'POST /api/events/{id}/series': 'owner',
  'POST /api/events/{id}/duplicate': 'owner',
  'GET /api/organizers/{id}': 'public',
  'POST /api/organizers/{id}/follow': 'signed-in',
  'DELETE /api/organizers/{id}/follow': 'signed-in',
  'GET /api/events/{id}/ticket-types': 'visible',
  'POST /api/events/{id}/ticket-types': 'owner',
  'GET /api/events/{id}/ticket-types/manage': 'owner',
  'PATCH /api/ticket-types/{id}': 'owner',
  'DELETE /api/ticket-types/{id}': 'owner',
  // Products (decision 051): buyers see them with the event; the owner manages them.
  'GET /api/events/{id}/products': 'visible',
  'GET /api/events/{id}/products/manage': 'owner',
  'POST /api/events/{id}/products': 'owner',
  'PUT /api/products/{id}': 'owner',
  'DELETE /api/products/{id}': 'owner',
  'GET /api/events/{id}/discount-codes': 'owner',
  'POST /api/events/{id}/discount-codes': 'owner',
  'PATCH /api/discount-codes/{id}': 'owner',
  'DELETE /api/discount-codes/{id}': 'owner',
  // Access codes: the event's organizer (or an admin) manages them.
  'GET /api/events/{id}/access-codes': 'owner',
  'POST /api/events/{id}/access-codes': 'owner',
  'POST /api/events/{id}/access-codes/bulk': 'owner',
  'GET /api/events/{id}/access-codes.csv': 'owner',
  'PATCH /api/access-codes/{id}': 'owner',
  'DELETE /api/access-codes/{id}': 'owner',
  // Capacity pools: the event's organizer (or an admin) manages them.
  'GET /api/events/{id}/capacity-pools': 'owner',
  'POST /api/events/{id}/capacity-pools': 'owner',
  'PATCH /api/capacity-pools/{id}': 'owner',
  'DELETE /api/capacity-pools/{id}': 'owner',
  // Seating (decision 068): plans are their owner's; the event's seating is the organizer's to
  // set and anyone's who may see the event to read, ask for the best seats and buy; an order's
  // seats are its buyer's and organizer's.
  'GET /api/seating/plans/{id}': 'owner',
  'PUT /api/seating/plans/{id}': 'owner',
  'GET /api/seating/plans/{id}/versions/{version}': 'owner',
  'GET /api/events/{id}/seating': 'visible',
  'GET /api/events/{id}/seating/changes': 'visible',
  'PUT /api/events/{id}/seating': 'owner',
  'DELETE /api/events/{id}/seating': 'owner',
  'POST /api/events/{id}/seating/best': 'visible',
  'POST /api/events/{id}/seat-orders': 'visible',
  // Seat exchange (decision 090): the organizer's, and a team member's who handles orders.
  'POST /api/events/{id}/seat-moves': 'owner',
  'GET /api/orders/{id}/seats': 'owner',
  // Checkout questions: the event's organizer builds them and reads the answers; a ticket's
  // answers are its holder's.
  'GET /api/events/{id}/questions': 'owner',
  'POST /api/events/{id}/questions': 'owner',
  'PUT /api/events/{id}/question-settings': 'owner',
  'GET /api/events/{id}/answers': 'owner',
  'PATCH /api/questions/{id}': 'owner',
  'DELETE /api/questions/{id}': 'owner',
  'POST /api/questions/{id}/move': 'owner',
  'GET /api/tickets/{id}/answers': 'owner',
  'PUT /api/tickets/{id}/answers': 'owner',
  'POST /api/events/{id}/announcements/preview': 'owner',
  'POST /api/events/{id}/announcements': 'owner',
};
