import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { eventQuestions, questionAnswers } from '../../db/schema/questions';
import { orders, ticketTypes } from '../../db/schema/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { localSessionFor, returnUrls } from './checkout-session';
import { HoldBatcher } from './hold-batcher';
import { holdOrders, type HoldRequest, type HoldResult } from './orders.queries';
import { findLocalSession } from '../payments/payments.queries';

// The batched hold (migration 0011_order_hold_batch, decision 006) against real PostgreSQL.

let t: TestApp;
let owner: CreatedUser;
let buyers: CreatedUser[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { userType: 'organizer' });
  buyers = await Promise.all(Array.from({ length: 5 }, () => createUser(t.db)));
});
afterAll(() => t.close());

async function paidType(quantity: number, title = `Flash ${randomUUID().slice(0, 6)}`) {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, { eventId: event.id, priceCents: 1500, quantity });
  return { event, type };
}

function request(
  lines: { ticketTypeId: string; quantity: number }[],
  options: { buyer?: CreatedUser; key?: string | null; session?: boolean } = {},
): HoldRequest {
  const now = t.clock.now();
  return {
    userId: (options.buyer ?? buyers[0])?.id ?? '',
    lines: [...lines].sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId)),
    idempotencyKey: options.key === undefined ? randomUUID() : options.key,
    requestHash: 'hash',
    now,
    reservedUntil: new Date(now.getTime() + 10 * 60_000),
    session: options.session === false ? null : localSessionFor('http://localhost:3000'),
  };
}

async function remaining(typeId: string) {
  const [row] = await t.db.select().from(ticketTypes).where(eq(ticketTypes.id, typeId));
  return row?.remaining;
}

const statuses = (results: HoldResult[]) => results.map((r) => r.status);

describe('order_hold_batch', () => {
  it('serves a batch first come first served, all of an order or none of it', async () => {
    const { type } = await paidType(3);
    const { type: other } = await paidType(5);
    const results = await holdOrders(t.db, 'local', [
      request([{ ticketTypeId: type.id, quantity: 2 }]),
      // Short on `type`: takes nothing from `other` either.
      request([
        { ticketTypeId: type.id, quantity: 2 },
        { ticketTypeId: other.id, quantity: 1 },
      ]),
      // One is still there for a smaller order that comes later.
      request([{ ticketTypeId: type.id, quantity: 1 }]),
      request([{ ticketTypeId: type.id, quantity: 1 }]),
    ]);
    expect(statuses(results)).toEqual(['created', 'short', 'created', 'short']);
    expect(results[1]).toEqual({
      status: 'short',
      lines: [{ ticketTypeId: type.id, remaining: 1 }],
      expirable: false,
    });
    expect(results[3]).toMatchObject({ lines: [{ ticketTypeId: type.id, remaining: 0 }] });
    expect(await remaining(type.id)).toBe(0);
    expect(await remaining(other.id)).toBe(5);
    const created = results[0];
    if (created?.status !== 'created') throw new Error('expected an order');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, created.orderId));
    expect(row).toMatchObject({ status: 'pending', totalCents: 3000, subtotalCents: 3000 });
    expect(created.items).toEqual([
      expect.objectContaining({ ticketTypeId: type.id, quantity: 2, unitPriceCents: 1500 }),
    ]);
  });

  it('answers replay for a key that has an order, or had one earlier in the batch, taking stock once', async () => {
    const { type } = await paidType(10);
    const key = randomUUID();
    const first = await holdOrders(t.db, 'local', [
      request([{ ticketTypeId: type.id, quantity: 1 }], { key }),
      request([{ ticketTypeId: type.id, quantity: 1 }], { key }),
      // The same key of another person is another order.
      request([{ ticketTypeId: type.id, quantity: 1 }], { key, buyer: buyers[1] }),
    ]);
    expect(statuses(first)).toEqual(['created', 'replay', 'created']);
    const again = await holdOrders(t.db, 'local', [
      request([{ ticketTypeId: type.id, quantity: 1 }], { key }),
    ]);
    expect(statuses(again)).toEqual(['replay']);
    expect(await remaining(type.id)).toBe(8);
  });

  it('leaves what it does not handle to the general path', async () => {
    const { event, type } = await paidType(10);
    const free = await createTicketType(t.db, { eventId: event.id, priceCents: 0, quantity: 5 });
    const limited = await createTicketType(t.db, {
      eventId: event.id,
      priceCents: 1000,
      quantity: 5,
      maxPerPerson: 1,
    });
    const results = await holdOrders(t.db, 'local', [
      request([{ ticketTypeId: free.id, quantity: 1 }]),
      request([{ ticketTypeId: limited.id, quantity: 1 }]),
      request([{ ticketTypeId: randomUUID(), quantity: 1 }]),
      request([{ ticketTypeId: type.id, quantity: 11 }]),
    ]);
    expect(statuses(results)).toEqual(['slow', 'slow', 'slow', 'slow']);
    expect(await remaining(type.id)).toBe(10);
  });

  it('says when due holds could give stock back', async () => {
    const { type } = await paidType(1);
    const held = await holdOrders(t.db, 'local', [
      request([{ ticketTypeId: type.id, quantity: 1 }]),
    ]);
    expect(statuses(held)).toEqual(['created']);
    t.clock.advance(11 * 60_000);
    const [late] = await holdOrders(t.db, 'local', [
      request([{ ticketTypeId: type.id, quantity: 1 }]),
    ]);
    expect(late).toMatchObject({ status: 'short', expirable: true });
  });

  it('never oversells when batches from several servers race for the last tickets', async () => {
    const capacity = 37;
    const { type } = await paidType(capacity);
    // Five "servers", each with its own batcher, and 5× capacity buyers at once.
    const batchers = Array.from({ length: 5 }, () => new HoldBatcher(t.db, 'local'));
    const results = await Promise.all(
      Array.from({ length: capacity * 5 }, (_, i) =>
        (batchers[i % batchers.length] as HoldBatcher).hold(
          request([{ ticketTypeId: type.id, quantity: 1 + (i % 2) }], {
            buyer: buyers[i % buyers.length],
          }),
        ),
      ),
    );
    const created = results.filter((r) => r.status === 'created');
    const sold = created.reduce(
      (sum, r) => sum + (r.status === 'created' ? (r.items[0]?.quantity ?? 0) : 0),
      0,
    );
    expect(results.every((r) => r.status === 'created' || r.status === 'short')).toBe(true);
    expect(sold).toBe(capacity);
    expect(await remaining(type.id)).toBe(0);
    const { rows } = await t.db.execute<{ held: number }>(sql`
      select coalesce(sum(quantity), 0)::int as held from order_items where ticket_type_id = ${type.id}`);
    expect(rows[0]?.held).toBe(capacity);
  });

  it('gives one order per key when two servers race with the same key', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await paidType(10);
      const b = await paidType(10);
      const key = randomUUID();
      // Different ticket types, so neither batch waits for the other's stock rows.
      const [left, right] = await Promise.all([
        new HoldBatcher(t.db, 'local').hold(
          request([{ ticketTypeId: a.type.id, quantity: 1 }], { key }),
        ),
        new HoldBatcher(t.db, 'local').hold(
          request([{ ticketTypeId: b.type.id, quantity: 1 }], { key }),
        ),
      ]);
      expect([left?.status, right?.status].sort()).toEqual(['created', 'replay']);
      expect(((await remaining(a.type.id)) ?? 0) + ((await remaining(b.type.id)) ?? 0)).toBe(19);
    }
  });
});

