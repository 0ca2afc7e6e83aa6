import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

// Ticket orders as funnel conversions (decision 024): the funnel's "Buy tickets" goes
// through a redirect that sets a signed cookie; the checkout names its order; a paid order counts
// once, with its revenue, on the step whose event card was followed.

let t: TestApp;
let owner: CreatedUser;
let buyer: CreatedUser;
let other: CreatedUser;
let eventId: string;
let typeId: string;
let otherTypeId: string;
let funnelId: string;
const cookies: Record<string, string> = {};
const SLUG = 'sales-night';
const DAY = 86_400_000;

type Who = 'owner' | 'buyer' | 'other';
const call = requestAs<Who>(
  () => t,
  () => cookies,
);

/** Follows a funnel's Buy tickets like a browser; returns where it went and the cookie it set. */
async function follow(step: number, event = eventId) {
  const response = await call(
    'signedOut',
    'GET',
    `/api/marketing/public/funnels/${SLUG}/go?step=${step}&event=${event}`,
  );
  const set = response.cookies.find((c) => c.name === 'mea_funnel');
  return { response, set, cookie: set ? `mea_funnel=${set.value}` : '' };
}

async function order(who: Who, ticketTypeId = typeId, quantity = 2) {
  const created = await call(who, 'POST', '/api/orders', { items: [{ ticketTypeId, quantity }] });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Order>();
}

const report = (cookie: string, orderId: string, who: Who | 'signedOut' = 'buyer') =>
  call(
    who === 'signedOut' ? { cookie } : { as: who, cookie },
    'POST',
    '/api/marketing/funnel-sales',
    {
      orderId,
    },
  );

async function pay(o: Order) {
  const session = o.checkoutUrl?.split('/pay/')[1] ?? 'none';
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${session}/pay`,
    payload: { name: 'Bea Buyer', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
  });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
}

const funnelReport = async () =>
  (await call('owner', 'GET', `/api/marketing/funnels/${funnelId}/report`)).json<{
    steps: {
      step: number;
      conversions: number;
      optIns: number;
      orders: number;
      revenue: { currency: string; cents: number }[];
    }[];
  }>().steps;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Olu Organizer' });
  buyer = await createUser(t.db, { fullName: 'Bea Buyer' });
  other = await createUser(t.db, { fullName: 'Otto Other' });
  for (const [key, user] of Object.entries({ owner, buyer, other }))
    cookies[key] = await t.sessionCookie(user);
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: 'Sales Night',
    isFree: false,
    createdAt: t.clock.now(),
    startsAt: new Date(t.clock.now().getTime() + 60 * DAY),
  });
  eventId = event.id;
  typeId = (await createTicketType(t.db, { eventId, priceCents: 4000 })).id;
  const elsewhere = await createEvent(t.db, {
    userId: owner.id,
    isFree: false,
    startsAt: new Date(t.clock.now().getTime() + 60 * DAY),
  });
  otherTypeId = (await createTicketType(t.db, { eventId: elsewhere.id, priceCents: 1000 })).id;
  const created = await call('owner', 'POST', '/api/marketing/funnels', {
    name: 'Sales',
    slug: SLUG,
    template: 'event_launch',
    eventId,
  });
  expect(created.statusCode, created.body).toBe(201);
  funnelId = created.json<{ id: string }>().id;
  expect(
    (await call('owner', 'POST', `/api/marketing/funnels/${funnelId}/publish`)).statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

describe('ticket orders as funnel conversions', () => {
  it('counts a paid order once, with its revenue, on the step whose event card was followed', async () => {
    // The event_launch template's event card is on step 1 ("Tickets").
    const { response, set, cookie } = await follow(1);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/event/${eventId}`);
    expect(set).toMatchObject({ httpOnly: true, path: '/api/marketing', sameSite: 'Lax' });

    const o = await order('buyer');
    const first = await report(cookie, o.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ attributed: true, reason: 'recorded' });
    // The checkout may report again (a retry, a second tab): still one order.
    expect((await report(cookie, o.id)).json()).toEqual({ attributed: true, reason: 'already' });

    // Not paid yet: nothing to count.
    expect((await funnelReport())[1]).toMatchObject({ orders: 0, conversions: 0, revenue: [] });
    await pay(o);
    const steps = await funnelReport();
    expect(steps[1]).toMatchObject({
      step: 1,
      orders: 1,
      optIns: 0,
      conversions: 1,
      revenue: [{ currency: 'USD', cents: 8000 }],
    });
    expect(steps[0]).toMatchObject({ orders: 0, conversions: 0 });
    // Reporting after payment still does not count it twice.
    expect((await report(cookie, o.id)).json().reason).toBe('already');
    expect((await funnelReport())[1]?.orders).toBe(1);
  });

  it('counts nothing without a valid, recent cookie for that event, and only for the buyer', async () => {
    const o = await order('buyer');
    expect((await report('', o.id)).json()).toEqual({ attributed: false, reason: 'no_funnel' });
    const { cookie } = await follow(1);
    // An edited cookie (another step or funnel) is refused by its signature.
    const tampered = cookie.replace(/=(.)/, (_m, c: string) => `=${c === 'W' ? 'X' : 'W'}`);
    expect((await report(tampered, o.id)).json().reason).toBe('no_funnel');
    // Someone else's order cannot be claimed, signed out neither.
    expect((await report(cookie, o.id, 'other')).statusCode).toBe(404);
    expect((await report(cookie, o.id, 'signedOut')).statusCode).toBe(401);
    // An order for another event than the card's.
    const elsewhere = await order('buyer', otherTypeId, 1);
    expect((await report(cookie, elsewhere.id)).json().reason).toBe('not_eligible');
    // A click older than the window.
    t.clock.advance(8 * DAY);
    try {
      expect((await report(cookie, o.id)).json().reason).toBe('expired');
    } finally {
      t.clock.advance(-8 * DAY);
    }
    // A card the published step does not show, or a step without it: no cookie, same redirect.
    const wrongStep = await follow(0);
    expect(wrongStep.response.statusCode).toBe(302);
    expect(wrongStep.set).toBeUndefined();
    const wrongEvent = await follow(1, '00000000-0000-4000-8000-000000000000');
    expect(wrongEvent.response.headers.location).toBe(
      '/event/00000000-0000-4000-8000-000000000000',
    );
    expect(wrongEvent.set).toBeUndefined();
    expect(
      (
        await call(
          'signedOut',
          'GET',
          `/api/marketing/public/funnels/no-such-funnel/go?step=0&event=${eventId}`,
        )
      ).statusCode,
    ).toBe(404);
  });
});
