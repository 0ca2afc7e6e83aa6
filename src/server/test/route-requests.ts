import { pathParamsOf, type Operation } from './openapi-operations';

// What the two generated route-access tests (everyone, and team roles) send to each route of the
// API document, so that access, not validation, decides the answer.

/** An id no row has: a route given it answers as it does for someone else's resource. */
export const UNKNOWN_ID = '5b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f';

export const keyOf = (operation: Operation) => `${operation.method} ${operation.path}`;

/**
 * A path's parameters from the owner's real resources, by the parameter's name or the path
 * segment before it; `real` is false when one had to be the unknown id.
 */
export function paramsOf(
  path: string,
  ids: Record<string, string>,
): { values: Record<string, string>; real: boolean } {
  const values: Record<string, string> = {};
  let real = true;
  for (const name of pathParamsOf(path)) {
    const segment = path.split(`/{${name}}`)[0]?.split('/').pop() ?? '';
    const id = ids[name] ?? ids[segment];
    if (!id) real = false;
    values[name] = id ?? UNKNOWN_ID;
  }
  return { values, real };
}

/** Bodies that pass validation (cross-field rules the schema cannot show). */
export const VALID_BODIES: Record<string, object> = {
  'PUT /api/seating/plans/{id}': {
    name: 'Hall',
    plan: { categories: [{ id: 'std', name: 'Standard', color: '#1f6feb' }], sections: [] },
  },
  'PUT /api/events/{id}/seating': { planId: UNKNOWN_ID, version: 1, ticketTypes: {} },
  'POST /api/events/{id}/seating/best': { categoryId: 'std', quantity: 1 },
  'POST /api/events/{id}/seat-orders': { seatIds: ['A-Row A-1'] },
  'POST /api/door/events/{id}/box-office/sales/{orderId}/mail': { email: 'door@example.com' },
  'POST /api/events/{id}/seat-moves': { ticketId: UNKNOWN_ID, seatId: 'A-Row A-1' },
  'POST /api/events/{id}/access-codes': { code: 'ROUTE1', ticketTypeIds: [UNKNOWN_ID] },
  'POST /api/events/{id}/access-codes/bulk': {
    prefix: 'ROUTE',
    count: 1,
    ticketTypeIds: [UNKNOWN_ID],
  },
  'POST /api/events/{id}/announcements': { subject: 'Hello', message: 'Doors open at six' },
  'POST /api/events/{id}/announcements/preview': { subject: 'Hello', message: 'Doors open' },
  'POST /api/chats/{id}/messages': { body: 'hello' },
  'POST /api/marketing/lists/{id}/subscribers': { email: 'someone@example.test' },
  'POST /api/events/{eventId}/streams': {
    title: 'Main stage',
    scheduledStart: '2026-12-20T18:00:00Z',
    access: 'public',
  },
  'PUT /api/feedback/events/{eventId}/questions': {
    questions: [{ kind: 'scale', label: 'How was the sound?' }],
  },
  'POST /api/events/{id}/questions': { scope: 'order', type: 'short_text', label: 'Company' },
  'PATCH /api/questions/{id}': { scope: 'order', type: 'short_text', label: 'Company' },
  'POST /api/events/{id}/products': {
    name: 'Parking',
    priceCents: 900,
    variations: [{ quantity: 5 }],
  },
  'PUT /api/products/{id}': { name: 'Parking', priceCents: 900, variations: [{ quantity: 5 }] },
};