describe('order_hold_batch with answers and probes', () => {
  it('writes a created order’s answers in its statement, and none for a refused one', async () => {
    const { event, type } = await paidType(2);
    const [asked, gone] = await t.db
      .insert(eventQuestions)
      .values(
        ['Name on the badge', 'Company'].map((label, position) => ({
          eventId: event.id,
          position,
          scope: 'ticket' as const,
          type: 'short_text' as const,
          label,
        })),
      )
      .returning();
    const answers = (n: number): HoldRequest['answers'] => [
      [asked?.id ?? '', type.id, n, `Guest ${n + 1}`],
      [gone?.id ?? '', type.id, n, 'Acme'],
    ];
    // Deleted after the buyer's answers were checked: its answer goes, as deleting it would.
    await t.db.delete(eventQuestions).where(eq(eventQuestions.id, gone?.id ?? ''));
    const results = await holdOrders(t.db, 'local', [
      {
        ...request([{ ticketTypeId: type.id, quantity: 2 }]),
        answers: [...(answers(0) ?? []), ...(answers(1) ?? [])],
      },
      { ...request([{ ticketTypeId: type.id, quantity: 1 }]), answers: answers(0) },
    ]);
    expect(statuses(results)).toEqual(['created', 'short']);
    const created = results[0];
    if (created?.status !== 'created') throw new Error('expected an order');
    const stored = await t.db
      .select()
      .from(questionAnswers)
      .where(eq(questionAnswers.questionId, asked?.id ?? ''));
    expect(stored.map((a) => [a.orderId, a.ticketTypeId, a.ordinal, a.value, a.ticketId])).toEqual(
      expect.arrayContaining([
        [created.orderId, type.id, 0, 'Guest 1', null],
        [created.orderId, type.id, 1, 'Guest 2', null],
      ]),
    );
    expect(stored).toHaveLength(2);
  });

  it('answers a probe as the hold would, taking nothing, after the batch’s earlier orders', async () => {
    const { type } = await paidType(3);
    const line = (quantity: number) => [{ ticketTypeId: type.id, quantity }];
    const results = await holdOrders(t.db, 'local', [
      { ...request(line(3)), probe: true },
      request(line(2)),
      { ...request(line(2)), probe: true },
      { ...request(line(1)), probe: true },
      request(line(1)),
    ]);
    expect(statuses(results)).toEqual(['fits', 'created', 'short', 'fits', 'created']);
    expect(results[2]).toEqual({
      status: 'short',
      lines: [{ ticketTypeId: type.id, remaining: 1 }],
      expirable: false,
    });
    expect(await remaining(type.id)).toBe(0);
    const [{ count } = { count: -1 }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(sql`order_items i`, sql`i.order_id = ${orders.id}`)
      .where(sql`i.ticket_type_id = ${type.id}`);
    expect(count).toBe(2);
  });
});

describe('HoldBatcher', () => {
  it('remembers a type it saw sold out until one is held or fits again', async () => {
    const { type } = await paidType(1);
    const batcher = new HoldBatcher(t.db, 'local');
    const line = [{ ticketTypeId: type.id, quantity: 1 }];
    expect(batcher.lastSeenShort(line)).toBe(false);
    expect((await batcher.hold(request(line))).status).toBe('created');
    expect((await batcher.hold(request(line))).status).toBe('short');
    expect(batcher.lastSeenShort(line)).toBe(true);
    await t.db
      .update(ticketTypes)
      .set({ quantity: 2, remaining: 1 })
      .where(eq(ticketTypes.id, type.id));
    expect((await batcher.hold({ ...request(line), probe: true })).status).toBe('fits');
    expect(batcher.lastSeenShort(line)).toBe(false);
  });

  it('batches what arrives while a batch is out, and keeps one order’s failure its own', async () => {
    const { type } = await paidType(10);
    const batcher = new HoldBatcher(t.db, 'local', 1);
    const line = [{ ticketTypeId: type.id, quantity: 1 }];
    // The first leaves alone; the next two wait and go together, and the broken one (not a
    // uuid: the whole statement fails) is then retried apart from its neighbour.
    const first = batcher.hold(request(line));
    const broken = batcher.hold({ ...request(line), userId: 'not-a-uuid' });
    const second = batcher.hold(request(line));
    expect((await first).status).toBe('created');
    await expect(broken).rejects.toThrow();
    expect((await second).status).toBe('created');
    expect(await remaining(type.id)).toBe(8);
  });
});

describe('the local checkout page of a batched hold', () => {
  it('shows what the provider would write: description, lines and return URLs', async () => {
    const { event, type } = await paidType(10, 'Lagos Jazz');
    const second = await createTicketType(t.db, {
      eventId: event.id,
      name: 'VIP',
      priceCents: 4000,
      quantity: 10,
    });
    const { event: otherEvent, type: otherType } = await paidType(10, 'Accra Sounds');
    const cookie = await t.signIn(buyers[2] as CreatedUser);
    const post = (items: { ticketTypeId: string; quantity: number }[]) =>
      t.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie }, payload: { items } });

    const one = (
      await post([
        { ticketTypeId: type.id, quantity: 2 },
        { ticketTypeId: second.id, quantity: 1 },
      ])
    ).json<Order>();
    // The page as it is opened: the hold stores its id, what it shows is drawn from the order.
    const id = one.paymentSessionId ?? '';
    const page = await findLocalSession(t.db, { id, publicUrl: t.config.PUBLIC_URL });
    const urls = returnUrls(t.config.PUBLIC_URL, event.id);
    expect(page).toMatchObject({
      id,
      amountCents: 2 * 1500 + 4000,
      currency: 'USD',
      description: 'Lagos Jazz',
      successUrl: urls.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
      cancelUrl: urls.cancelUrl.replace('{CHECKOUT_SESSION_ID}', id),
      expiresAt: new Date(one.reservedUntil ?? ''),
    });
    expect(page?.lines).toEqual(
      [...one.items]
        .sort((x, y) => x.ticketTypeId.localeCompare(y.ticketTypeId))
        .map((item) => ({
          label: `${item.eventTitle} · ${item.ticketTypeName}`,
          unitAmountCents: item.unitPriceCents,
          quantity: item.quantity,
        })),
    );
    expect(one.checkoutUrl).toBe(`${t.config.PUBLIC_URL}/pay/${id}`);

    const two = (
      await post([
        { ticketTypeId: type.id, quantity: 1 },
        { ticketTypeId: otherType.id, quantity: 1 },
      ])
    ).json<Order>();
    const both = await findLocalSession(t.db, {
      id: two.paymentSessionId ?? '',
      publicUrl: t.config.PUBLIC_URL,
    });
    const titles = [
      ...new Set(
        [...two.items]
          .sort((x, y) => x.ticketTypeId.localeCompare(y.ticketTypeId))
          .map((i) => i.eventTitle),
      ),
    ];
    expect(both?.description).toBe(titles.join(', '));
    expect(both?.cancelUrl).toBe(
      returnUrls(t.config.PUBLIC_URL).cancelUrl.replace(
        '{CHECKOUT_SESSION_ID}',
        two.paymentSessionId ?? '',
      ),
    );
    expect(otherEvent.id).not.toBe(event.id);
  });
});
