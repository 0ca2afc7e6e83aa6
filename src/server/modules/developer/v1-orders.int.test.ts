import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, type CreatedUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { multipart, png } from '../../test/uploads';
import { useV1App } from './v1.test-kit';

// Public API v1 lists of an event's sales: orders (items, taxes, invoices, answers),
// attendees with their answers, and approved vendors.

let t: TestApp;
let organizer: CreatedUser;
let other: CreatedUser;
let buyer: CreatedUser;
let vendor: CreatedUser;
let eventId: string;
let foreignEventId: string;
let firstOrder: Order;
let cookies: Record<string, string>;
let orderId: string;
const { app, paidOrder, newKey, v1 } = useV1App();
beforeAll(() => {
  ({ t, organizer, other, buyer, vendor, eventId, foreignEventId, firstOrder, cookies } = app);
  orderId = app.firstOrder.id;
});

describe('v1 orders and vendors of an event', () => {
  it('lists the event’s orders with their items, in pages, and syncs by updated_since', async () => {
    const second = await paidOrder(eventId, 1);
    const { secret } = await newKey(organizer, ['orders:read']);
    const first = await v1(secret, 'GET', `/api/v1/events/${eventId}/orders?limit=1`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<{ data: { id: string }[]; next_cursor: string | null }>();
    expect(page1.data).toHaveLength(1);
    const rest = await v1(
      secret,
      'GET',
      `/api/v1/events/${eventId}/orders?cursor=${page1.next_cursor}`,
    );
    const ids = [...page1.data, ...rest.json<{ data: { id: string }[] }>().data].map((o) => o.id);
    expect(ids.sort()).toEqual([orderId, second.id].sort());
    const all = (await v1(secret, 'GET', `/api/v1/events/${eventId}/orders`)).json<{
      data: Record<string, unknown>[];
    }>();
    expect(all.data.find((o) => o.id === orderId)).toMatchObject({
      status: 'paid',
      currency: firstOrder.currency,
      total_cents: firstOrder.totalCents,
      refunded_cents: 0,
      buyer: { id: buyer.id, name: 'Bea Buyer', email: 'v1-buyer@example.com' },
      items: [{ quantity: 2, unit_price_cents: 1500, discount_cents: 0 }],
      sales_channel: 'online',
      box_office_method: null,
    });
    const future = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const none = await v1(
      secret,
      'GET',
      `/api/v1/events/${eventId}/orders?updated_since=${encodeURIComponent(future)}`,
    );
    expect(none.json()).toEqual({ data: [], next_cursor: null });
  });

  it('gives each order its net, its tax per rate and its invoice numbers', async () => {
    const now = t.clock.now();
    const event = (await createEvent(t.db, { userId: organizer.id, isFree: false, createdAt: now }))
      .id;
    const type = await createTicketType(t.db, { eventId: event, quantity: 20, priceCents: 10000 });
    const cookie = cookies[organizer.id] ?? '';
    const rate = await t.app.inject({
      method: 'POST',
      url: '/api/tax-rates',
      headers: { cookie },
      payload: { name: 'MwSt', percent: '19', country: 'DE' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event}/tax-settings`,
      headers: { cookie },
      payload: {
        pricesIncludeTax: false,
        assignments: [{ ticketTypeId: type.id, taxRateId: rate.json<{ id: string }>().id }],
      },
    });
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/invoices/profile',
      headers: { cookie },
      payload: {
        legalName: 'Harbour Events GmbH',
        address: 'Hafenstraße 1\nHamburg',
        taxId: 'DE123456789',
        footer: '',
        logoUrl: null,
        numberPrefix: 'V1-',
        numberFormat: '{prefix}{year}-{number:5}',
        issueMode: 'on_request',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const order = await paidOrder(event, 1, type.id);
    const requested = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/invoices`,
      headers: { cookie: cookies[buyer.id] },
    });
    expect(requested.statusCode, requested.body).toBeLessThan(300);
    const { secret } = await newKey(organizer, ['orders:read']);
    const listed = (await v1(secret, 'GET', `/api/v1/events/${event}/orders`)).json<{
      data: Record<string, unknown>[];
    }>();
    expect(listed.data[0]).toMatchObject({
      total_cents: 11900,
      net_cents: 10000,
      tax_cents: 1900,
      tax_lines: [{ name: 'MwSt', rate: 19, amount_cents: 1900 }],
      invoices: [{ number: expect.stringMatching(/^V1-/), kind: 'invoice' }],
    });
    // An untaxed order says so.
    const plain = (await v1(secret, 'GET', `/api/v1/events/${eventId}/orders`)).json<{
      data: Record<string, unknown>[];
    }>();
    expect(plain.data[0]).toMatchObject({ tax_cents: 0, tax_lines: [], invoices: [] });
  });

  it('gives the checkout answers with each order and each attendee', async () => {
    const now = t.clock.now();
    const event = (await createEvent(t.db, { userId: organizer.id, isFree: false, createdAt: now }))
      .id;
    const type = await createTicketType(t.db, { eventId: event, quantity: 20, priceCents: 1500 });
    const ask = async (input: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/events/${event}/questions`,
        headers: { cookie: cookies[organizer.id] },
        payload: input,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>();
    };
    const company = await ask({ scope: 'order', type: 'short_text', label: 'Company' });
    const diet = await ask({
      scope: 'ticket',
      type: 'multiple_choice',
      label: 'Dietary needs',
      options: ['Vegan', 'No nuts'],
    });
    const badge = await ask({ scope: 'order', type: 'file', label: 'Company badge' });
    const upload = multipart('file', 'badge.png', 'image/png', await png(8, 8));
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/answer-files',
      payload: upload.payload,
      headers: { ...upload.headers, cookie: cookies[buyer.id] },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const file = stored.json<{ url: string; name: string }>();
    const order = await paidOrder(event, 2, type.id, {
      order: { [company.id]: 'Harbour Ltd', [badge.id]: file },
      tickets: [
        { ticketTypeId: type.id, answers: { [diet.id]: ['Vegan', 'No nuts'] } },
        { ticketTypeId: type.id, answers: {} },
      ],
    });
    const { secret } = await newKey(organizer, ['orders:read', 'attendees:read']);
    const orders = await v1(secret, 'GET', `/api/v1/events/${event}/orders`);
    expect(orders.statusCode, orders.body).toBe(200);
    const attendees = (await v1(secret, 'GET', `/api/v1/events/${event}/attendees`)).json<{
      data: { ticket_id: string; answers: unknown[] }[];
    }>().data;
    expect(attendees).toHaveLength(2);
    const tickets = await t.db.execute<{ id: string }>(
      sql`select id from tickets where order_id = ${order.id} order by created_at, id`,
    );
    const [firstTicket, secondTicket] = tickets.rows.map((r) => r.id);
    expect(orders.json().data[0]).toMatchObject({
      id: order.id,
      answers: [
        {
          question_id: company.id,
          question: 'Company',
          type: 'short_text',
          value: 'Harbour Ltd',
          ticket_type_id: null,
          ticket_index: null,
          ticket_id: null,
        },
        {
          question_id: badge.id,
          question: 'Company badge',
          type: 'file',
          value: { url: file.url, name: 'badge.png' },
          ticket_type_id: null,
          ticket_index: null,
          ticket_id: null,
        },
        {
          question_id: diet.id,
          question: 'Dietary needs',
          type: 'multiple_choice',
          value: ['Vegan', 'No nuts'],
          ticket_type_id: type.id,
          ticket_index: 0,
          ticket_id: firstTicket,
        },
      ],
    });
    // A file is the path it downloads from on this server, never the store's key.
    expect(file.url).toMatch(/^\/media\/answers\/[0-9a-f]{32}\.png$/);
    const download = await t.app.inject({ method: 'GET', url: file.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['cache-control']).toMatch(/^private/);
    const byTicket = new Map(attendees.map((a) => [a.ticket_id, a.answers]));
    // A ticket's answers come in the organizer's order of the questions.
    const companyAnswer = {
      question_id: company.id,
      question: 'Company',
      type: 'short_text',
      value: 'Harbour Ltd',
    };
    const badgeAnswer = {
      question_id: badge.id,
      question: 'Company badge',
      type: 'file',
      value: { url: file.url, name: 'badge.png' },
    };
    expect(byTicket.get(firstTicket ?? '')).toEqual([
      companyAnswer,
      {
        question_id: diet.id,
        question: 'Dietary needs',
        type: 'multiple_choice',
        value: ['Vegan', 'No nuts'],
      },
      badgeAnswer,
    ]);
    expect(byTicket.get(secondTicket ?? '')).toEqual([companyAnswer, badgeAnswer]);
    // Another organizer's key reaches neither list of this event, and its own lists hold none
    // of these answers.
    const theirs = await newKey(other, ['orders:read', 'attendees:read']);
    for (const list of ['orders', 'attendees']) {
      const refused = await v1(theirs.secret, 'GET', `/api/v1/events/${event}/${list}`);
      expect(refused.statusCode, refused.body).toBe(404);
      const own = await v1(theirs.secret, 'GET', `/api/v1/events/${foreignEventId}/${list}`);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.body).not.toContain('Harbour Ltd');
      expect(own.body).not.toContain(file.url);
    }
    // An event without questions: empty lists, not missing fields.
    const plain = (await v1(secret, 'GET', `/api/v1/events/${eventId}/attendees`)).json<{
      data: { answers: unknown[] }[];
    }>().data;
    expect(plain[0]?.answers).toEqual([]);
  });

  it('lists the event’s approved vendors with the fee in cents', async () => {
    const { secret } = await newKey(organizer, ['vendors:read']);
    const response = await v1(secret, 'GET', `/api/v1/events/${eventId}/vendors`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        vendor_id: vendor.id,
        name: 'Seaside Tacos',
        status: 'approved',
        payment_status: 'paid',
        fee_cents: 7550,
      }),
    ]);
  });
});
