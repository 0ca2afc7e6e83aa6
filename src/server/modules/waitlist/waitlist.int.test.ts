import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../contracts/notifications';
import type { Order } from '../../../contracts/tickets';
import type { WaitlistOverview, WaitlistPlace } from '../../../contracts/waitlist';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { capturedMailCount, linkFrom, waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestAs } from '../../test/request-as';
import { must } from '../../platform/must';
import { offerEverywhere, offerTicketsOf } from './waitlist.service';

let t: TestApp;
let owner: CreatedUser;
const cookies: Record<string, string> = {};
const users: Record<string, CreatedUser> = {};
const u = (name: string) => must(users[name], name);

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '50' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Marcus Bell' });
  cookies.owner = await t.sessionCookie(owner);
  for (const name of ['ada', 'ben', 'cleo', 'dan', 'eve', 'other', 'admin']) {
    users[name] = await createUser(t.db, {
      fullName: name,
      ...(name === 'other' ? { userType: 'organizer' as const } : {}),
      ...(name === 'admin' ? { roles: ['admin' as const] } : {}),
    });
    cookies[name] = await t.sessionCookie(u(name));
  }
});
afterAll(() => t.close());

type Who = string | 'signedOut';
const call = requestAs(
  () => t,
  () => cookies,
);

const deps = () => ({ db: t.db, clock: t.clock, jobs: t.jobs, config: t.config });

/** A published event with one sold-out type of `quantity` (its tickets sold outside the test). */
async function soldOutType(options: { quantity?: number; maxPerOrder?: number } = {}) {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Harbour Nights ${randomUUID().slice(0, 6)}`,
    isFree: false,
    capacity: null,
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, {
    eventId: event.id,
    name: 'Standing',
    quantity: options.quantity ?? 2,
    maxPerOrder: options.maxPerOrder ?? 4,
  });
  await t.db.execute(sql`update ticket_types set remaining = 0 where id = ${type.id}`);
  return { event, type };
}

const join = (who: Who, ticketTypeId: string, quantity = 1, email?: string) =>
  call(who, 'POST', '/api/waitlist', { ticketTypeId, quantity, ...(email ? { email } : {}) });

async function place(who: Who, ticketTypeId: string, quantity = 1) {
  const res = await join(who, ticketTypeId, quantity);
  expect(res.statusCode).toBe(201);
  return res.json<{ place: WaitlistPlace }>().place;
}

const overview = async (eventId: string) =>
  (await call('owner', 'GET', `/api/waitlist/events/${eventId}`)).json<WaitlistOverview>();
const statuses = async (eventId: string) =>
  (await overview(eventId)).entries.map((e) => [e.email, e.status, e.offeredQuantity]);
const remaining = async (typeId: string) =>
  (
    await t.db.execute<{ remaining: number }>(
      sql`select remaining from ticket_types where id = ${typeId}`,
    )
  ).rows[0]?.remaining;

async function payFor(order: Order) {
  const session = order.checkoutUrl?.split('/pay/')[1];
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${session}/pay`,
    payload: { name: 'Ada', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
  });
  expect(paid.statusCode).toBeLessThan(300);
}

