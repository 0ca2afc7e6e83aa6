import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedProduct, Product } from '../../../contracts/products';
import type { Order, Quote } from '../../../contracts/tickets';
import { events } from '../../db/schema/events';
import { ticketTypes } from '../../db/schema/tickets';
import { runInvariants } from '../../platform/invariants/check';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestAs } from '../../test/request-as';

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'buyer' | 'other' | 'admin', string>;

beforeAll(async () => {
  // The oversell test signs in ten buyers at once.
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Marcus Bell' });
  cookies = {
    owner: await t.signIn(owner),
    buyer: await t.signIn(await createUser(t.db, { fullName: 'Ada Obi' })),
    other: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'] })),
  };
});
afterAll(() => t.close());

type Who = keyof typeof cookies | 'signedOut';
const call = requestAs(
  () => t,
  () => cookies,
);

async function paidEvent() {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Harbour Jazz ${randomUUID().slice(0, 6)}`,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const ticket = await createTicketType(t.db, {
    eventId: event.id,
    priceCents: 4000,
    quantity: 50,
  });
  return { event, ticket };
}

const shirtInput = (
  ticketTypeId: string,
  sizes: [string, number][] = [
    ['S', 10],
    ['M', 10],
    ['L', 10],
  ],
) => ({
  name: 'T-shirt',
  category: 'merchandise',
  priceCents: 2000,
  soldAlone: false,
  variations: sizes.map(([label, quantity]) => ({ label, quantity })),
  addOns: [{ ticketTypeId, minPerTicket: 0, maxPerTicket: 2 }],
});

async function addProduct(eventId: string, input: object) {
  const response = await call('owner', 'POST', `/api/events/${eventId}/products`, input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ManagedProduct>();
}

const variation = (product: ManagedProduct, label: string | null) => {
  const found = product.variations.find((v) => v.label === label);
  if (!found) throw new Error(`no variation ${label}`);
  return found.ticketTypeId;
};

async function pay(order: Order) {
  const session = order.checkoutUrl?.split('/pay/')[1];
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${session}/pay`,
    payload: { name: 'Ada Obi', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return (await call('buyer', 'GET', `/api/orders/${order.id}`)).json<Order>();
}

const buy = (
  items: { ticketTypeId: string; quantity: number }[],
  who: Who = 'buyer',
  headers = {},
) => call(who, 'POST', '/api/orders', { items }, headers);

async function remaining(ticketTypeId: string) {
  const [row] = await t.db.select().from(ticketTypes).where(eq(ticketTypes.id, ticketTypeId));
  return row?.remaining;
}

async function invariantsHold() {
  const report = await runInvariants(t.db);
  expect(report.failed.map((f) => [f.name, f.examples])).toEqual([]);
}

describe('managing products', () => {
  it('only the owner and admins add, change and delete them; buyers see them with the event', async () => {
    const { event, ticket } = await paidEvent();
    const input = shirtInput(ticket.id);
    const add = (who: Who) => call(who, 'POST', `/api/events/${event.id}/products`, input);
    expect((await add('signedOut')).statusCode).toBe(401);
    expect((await add('buyer')).statusCode).toBe(403);
    expect((await add('other')).statusCode).toBe(403);
    const created = await add('owner');
    expect(created.statusCode).toBe(201);
    const product = created.json<ManagedProduct>();
    expect(product.variations.map((v) => [v.displayName, v.quantity, v.sold])).toEqual([
      ['T-shirt (S)', 10, 0],
      ['T-shirt (M)', 10, 0],
      ['T-shirt (L)', 10, 0],
    ]);
    expect(product.addOns).toEqual([
      { ticketTypeId: ticket.id, ticketTypeName: ticket.name, minPerTicket: 0, maxPerTicket: 2 },
    ]);

    // Products are not ticket types: the ticket lists and the ticket-type routes leave them out.
    const types = (await call('signedOut', 'GET', `/api/events/${event.id}/ticket-types`)).json();
    expect(types.ticketTypes.map((x: { id: string }) => x.id)).toEqual([ticket.id]);
    const asType = await call('owner', 'PATCH', `/api/ticket-types/${variation(product, 'S')}`, {
      isHidden: true,
    });
    expect(asType.statusCode).toBe(404);

    const list = await call('signedOut', 'GET', `/api/events/${event.id}/products`);
    expect(list.json<{ products: Product[] }>().products).toMatchObject([
      {
        name: 'T-shirt',
        soldAlone: false,
        variations: [{ label: 'S' }, { label: 'M' }, { label: 'L' }],
      },
    ]);
    const manage = (who: Who) => call(who, 'GET', `/api/events/${event.id}/products/manage`);
    expect([
      (await manage('owner')).statusCode,
      (await manage('admin')).statusCode,
      (await manage('other')).statusCode,
      (await manage('signedOut')).statusCode,
    ]).toEqual([200, 200, 403, 401]);

    // Edit: M keeps its id, L goes, XL is new, the product's price changes all but own prices.
    const edit = (who: Who, body: object) => call(who, 'PUT', `/api/products/${product.id}`, body);
    const changed = {
      ...input,
      priceCents: 2200,
      variations: [
        { id: variation(product, 'S'), label: 'S', quantity: 12 },
        { id: variation(product, 'M'), label: 'M', quantity: 10, priceCents: 2500 },
        { label: 'XL', quantity: 5 },
      ],
    };
    expect((await edit('other', changed)).statusCode).toBe(403);
    expect((await edit('signedOut', changed)).statusCode).toBe(401);
    const edited = await edit('admin', changed);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      edited
        .json<ManagedProduct>()
        .variations.map((v) => [v.displayName, v.priceCents, v.remaining]),
    ).toEqual([
      ['T-shirt (S)', 2200, 12],
      ['T-shirt (M)', 2500, 10],
      ['T-shirt (XL)', 2200, 5],
    ]);
    expect(edited.json<ManagedProduct>().variations[0]?.ticketTypeId).toBe(variation(product, 'S'));

    const remove = (who: Who) => call(who, 'DELETE', `/api/products/${product.id}`);
    expect((await remove('other')).statusCode).toBe(403);
    expect((await remove('owner')).statusCode).toBe(200);
    expect((await remove('owner')).statusCode).toBe(404);
  });

  it('says which field is wrong, in the spec style', async () => {
    const { event, ticket } = await paidEvent();
    const { event: otherEvent } = await paidEvent();
    const otherTicket = await createTicketType(t.db, { eventId: otherEvent.id });
    const post = (body: object) => call('owner', 'POST', `/api/events/${event.id}/products`, body);
    const fieldsOf = async (body: object) => {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      return response.json().error.details.fields;
    };
    expect(
      await fieldsOf({
        ...shirtInput(ticket.id, [
          ['S', 5],
          ['', 5],
        ]),
        name: ' ',
      }),
    ).toEqual([
      { field: 'body.name', message: 'Please enter a name for this product' },
      { field: 'body.variations.1.label', message: 'Please name each variation' },
    ]);
    expect(
      await fieldsOf(
        shirtInput(ticket.id, [
          ['M', 5],
          ['m', 0],
        ]),
      ),
    ).toEqual([
      {
        field: 'body.variations.1.quantity',
        message: 'Quantity must be a whole number of 1 or more',
      },
      { field: 'body.variations.1.label', message: 'Each variation needs a different name' },
    ]);
    expect(
      await fieldsOf({
        ...shirtInput(ticket.id),
        addOns: [{ ticketTypeId: ticket.id, minPerTicket: 3, maxPerTicket: 2 }],
      }),
    ).toEqual([
      {
        field: 'body.addOns.0.maxPerTicket',
        message: 'The most per ticket must be at least the least per ticket',
      },
    ]);
    expect(await fieldsOf({ ...shirtInput(ticket.id), addOns: [] })).toEqual([
      {
        field: 'body.addOns',
        message: 'A product not sold alone needs at least one ticket type to be added to',
      },
    ]);
    expect(await fieldsOf(shirtInput(otherTicket.id))).toEqual([
      { field: 'body.addOns.0.ticketTypeId', message: 'Please choose a ticket type of this event' },
    ]);
    // In the buyer's language, with the code unchanged.
    const es = await call(
      'owner',
      'POST',
      `/api/events/${event.id}/products`,
      { ...shirtInput(ticket.id), name: '' },
      {
        'accept-language': 'es',
      },
    );
    expect(es.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Introduzca un nombre para este producto',
    });
  });
});

