import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AttendeeListSchema, Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { localWebhookDelivery } from '../../test/local-payments';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';

// The organizer's attendee list says what each ticket was paid: its share of the line's gross
// (tax included, discount off), the shares of a line adding up to what the line was charged. The
// buyer's ticket (its page and its PDF) shows the same figure.

let t: TestApp;
let organizer: CreatedUser;
let buyer: CreatedUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  organizer = await createUser(t.db, { userType: 'organizer' });
  buyer = await createUser(t.db, { fullName: 'Bea Buyer' });
  cookies.organizer = await t.sessionCookie(organizer);
  cookies.buyer = await t.sessionCookie(buyer);
});
afterAll(() => t?.close());

const as = (
  who: 'organizer' | 'buyer',
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });

/** An event whose one type costs `priceCents`, taxed at 19 % added on top or included. */
async function taxedEvent(priceCents: number, pricesIncludeTax: boolean) {
  const event = await createEvent(t.db, {
    userId: organizer.id,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, { eventId: event.id, quantity: 20, priceCents });
  const rate = await as('organizer', 'POST', '/api/tax-rates', {
    name: 'MwSt',
    percent: '19',
    country: 'DE',
  });
  expect(rate.statusCode, rate.body).toBeLessThan(300);
  const settings = await as('organizer', 'PUT', `/api/events/${event.id}/tax-settings`, {
    pricesIncludeTax,
    assignments: [{ ticketTypeId: type.id, taxRateId: rate.json<{ id: string }>().id }],
  });
  expect(settings.statusCode, settings.body).toBe(200);
  return { eventId: event.id, typeId: type.id };
}

async function buy(typeId: string, quantity: number) {
  const placed = await as('buyer', 'POST', '/api/orders', {
    items: [{ ticketTypeId: typeId, quantity }],
  });
  expect(placed.statusCode, placed.body).toBeLessThan(300);
  const order = placed.json<Order>();
  const paid = await t.app.inject(
    localWebhookDelivery(t, {
      sessionId: order.paymentSessionId,
      orderId: order.id,
      amountCents: order.totalCents,
      paymentRef: 'pi_paid_column',
    }),
  );
  expect(paid.json().outcome).toBe('paid');
  return order;
}

const paidColumn = async (eventId: string) =>
  (await as('organizer', 'GET', `/api/events/${eventId}/attendees`))
    .json<z.infer<typeof AttendeeListSchema>>()
    .attendees.map((a) => a.paidCents);

describe('the attendee list’s Paid column', () => {
  it('shows the gross with the tax added on top, the line’s cents shared out exactly', async () => {
    const { eventId, typeId } = await taxedEvent(3333, false);
    const order = await buy(typeId, 3);
    // 3 × 33.33 = 99.99 net, 19.00 tax (rounded per line): 118.99, not 3 × 33.33.
    expect(order.totalCents).toBe(11899);
    const paid = await paidColumn(eventId);
    expect(paid.sort()).toEqual([3966, 3966, 3967]);
    expect(paid.reduce((sum, cents) => sum + cents, 0)).toBe(order.totalCents);
  });

  it('shows the price as charged when it includes the tax', async () => {
    const { eventId, typeId } = await taxedEvent(5000, true);
    const order = await buy(typeId, 2);
    expect(order.totalCents).toBe(10000);
    expect(await paidColumn(eventId)).toEqual([5000, 5000]);
  });
});

describe('the attendee export', () => {
  it('has the Paid column the attendee list has', async () => {
    const { eventId, typeId } = await taxedEvent(3333, false);
    await buy(typeId, 3);
    const csv = await as(
      'organizer',
      'GET',
      `/api/events/${eventId}/export?kind=attendees&format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    const [header = '', ...lines] = csv.body.trim().split('\r\n');
    const cells = (line: string) => line.slice(1, -1).split('","');
    const paid = cells(header).indexOf('Paid');
    expect(paid).toBeGreaterThan(-1);
    const exported = lines.map((line) => cells(line)[paid]).sort();
    expect(exported).toEqual(['39.66', '39.66', '39.67']);
    const column = await paidColumn(eventId);
    expect(column.sort().map((cents) => (cents / 100).toFixed(2))).toEqual(exported);
  });
});

describe('the buyer’s ticket', () => {
  it('prints what the ticket was charged, tax added on top, as the attendee list says', async () => {
    const { eventId, typeId } = await taxedEvent(3333, false);
    const order = await buy(typeId, 3);
    const ticketIds = (await as('buyer', 'GET', `/api/orders/${order.id}`))
      .json<Order>()
      .tickets.map((ticket) => ticket.id);
    expect(ticketIds).toHaveLength(3);
    const printed: string[] = [];
    for (const id of ticketIds) {
      const ticket = await as('buyer', 'GET', `/api/tickets/${id}`);
      expect(ticket.json()).toMatchObject({ paidCents: expect.any(Number) });
      const pdf = await as('buyer', 'GET', `/api/tickets/${id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      const line = (await pdfText(pdf.rawPayload)).join('').match(/Ticket: .*?\(([^)]*)\)/);
      printed.push(line?.[1] ?? 'no ticket line');
      // The page says the same as the PDF.
      expect(`$${(ticket.json<{ paidCents: number }>().paidCents / 100).toFixed(2)}`).toBe(
        line?.[1],
      );
    }
    // 33.33 before tax, 39.66 or 39.67 charged: never the unit price without its tax.
    expect(printed.sort()).toEqual(['$39.66', '$39.66', '$39.67']);
    const column = await paidColumn(eventId);
    expect(column.sort().map((cents) => `$${(cents / 100).toFixed(2)}`)).toEqual(printed);
  });
});