describe('joining', () => {
  it('takes a signed-in person in line with their account address, once', async () => {
    const { type } = await soldOutType();
    const joined = await join('ada', type.id, 2, 'someone@else.example');
    expect(joined.statusCode).toBe(201);
    expect(joined.json().place).toMatchObject({
      email: u('ada').email,
      quantity: 2,
      status: 'waiting',
      ahead: 1,
    });
    expect((await join('ada', type.id)).json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'You are already on the waiting list for these tickets',
    });
    const mails = await waitForCapturedMail(t.db, u('ada').email);
    expect(must(mails[0], 'mail').subject).toContain("You're on the waiting list");
    expect((await place('ben', type.id)).ahead).toBe(2);
  });

  it('refuses a type still on sale, hidden or unknown, and quantities outside the limits', async () => {
    const { event, type } = await soldOutType({ maxPerOrder: 3 });
    const onSale = await createTicketType(t.db, { eventId: event.id, name: 'Seated' });
    expect((await join('ada', onSale.id)).json().error.message).toBe(
      'Tickets of this type are still on sale: buy them instead',
    );
    expect((await join('ada', randomUUID())).statusCode).toBe(404);
    const tooMany = await join('ada', type.id, 4);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details.fields).toEqual([
      { field: 'body.quantity', message: 'You can buy at most 3 tickets of this type per order' },
    ]);
    const noEmail = await join('signedOut', type.id, 1);
    expect(noEmail.json().error.details.fields[0].field).toBe('body.email');
  });

  it('signed out: the mailed link confirms the place, and says nothing about who is listed', async () => {
    const { type } = await soldOutType();
    const email = `guest-${randomUUID().slice(0, 6)}@example.com`;
    const first = await join('signedOut', type.id, 1, email);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ outcome: 'confirm', place: null });
    const [mail] = await waitForCapturedMail(t.db, email);
    const link = linkFrom(must(mail, 'mail').text, `${t.config.PUBLIC_URL}/waitlist/`);
    const token = decodeURIComponent(must(link.split('/waitlist/')[1], 'token'));
    const before = await call('signedOut', 'GET', `/api/waitlist/places/${token}`);
    expect(before.json()).toMatchObject({ status: 'unconfirmed', ahead: null });
    const confirmed = await call('signedOut', 'POST', `/api/waitlist/places/${token}/confirm`);
    expect(confirmed.json()).toMatchObject({ status: 'waiting', ahead: 1 });
    // The same address again: the same answer, and no second place.
    expect((await join('signedOut', type.id, 1, email)).json()).toEqual({
      outcome: 'confirm',
      place: null,
    });
    // A forged or broken link opens nothing.
    const forged = `${token.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAA`;
    expect((await call('signedOut', 'GET', `/api/waitlist/places/${forged}`)).statusCode).toBe(404);
    const left = await call('signedOut', 'POST', `/api/waitlist/places/${token}/leave`);
    expect(left.json()).toMatchObject({ status: 'left' });
  });

  it('answers in the request language, with the code unchanged', async () => {
    const { type } = await soldOutType();
    await place('cleo', type.id);
    const again = await call(
      'cleo',
      'POST',
      '/api/waitlist',
      { ticketTypeId: type.id, quantity: 1 },
      {
        'accept-language': 'es',
      },
    );
    expect(again.json().error.code).toBe('CONFLICT');
    expect(again.json().error.message).not.toBe(
      'You are already on the waiting list for these tickets',
    );
  });
});

describe('who sees and manages the list', () => {
  it('the owner and admins; others are refused; missing ids are 404', async () => {
    const { event, type } = await soldOutType();
    const mine = await place('ada', type.id);
    const list = (who: Who) => call(who, 'GET', `/api/waitlist/events/${event.id}`);
    expect((await list('signedOut')).statusCode).toBe(401);
    expect((await list('other')).statusCode).toBe(403);
    expect((await list('ada')).statusCode).toBe(403);
    expect((await list('admin')).statusCode).toBe(200);
    const seen = (await list('owner')).json<WaitlistOverview>();
    expect(seen.settings.offerHours).toBe(24);
    expect(seen.entries).toMatchObject([
      { id: mine.id, position: 1, email: u('ada').email, status: 'waiting' },
    ]);
    const settings = (who: Who, offerHours: number) =>
      call(who, 'PUT', `/api/waitlist/events/${event.id}/settings`, { offerHours });
    expect((await settings('other', 2)).statusCode).toBe(403);
    expect((await settings('owner', 0)).json().error.details.fields[0]).toEqual({
      field: 'body.offerHours',
      message: 'Please choose between 1 and 336 hours',
    });
    expect((await settings('owner', 2)).json()).toEqual({ offerHours: 2 });
    const remove = (who: Who, id: string) =>
      call(who, 'POST', `/api/waitlist/entries/${id}/remove`);
    expect((await remove('other', mine.id)).statusCode).toBe(403);
    expect((await remove('owner', randomUUID())).statusCode).toBe(404);
    expect((await remove('owner', mine.id)).json()).toMatchObject({ status: 'removed' });
    const places = (await call('ada', 'GET', '/api/waitlist/mine')).json<{
      places: WaitlistPlace[];
    }>().places;
    expect(places.find((p) => p.id === mine.id)).toMatchObject({ status: 'removed' });
    expect((await call('signedOut', 'GET', '/api/waitlist/mine')).statusCode).toBe(401);
  });
});