describe('buying products', () => {
  it('sells a product alone: no ticket, its stock taken, the sale counted in earnings', async () => {
    const { event } = await paidEvent();
    const parking = await addProduct(event.id, {
      name: 'Parking pass',
      category: 'parking',
      priceCents: 1000,
      variations: [{ quantity: 3 }],
    });
    const pass = variation(parking, null);
    const created = await buy([{ ticketTypeId: pass, quantity: 2 }]);
    expect(created.statusCode, created.body).toBe(201);
    // Each line says what it is, from the order's creation on.
    expect(created.json<Order>().items).toMatchObject([{ kind: 'product' }]);
    const order = await pay(created.json<Order>());
    expect(order).toMatchObject({
      status: 'paid',
      totalCents: 2000,
      items: [{ ticketTypeName: 'Parking pass', kind: 'product', quantity: 2 }],
      tickets: [],
    });
    expect(await remaining(pass)).toBe(1);
    const [row] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ totalTicketsSold: 0, earnings: 20 });
    await invariantsHold();
  });

  it('sells add-ons within their limits per ticket and refuses them outside, line by line', async () => {
    const { event, ticket } = await paidEvent();
    const shirt = await addProduct(event.id, shirtInput(ticket.id));
    const meal = await addProduct(event.id, {
      name: 'Lunch',
      category: 'meal',
      priceCents: 1500,
      soldAlone: false,
      variations: [{ quantity: 50 }],
      addOns: [{ ticketTypeId: ticket.id, minPerTicket: 1, maxPerTicket: 1 }],
    });
    const [s, m, lunch] = [variation(shirt, 'S'), variation(shirt, 'M'), variation(meal, null)];
    const refusal = async (items: { ticketTypeId: string; quantity: number }[]) => {
      const response = await buy(items);
      expect(response.statusCode).toBe(400);
      const { code, message, details } = response.json().error;
      return { code, message, field: details.fields[0].field };
    };
    const line = (id: string, items: { ticketTypeId: string }[]) =>
      `body.items.${[...items].sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId)).findIndex((i) => i.ticketTypeId === id)}.quantity`;

    const noMeal = [{ ticketTypeId: ticket.id, quantity: 2 }];
    expect(await refusal(noMeal)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please choose at least 2 × Lunch for your tickets',
      field: line(ticket.id, noMeal),
    });
    const tooMany = [
      { ticketTypeId: ticket.id, quantity: 1 },
      { ticketTypeId: lunch, quantity: 1 },
      { ticketTypeId: s, quantity: 2 },
      { ticketTypeId: m, quantity: 1 },
    ];
    expect(await refusal(tooMany)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'You can add at most 2 × T-shirt for your tickets',
      field: line([s, m].sort()[0] ?? '', tooMany),
    });
    const alone = [{ ticketTypeId: m, quantity: 1 }];
    expect(await refusal(alone)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'T-shirt is sold only with a ticket',
      field: 'body.items.0.quantity',
    });
    // The cart's quote says the same before any stock is taken.
    const quote = await call('buyer', 'POST', '/api/orders/quote', { items: alone });
    expect(quote.json().error.message).toBe('T-shirt is sold only with a ticket');

    const fine = await buy([
      { ticketTypeId: ticket.id, quantity: 2 },
      { ticketTypeId: lunch, quantity: 2 },
      { ticketTypeId: s, quantity: 1 },
      { ticketTypeId: m, quantity: 3 },
    ]);
    expect(fine.statusCode, fine.body).toBe(201);
    const order = await pay(fine.json<Order>());
    expect(order.tickets).toHaveLength(2);
    expect(order.items.map((i) => [i.ticketTypeName, i.kind, i.quantity]).sort()).toEqual(
      [
        [ticket.name, 'admission', 2],
        ['Lunch', 'product', 2],
        ['T-shirt (S)', 'product', 1],
        ['T-shirt (M)', 'product', 3],
      ].sort(),
    );
    const priced = await call('buyer', 'POST', '/api/orders/quote', {
      items: [
        { ticketTypeId: ticket.id, quantity: 1 },
        { ticketTypeId: lunch, quantity: 1 },
      ],
    });
    expect(
      Object.fromEntries(priced.json<Quote>().lines.map((l) => [l.ticketTypeName, l.kind])),
    ).toEqual({ [ticket.name]: 'admission', Lunch: 'product' });
    expect([await remaining(s), await remaining(m), await remaining(lunch)]).toEqual([9, 7, 48]);
    await invariantsHold();
  });

  it('never oversells a variation, however many buy at once', async () => {
    const { event, ticket } = await paidEvent();
    const shirt = await addProduct(
      event.id,
      shirtInput(ticket.id, [
        ['M', 5],
        ['L', 5],
      ]),
    );
    const m = variation(shirt, 'M');
    const buyers = await Promise.all(
      Array.from({ length: 10 }, async () => t.signIn(await createUser(t.db))),
    );
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { cookie: buyers[i % buyers.length] ?? '' },
          payload: {
            items: [
              { ticketTypeId: ticket.id, quantity: 1 },
              { ticketTypeId: m, quantity: 1 },
            ],
          },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(20);
    expect(await remaining(m)).toBe(0);
    expect(await remaining(ticket.id)).toBe(45);
    await invariantsHold();
  });

  it('a full refund puts the products back on sale; check-in knows no product', async () => {
    const { event, ticket } = await paidEvent();
    const shirt = await addProduct(event.id, shirtInput(ticket.id));
    const l = variation(shirt, 'L');
    const created = await buy([
      { ticketTypeId: ticket.id, quantity: 1 },
      { ticketTypeId: l, quantity: 2 },
    ]);
    const order = await pay(created.json<Order>());
    expect(await remaining(l)).toBe(8);
    // Only the admission is a ticket: the shirts have no code to show at the door.
    expect(order.tickets).toHaveLength(1);
    const forged = `${l}.AAAAAAAAAAAAAAAAAAAAAA`;
    const refused = await call('owner', 'POST', `/api/events/${event.id}/check-in`, {
      code: forged,
    });
    expect(refused.json().error.message).toBe('No ticket with this code for this event');

    const refund = await call('owner', 'POST', `/api/orders/${order.id}/refund`, {});
    expect(refund.json()).toMatchObject({ status: 'refunded' });
    expect(await remaining(l)).toBe(10);
    expect(await remaining(ticket.id)).toBe(50);
    await invariantsHold();
  });
});

