import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessCode } from '../../../contracts/access-codes';
import type { Order } from '../../../contracts/tickets';
import { ticketTypes } from '../../db/schema';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { must } from '../../platform/must';

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'buyer' | 'buyer2' | 'other' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20', LOG_LEVEL: 'error' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Marcus Bell' });
  cookies = {
    owner: await t.signIn(owner),
    buyer: await t.signIn(await createUser(t.db, { fullName: 'Ada Obi' })),
    buyer2: await t.signIn(await createUser(t.db, { fullName: 'Tunde Ade' })),
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

/** An event with a public type, a hidden "Sponsor guest" type and a legacy unlock-code type. */
async function newEvent(quantity = 100) {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Lagos Tech Summit ${randomUUID().slice(0, 6)}`,
    isFree: false,
    capacity: 250,
    createdAt: t.clock.now(),
  });
  const general = await createTicketType(t.db, { eventId: event.id, name: 'General', quantity });
  const sponsor = await createTicketType(t.db, {
    eventId: event.id,
    name: 'Sponsor guest',
    quantity,
  });
  await t.db.update(ticketTypes).set({ isHidden: true }).where(eq(ticketTypes.id, sponsor.id));
  const crew = await createTicketType(t.db, {
    eventId: event.id,
    name: 'Crew',
    unlockCode: 'CREW',
    quantity,
  });
  return { event, general, sponsor, crew };
}

const typeNames = async (eventId: string, code?: string) => {
  const res = await call(
    'signedOut',
    'GET',
    `/api/events/${eventId}/ticket-types${code ? `?code=${encodeURIComponent(code)}` : ''}`,
  );
  expect(res.statusCode).toBe(200);
  const body = res.json<{
    ticketTypes: { name: string }[];
    hasLocked: boolean;
    codeProblem?: string | null;
  }>();
  return { names: body.ticketTypes.map((x) => x.name), ...body };
};

const order = (who: Who, ticketTypeId: string, unlockCode?: string, extra: object = {}) =>
  call(who, 'POST', '/api/orders', {
    items: [{ ticketTypeId, quantity: 1 }],
    ...(unlockCode ? { unlockCode } : {}),
    ...extra,
  });

const codesOf = async (eventId: string) =>
  (await call('owner', 'GET', `/api/events/${eventId}/access-codes`)).json<{
    accessCodes: AccessCode[];
  }>().accessCodes;

describe('access codes: managing them', () => {
  it('only the owner and admins list, create, change and delete them', async () => {
    const { event, sponsor } = await newEvent();
    const create = (who: Who, code: string) =>
      call(who, 'POST', `/api/events/${event.id}/access-codes`, {
        code,
        ticketTypeIds: [sponsor.id],
        usageLimit: 5,
      });
    expect((await create('signedOut', 'PRESS')).statusCode).toBe(401);
    expect((await create('buyer', 'PRESS')).statusCode).toBe(403);
    expect((await create('other', 'PRESS')).statusCode).toBe(403);
    const created = await create('owner', 'press');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      code: 'PRESS',
      ticketTypeIds: [sponsor.id],
      usageLimit: 5,
      usedCount: 0,
      isActive: true,
      state: 'active',
      batchId: null,
    });
    expect((await create('admin', 'PRESS2')).statusCode).toBe(201);
    const id = created.json<AccessCode>().id;

    for (const who of ['signedOut', 'buyer', 'other'] as const) {
      const list = await call(who, 'GET', `/api/events/${event.id}/access-codes`);
      expect(list.statusCode).toBe(who === 'signedOut' ? 401 : 403);
      const patch = await call(who, 'PATCH', `/api/access-codes/${id}`, { isActive: false });
      expect(patch.statusCode).toBe(who === 'signedOut' ? 401 : 403);
      const csv = await call(who, 'GET', `/api/events/${event.id}/access-codes.csv`);
      expect(csv.statusCode).toBe(who === 'signedOut' ? 401 : 403);
      expect((await call(who, 'DELETE', `/api/access-codes/${id}`)).statusCode).toBe(
        who === 'signedOut' ? 401 : 403,
      );
    }
    expect((await call('admin', 'GET', `/api/events/${event.id}/access-codes`)).statusCode).toBe(
      200,
    );
    const off = await call('owner', 'PATCH', `/api/access-codes/${id}`, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false, state: 'inactive' });
    expect((await call('owner', 'DELETE', `/api/access-codes/${id}`)).json()).toEqual({ ok: true });
    expect((await call('owner', 'DELETE', `/api/access-codes/${id}`)).statusCode).toBe(404);
    expect((await codesOf(event.id)).map((c) => c.code)).toEqual(['PRESS2']);
  });

  it('validation names the field in the spec words', async () => {
    const { event, sponsor } = await newEvent();
    const other = await newEvent();
    const post = (body: object) =>
      call('owner', 'POST', `/api/events/${event.id}/access-codes`, {
        code: 'VALID',
        ticketTypeIds: [sponsor.id],
        ...body,
      });
    const fields = async (body: object) => (await post(body)).json().error.details.fields;
    expect(await fields({ code: 'ab' })).toEqual([
      { field: 'body.code', message: 'A code needs at least 3 characters' },
    ]);
    expect(await fields({ code: 'NO SPACES' })).toEqual([
      { field: 'body.code', message: 'Use letters, digits, - and _ only' },
    ]);
    expect(await fields({ ticketTypeIds: [] })).toEqual([
      { field: 'body.ticketTypeIds', message: 'Please choose at least one ticket type to reveal' },
    ]);
    expect(await fields({ usageLimit: 0 })).toEqual([
      { field: 'body.usageLimit', message: 'A usage limit must be a whole number of 1 or more' },
    ]);
    const foreign = await post({ ticketTypeIds: [other.sponsor.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details.fields).toEqual([
      { field: 'body.ticketTypeIds', message: 'Please choose ticket types of this event' },
    ]);
    expect((await post({ code: 'TWICE' })).statusCode).toBe(201);
    const taken = await post({ code: 'twice' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details.fields).toEqual([
      { field: 'body.code', message: 'This event already has an access code with this name' },
    ]);
    const bulk = (body: object) =>
      call('owner', 'POST', `/api/events/${event.id}/access-codes/bulk`, {
        prefix: 'SPONSOR',
        count: 3,
        ticketTypeIds: [sponsor.id],
        ...body,
      });
    expect((await bulk({ count: 1001 })).json().error.details.fields).toEqual([
      { field: 'body.count', message: 'Please choose between 1 and 1000 codes' },
    ]);
    expect((await bulk({ prefix: 'A B' })).json().error.details.fields).toEqual([
      { field: 'body.prefix', message: 'A prefix uses letters, digits, - and _ only' },
    ]);
  });

  it('says a refusal in the reader language with the same code', async () => {
    const { event } = await newEvent();
    const res = await call(
      'owner',
      'POST',
      `/api/events/${event.id}/access-codes`,
      { code: 'ab', ticketTypeIds: [] },
      { 'accept-language': 'es' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.details.fields[0]).toEqual({
      field: 'body.code',
      message: 'Un código necesita al menos 3 caracteres',
    });
    const missing = await call('owner', 'DELETE', `/api/access-codes/${randomUUID()}`, undefined, {
      'accept-language': 'fr',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Code d’accès introuvable',
    });
  });

  it('generates single-use codes with a prefix and exports them as CSV with their links', async () => {
    const { event, sponsor } = await newEvent();
    const res = await call('owner', 'POST', `/api/events/${event.id}/access-codes/bulk`, {
      prefix: 'sponsor',
      count: 25,
      ticketTypeIds: [sponsor.id],
    });
    expect(res.statusCode).toBe(201);
    const batch = res.json<{ batchId: string; accessCodes: AccessCode[] }>();
    expect(batch.accessCodes).toHaveLength(25);
    expect(new Set(batch.accessCodes.map((c) => c.code)).size).toBe(25);
    for (const code of batch.accessCodes) {
      expect(code.code).toMatch(/^SPONSOR-[A-HJKMNP-Z2-9]{8}$/);
      expect(code).toMatchObject({ usageLimit: 1, usedCount: 0, batchId: batch.batchId });
    }
    // A formula-looking code is written as text.
    await call('owner', 'POST', `/api/events/${event.id}/access-codes`, {
      code: '-SUM',
      ticketTypeIds: [sponsor.id],
    });
    const all = await call('owner', 'GET', `/api/events/${event.id}/access-codes.csv`);
    expect(all.headers['content-type']).toContain('text/csv');
    const lines = all.body.trim().split('\r\n');
    expect(lines).toHaveLength(27);
    expect(lines[0]).toBe('"Code","Link","Ticket types","Usage limit","Used","Expires","State"');
    expect(lines.some((l) => l.startsWith(`"'-SUM"`))).toBe(true);
    const first = must(batch.accessCodes[0], 'code').code;
    expect(lines).toContain(
      `"${first}","${t.config.PUBLIC_URL.replace(/\/$/, '')}/event/${event.id}?code=${first}","Sponsor guest","1","0","","active"`,
    );
    const onlyBatch = await call(
      'owner',
      'GET',
      `/api/events/${event.id}/access-codes.csv?batchId=${batch.batchId}`,
    );
    expect(onlyBatch.body.trim().split('\r\n')).toHaveLength(26);
  });
});

describe('access codes: the buyer', () => {
  it('a hidden type shows only with a valid code, and the link code reveals it', async () => {
    const { event, sponsor } = await newEvent();
    const plain = await typeNames(event.id);
    expect(plain.names).toEqual(['General']);
    // The crew type's own unlock code keeps it "locked" before any access code exists.
    expect(plain.hasLocked).toBe(true);
    await call('owner', 'POST', `/api/events/${event.id}/access-codes`, {
      code: 'SPONSOR-VIP',
      ticketTypeIds: [sponsor.id],
    });
    const revealed = await typeNames(event.id, 'sponsor-vip');
    expect(revealed.names).toEqual(['General', 'Sponsor guest']);
    expect(revealed.ticketTypes.find((x) => x.name === 'Sponsor guest')).toMatchObject({
      unlocked: true,
    });
    expect((await typeNames(event.id, 'WRONG')).names).toEqual(['General']);
    // The legacy unlock code still opens its own type only.
    expect((await typeNames(event.id, 'crew')).names).toEqual(['General', 'Crew']);
  });

  it('checks the code at checkout and records its use with the order', async () => {
    const { event, general, sponsor, crew } = await newEvent();
    const create = await call('owner', 'POST', `/api/events/${event.id}/access-codes`, {
      code: 'GUEST',
      ticketTypeIds: [sponsor.id],
      usageLimit: 2,
    });
    const code = create.json<AccessCode>();
    // Without a code (or with an unknown one) the hidden type does not exist for the buyer.
    expect((await order('buyer', sponsor.id)).statusCode).toBe(404);
    expect((await order('buyer', sponsor.id, 'NOPE')).statusCode).toBe(404);
    // A code for other types does not open this one.
    const crewWithGuest = await order('buyer', crew.id, 'GUEST');
    expect(crewWithGuest.statusCode).toBe(400);
    expect(crewWithGuest.json().error.details.fields).toEqual([
      { field: 'body.unlockCode', message: 'This access code does not unlock these tickets' },
    ]);
    // A public type never uses the code up.
    expect((await order('buyer', general.id, 'GUEST')).statusCode).toBe(201);
    expect((await codesOf(event.id))[0]?.usedCount).toBe(0);

    const first = await order('buyer', sponsor.id, 'guest');
    expect(first.statusCode).toBe(201);
    expect((await codesOf(event.id))[0]).toMatchObject({ id: code.id, usedCount: 1 });

    // The buyer gives the order up: the use comes back.
    const cancelled = await call('buyer', 'POST', `/api/orders/${first.json<Order>().id}/cancel`);
    expect(cancelled.json<Order>().status).toBe('cancelled');
    expect((await codesOf(event.id))[0]?.usedCount).toBe(0);

    expect((await order('buyer', sponsor.id, 'GUEST')).statusCode).toBe(201);
    // An expired hold gives its use back too.
    const held = await order('buyer2', sponsor.id, 'GUEST');
    expect(held.statusCode).toBe(201);
    expect((await codesOf(event.id))[0]).toMatchObject({ usedCount: 2, state: 'used_up' });
    const usedUp = await order('other', sponsor.id, 'GUEST');
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json().error.details.fields).toEqual([
      { field: 'body.unlockCode', message: 'This access code has been used up' },
    ]);
    expect((await typeNames(event.id, 'GUEST')).codeProblem).toBe('used_up');
    t.clock.advance(11 * 60_000);
    expect((await order('other', sponsor.id, 'GUEST')).statusCode).toBe(201);
  });

  it('a paid order keeps its use when refunded; an access code and a discount code go together', async () => {
    const { event, sponsor } = await newEvent();
    await call('owner', 'POST', `/api/events/${event.id}/access-codes`, {
      code: 'ONCE',
      ticketTypeIds: [sponsor.id],
      usageLimit: 1,
    });
    await call('owner', 'POST', `/api/events/${event.id}/discount-codes`, {
      code: 'HALF',
      kind: 'percent',
      amount: 50,
    });
    const res = await order('buyer', sponsor.id, 'ONCE', { discountCode: 'HALF' });
    expect(res.statusCode).toBe(201);
    const placed = res.json<Order>();
    expect(placed).toMatchObject({ discountCode: 'HALF', totalCents: 1250 });
    const session = placed.checkoutUrl?.split('/pay/')[1];
    await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/sessions/${session}/pay`,
      payload: { name: 'Ada', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
    });
    const refund = await call('owner', 'POST', `/api/orders/${placed.id}/refund`, {});
    expect(refund.json<Order>().status).toBe('refunded');
    expect((await codesOf(event.id))[0]).toMatchObject({ usedCount: 1, state: 'used_up' });
    // The public API v1 names the access code an order used. Making a key asks for the password
    // again once the sign-in is ten minutes old (the file's clock has moved on).
    await call('owner', 'POST', '/api/auth/two-factor/reauth', { password: owner.password });
    const key = await call('owner', 'POST', '/api/developer/keys', {
      name: 'Door list',
      scopes: ['orders:read'],
    });
    expect(key.statusCode, key.body).toBe(201);
    const v1 = await t.app.inject({
      method: 'GET',
      url: `/api/v1/events/${event.id}/orders`,
      headers: { authorization: `Bearer ${key.json<{ secret: string }>().secret}` },
    });
    expect(v1.json().data).toEqual([
      expect.objectContaining({ id: placed.id, access_code: 'ONCE', status: 'refunded' }),
    ]);
    // A code some order used is kept for that order's history.
    const id = must((await codesOf(event.id))[0], 'code').id;
    const del = await call('owner', 'DELETE', `/api/access-codes/${id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe(
      'Orders used this access code. Turn it off instead of deleting it.',
    );
  });

  it('refuses an expired or switched-off code, naming the field', async () => {
    const { event, sponsor } = await newEvent();
    const soon = new Date(t.clock.now().getTime() + 60 * 60_000).toISOString();
    const created = await call('owner', 'POST', `/api/events/${event.id}/access-codes`, {
      code: 'EARLY',
      ticketTypeIds: [sponsor.id],
      validUntil: soon,
    });
    expect((await typeNames(event.id, 'EARLY')).names).toContain('Sponsor guest');
    t.clock.advance(61 * 60_000);
    const expired = await order('buyer', sponsor.id, 'EARLY');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.details.fields).toEqual([
      { field: 'body.unlockCode', message: 'This access code has expired' },
    ]);
    const listed = await typeNames(event.id, 'EARLY');
    expect(listed.names).toEqual(['General']);
    expect(listed.codeProblem).toBe('expired');
    const id = created.json<AccessCode>().id;
    await call('owner', 'PATCH', `/api/access-codes/${id}`, { validUntil: null, isActive: false });
    const off = await order('buyer', sponsor.id, 'EARLY', {}).then((r) => r.json());
    expect(off.error.details.fields).toEqual([
      { field: 'body.unlockCode', message: 'This access code is not valid' },
    ]);
    const quote = await call('buyer', 'POST', '/api/orders/quote', {
      items: [{ ticketTypeId: sponsor.id, quantity: 1 }],
      unlockCode: 'EARLY',
    });
    expect(quote.statusCode).toBe(400);
    await call('owner', 'PATCH', `/api/access-codes/${id}`, { isActive: true });
    expect((await order('buyer', sponsor.id, 'EARLY')).statusCode).toBe(201);
  });

  it('a code with one use left admits exactly one of many racing orders', async () => {
    const { event, sponsor } = await newEvent();
    const batch = await call('owner', 'POST', `/api/events/${event.id}/access-codes/bulk`, {
      prefix: 'RACE',
      count: 1,
      ticketTypeIds: [sponsor.id],
    });
    const code = must(batch.json<{ accessCodes: AccessCode[] }>().accessCodes[0], 'code').code;
    const racers = await Promise.all(
      Array.from({ length: 8 }, async () =>
        t.signIn(await createUser(t.db, { fullName: 'Racer' })),
      ),
    );
    const results = await Promise.all(
      racers.map((cookie) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { cookie },
          payload: { items: [{ ticketTypeId: sponsor.id, quantity: 1 }], unlockCode: code },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201))
      expect(r.json().error.details.fields[0]).toEqual({
        field: 'body.unlockCode',
        message: 'This access code has been used up',
      });
    expect((await codesOf(event.id))[0]).toMatchObject({ usedCount: 1, state: 'used_up' });
    const [row] = await t.db
      .select({ remaining: ticketTypes.remaining })
      .from(ticketTypes)
      .where(eq(ticketTypes.id, sponsor.id));
    expect(row?.remaining).toBe(99);
  });
});

describe('access codes: duplicating the event', () => {
  it('copies the codes and the types they reveal, without their uses', async () => {
    // Small types: the copy's tickets count against the organizer's plan like the original's.
    const { event, sponsor } = await newEvent(20);
    const until = new Date(event.startsAt.getTime() - 86_400_000);
    await call('owner', 'POST', `/api/events/${event.id}/access-codes`, {
      code: 'COPYME',
      ticketTypeIds: [sponsor.id],
      usageLimit: 3,
      validUntil: until.toISOString(),
    });
    expect((await order('buyer', sponsor.id, 'COPYME')).statusCode).toBe(201);
    const week = 7 * 86_400_000;
    const copy = await call('owner', 'POST', `/api/events/${event.id}/duplicate`, {
      startsAt: new Date(event.startsAt.getTime() + week).toISOString(),
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = await codesOf(copy.json<{ id: string }>().id);
    expect(copied).toHaveLength(1);
    expect(copied[0]).toMatchObject({
      code: 'COPYME',
      usageLimit: 3,
      usedCount: 0,
      validUntil: new Date(until.getTime() + week).toISOString(),
    });
    expect(copied[0]?.ticketTypeIds).toHaveLength(1);
    expect(copied[0]?.ticketTypeIds[0]).not.toBe(sponsor.id);
  });
});