describe('offers', () => {
  it('capacity raised: the first in line are offered, by mail and notification', async () => {
    const { event, type } = await soldOutType({ quantity: 2 });
    // Mail from earlier tests' places is sent by jobs: counted before, never during, this one.
    await t.settle();
    const mailedBefore = await capturedMailCount(t.db, u('ada').email);
    await place('ada', type.id, 2);
    await place('ben', type.id, 1);
    await place('cleo', type.id, 1);
    const raised = await call('owner', 'PATCH', `/api/ticket-types/${type.id}`, { quantity: 5 });
    expect(raised.statusCode).toBe(200);
    await t.settle();
    expect(await statuses(event.id)).toEqual([
      [u('ada').email, 'offered', 2],
      [u('ben').email, 'offered', 1],
      [u('cleo').email, 'waiting', null],
    ]);
    expect(await remaining(type.id)).toBe(0);
    const mails = await waitForCapturedMail(t.db, u('ada').email, { count: 2 });
    expect(must(mails[0], 'mail').subject).toContain('Tickets are waiting for you');
    const notices = await t.db.execute<{ title: string }>(
      sql`select title from notifications where user_id = ${u('ada').id} and metadata ? 'waitlist_url'`,
    );
    expect(notices.rows).toEqual([{ title: 'Tickets from the waiting list' }]);
    // The offer is a notification type of its own, in the tickets group, opening the place;
    // its mail is the offer mail above, not a second one from the notification.
    const listed = (
      await call('ada', 'GET', '/api/notifications?group=tickets&type=waitlist_offer')
    ).json<NotificationList>().items;
    expect(listed).toHaveLength(1);
    expect(must(listed[0], 'offer notice').link).toMatch(/^\/waitlist\/[^/]+$/);
    await t.settle();
    // The place's mail and the offer's.
    expect(await capturedMailCount(t.db, u('ada').email)).toBe(mailedBefore + 2);
    // While people wait, returned stock is not sold past them.
    await t.db.execute(sql`update ticket_types set remaining = 1 where id = ${type.id}`);
    const buy = await call('eve', 'POST', '/api/orders', {
      items: [{ ticketTypeId: type.id, quantity: 1 }],
    });
    expect(buy.json().error).toMatchObject({ code: 'CONFLICT', message: 'Sold out' });
  });

  it('an offer that runs out, or is declined, passes to the next in line', async () => {
    const { event, type } = await soldOutType({ quantity: 1 });
    await call('owner', 'PUT', `/api/waitlist/events/${event.id}/settings`, { offerHours: 1 });
    const ada = await place('ada', type.id);
    await place('ben', type.id);
    await place('cleo', type.id);
    await t.db.execute(sql`update ticket_types set remaining = 1 where id = ${type.id}`);
    await offerTicketsOf(deps(), type.id);
    expect((await statuses(event.id)).map((s) => s[1])).toEqual(['offered', 'waiting', 'waiting']);
    t.clock.advance(61 * 60_000);
    await offerEverywhere(deps());
    expect((await statuses(event.id)).map((s) => s[1])).toEqual(['expired', 'offered', 'waiting']);
    const benPlace = (await call('ben', 'GET', '/api/waitlist/mine'))
      .json<{ places: WaitlistPlace[] }>()
      .places.find((p) => p.ticketTypeId === type.id);
    if (!benPlace) throw new Error('no place');
    const declined = await call(
      'signedOut',
      'POST',
      `/api/waitlist/places/${benPlace.token}/decline`,
    );
    expect(declined.json()).toMatchObject({ status: 'declined' });
    await t.settle();
    expect((await statuses(event.id)).map((s) => s[1])).toEqual(['expired', 'declined', 'offered']);
    expect(
      (await call('ada', 'POST', `/api/waitlist/places/${ada.token}/claim`)).json().error,
    ).toMatchObject({ code: 'CONFLICT', message: 'There is no offer to claim for this place' });
  });

  it('the claim buys exactly the offered tickets; a lapsed claim keeps its offer', async () => {
    const { event, type } = await soldOutType({ quantity: 3 });
    const ada = await place('ada', type.id, 3);
    await place('ben', type.id, 1);
    await t.db.execute(sql`update ticket_types set remaining = 2 where id = ${type.id}`);
    await offerTicketsOf(deps(), type.id);
    expect((await statuses(event.id))[0]).toEqual([u('ada').email, 'offered', 2]);
    // The link is the voucher: sign-in is needed to buy.
    expect(
      (await call('signedOut', 'POST', `/api/waitlist/places/${ada.token}/claim`)).statusCode,
    ).toBe(401);
    const claim = await call('ada', 'POST', `/api/waitlist/places/${ada.token}/claim`);
    expect(claim.statusCode).toBe(201);
    const order = claim.json<Order>();
    expect(order.items).toMatchObject([{ ticketTypeId: type.id, quantity: 2 }]);
    expect(await remaining(type.id)).toBe(0);
    // Asking again returns the same order; someone else with the link gets nothing.
    expect((await call('ada', 'POST', `/api/waitlist/places/${ada.token}/claim`)).json().id).toBe(
      order.id,
    );
    expect((await call('eve', 'POST', `/api/waitlist/places/${ada.token}/claim`)).statusCode).toBe(
      409,
    );
    // Cancelling the checkout gives the tickets back; they are set aside for Ada again.
    expect((await call('ada', 'POST', `/api/orders/${order.id}/cancel`)).statusCode).toBe(200);
    await t.settle();
    expect((await statuses(event.id))[0]).toEqual([u('ada').email, 'offered', 2]);
    expect(await remaining(type.id)).toBe(0);
    const again = (
      await call('ada', 'POST', `/api/waitlist/places/${ada.token}/claim`)
    ).json<Order>();
    await payFor(again);
    await t.settle();
    expect((await statuses(event.id)).map((s) => s[1])).toEqual(['claimed', 'waiting']);
    const tickets = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from tickets where order_id = ${again.id}`,
    );
    expect(tickets.rows[0]?.n).toBe(2);
  });

  it("the claim asks the event's required questions like any checkout", async () => {
    const { event, type } = await soldOutType({ quantity: 2 });
    const ask = async (input: object) =>
      (await call('owner', 'POST', `/api/events/${event.id}/questions`, input)).json<{
        id: string;
      }>();
    const company = await ask({
      scope: 'order',
      type: 'short_text',
      label: 'Company',
      required: true,
    });
    const diet = await ask({
      scope: 'ticket',
      type: 'single_choice',
      label: 'Dietary needs',
      required: true,
      options: ['None', 'Vegan', 'Other'],
    });
    const ada = await place('ada', type.id, 2);
    await t.db.execute(sql`update ticket_types set remaining = 2 where id = ${type.id}`);
    await offerTicketsOf(deps(), type.id);
    const claimUrl = `/api/waitlist/places/${ada.token}/claim`;

    // Without answers: every required one named under its field, and the offer stands.
    const refused = await call('ada', 'POST', claimUrl);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields).toEqual(
      expect.arrayContaining([
        { field: `body.answers.order.${company.id}`, message: 'Please answer this question' },
        {
          field: `body.answers.tickets.${type.id}.0.${diet.id}`,
          message: 'Please answer this question',
        },
        {
          field: `body.answers.tickets.${type.id}.1.${diet.id}`,
          message: 'Please answer this question',
        },
      ]),
    );
    expect(refused.json().error.details.fields).toHaveLength(3);
    // In the buyer's language, with the code unchanged.
    const spanish = await call(
      'ada',
      'POST',
      claimUrl,
      { answers: null },
      {
        'accept-language': 'es',
      },
    );
    expect(spanish.json().error.code).toBe(refused.json().error.code);
    expect(spanish.json().error.details.fields[0].message).not.toBe('Please answer this question');
    // A wrong choice is named too.
    const wrong = await call('ada', 'POST', claimUrl, {
      answers: {
        order: { [company.id]: 'Harbour Ltd' },
        tickets: [
          { ticketTypeId: type.id, answers: { [diet.id]: 'Vegan' } },
          { ticketTypeId: type.id, answers: { [diet.id]: 'Fish only' } },
        ],
      },
    });
    expect(wrong.json().error.details.fields).toEqual([
      {
        field: `body.answers.tickets.${type.id}.1.${diet.id}`,
        message: 'Please choose one of the options',
      },
    ]);
    expect((await statuses(event.id))[0]).toEqual([u('ada').email, 'offered', 2]);

    // With them: the order, its answers kept and tied to the tickets once paid.
    const claim = await call('ada', 'POST', claimUrl, {
      answers: {
        order: { [company.id]: 'Harbour Ltd' },
        tickets: [
          { ticketTypeId: type.id, answers: { [diet.id]: 'Vegan' } },
          { ticketTypeId: type.id, answers: { [diet.id]: 'None' } },
        ],
      },
    });
    expect(claim.statusCode).toBe(201);
    const order = claim.json<Order>();
    await payFor(order);
    await t.settle();
    const answers = await t.db.execute<{ value: unknown; linked: boolean }>(
      sql`select value, ticket_id is not null as linked from question_answers
          where order_id = ${order.id} order by value::text`,
    );
    expect(answers.rows).toEqual([
      { value: 'Harbour Ltd', linked: false },
      { value: 'None', linked: true },
      { value: 'Vegan', linked: true },
    ]);
  });

  it('a refund and an expired hold return tickets to the list', async () => {
    const { event, type } = await soldOutType({ quantity: 2 });
    await t.db.execute(sql`update ticket_types set remaining = 2 where id = ${type.id}`);
    const bought = (
      await call('dan', 'POST', '/api/orders', { items: [{ ticketTypeId: type.id, quantity: 1 }] })
    ).json<Order>();
    await payFor(bought);
    const held = (
      await call('eve', 'POST', '/api/orders', { items: [{ ticketTypeId: type.id, quantity: 1 }] })
    ).json<Order>();
    expect(held.status).toBe('pending');
    await place('ada', type.id);
    await place('ben', type.id);
    const refund = await call('admin', 'POST', `/api/orders/${bought.id}/refund`, {});
    expect(refund.statusCode).toBe(200);
    await t.settle();
    expect((await statuses(event.id)).map((s) => s[1])).toEqual(['offered', 'waiting']);
    t.clock.advance(11 * 60_000);
    await t.jobs.send('orders.expire-holds', {});
    await t.settle();
    expect((await statuses(event.id)).map((s) => s[1])).toEqual(['offered', 'offered']);
  });

  it('two releases at once never offer one ticket twice, and skip nobody', async () => {
    const { event, type } = await soldOutType({ quantity: 40 });
    const people = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        createUser(t.db, {
          fullName: `Queue ${i}`,
          email: `queue-${i}-${randomUUID().slice(0, 4)}@example.com`,
        }),
      ),
    );
    for (const person of people) {
      const cookie = await t.sessionCookie(person);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/waitlist',
        headers: { cookie },
        payload: { ticketTypeId: type.id, quantity: 1 },
      });
      expect(res.statusCode).toBe(201);
    }
    await t.db.execute(sql`update ticket_types set remaining = 25 where id = ${type.id}`);
    const runs = await Promise.all([
      offerTicketsOf(deps(), type.id),
      offerTicketsOf(deps(), type.id),
      offerEverywhere(deps()),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(25);
    const entries = (await overview(event.id)).entries;
    expect(entries.map((e) => e.status)).toEqual([
      ...Array<string>(25).fill('offered'),
      ...Array<string>(5).fill('waiting'),
    ]);
    expect(await remaining(type.id)).toBe(0);
  });

  it('the organizer offers free tickets to one place now', async () => {
    const { event, type } = await soldOutType({ quantity: 1 });
    await place('ada', type.id);
    const ben = await place('ben', type.id);
    expect(
      (await call('owner', 'POST', `/api/waitlist/entries/${ben.id}/offer`)).json().error,
    ).toMatchObject({ message: 'No tickets are free to offer right now' });
    expect((await call('other', 'POST', `/api/waitlist/entries/${ben.id}/offer`)).statusCode).toBe(
      403,
    );
    await t.db.execute(sql`update ticket_types set remaining = 1 where id = ${type.id}`);
    const offered = await call('owner', 'POST', `/api/waitlist/entries/${ben.id}/offer`);
    expect(offered.json()).toMatchObject({ status: 'offered', offeredQuantity: 1, position: 2 });
    expect((await statuses(event.id)).map((s) => s[1])).toEqual(['waiting', 'offered']);
  });
});