describe('duplicating an event', () => {
  it('copies its products, variations and add-on rules onto the copy, with full stock', async () => {
    const { event, ticket } = await paidEvent();
    const shirt = await addProduct(
      event.id,
      shirtInput(ticket.id, [
        ['S', 4],
        ['M', 6],
      ]),
    );
    const paid = await buy([
      { ticketTypeId: ticket.id, quantity: 1 },
      { ticketTypeId: variation(shirt, 'M'), quantity: 1 },
    ]);
    await pay(paid.json<Order>());
    const copy = await call('owner', 'POST', `/api/events/${event.id}/duplicate`, {
      startsAt: '2031-05-01T18:00:00.000Z',
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const copyId = copy.json<{ id: string }>().id;
    const products = (await call('owner', 'GET', `/api/events/${copyId}/products/manage`)).json<{
      products: ManagedProduct[];
    }>().products;
    const types = (await call('owner', 'GET', `/api/events/${copyId}/ticket-types/manage`)).json<{
      ticketTypes: { id: string; name: string }[];
    }>().ticketTypes;
    expect(types.map((x) => x.name)).toEqual([ticket.name]);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      name: 'T-shirt',
      addOns: [{ ticketTypeId: types[0]?.id, minPerTicket: 0, maxPerTicket: 2 }],
    });
    expect(products[0]?.id).not.toBe(shirt.id);
    expect(products[0]?.variations.map((v) => [v.displayName, v.remaining, v.sold])).toEqual([
      ['T-shirt (S)', 4, 0],
      ['T-shirt (M)', 6, 0],
    ]);
  });
});
