import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { capacityPools, capacityPoolTicketTypes } from '../../db/schema/capacity-pools';
import { ticketTypes } from '../../db/schema/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// A model test: random sequences of hold / pay / expire / cancel / refund against the real API
// and database, checking after every step that stock adds up and never goes negative, and that
// it matches a simple model of what each step should do. The two ticket types share a capacity
// pool smaller than their sum (decision 052), so every step also proves the pool's stock is
// taken with the types' and given back exactly once.

let t: TestApp;
let owner: CreatedUser;
let ownerCookie: string;
let buyerCookies: string[];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  owner = await createUser(t.db, { userType: 'organizer' });
  ownerCookie = await t.signIn(owner);
  buyerCookies = await Promise.all([1, 2, 3].map(async () => t.signIn(await createUser(t.db))));
});
afterAll(() => t.close());

type Action =
  | { kind: 'hold'; buyer: number; type: number; quantity: number }
  | { kind: 'pay'; order: number }
  | { kind: 'cancel'; order: number }
  | { kind: 'refund'; order: number }
  | { kind: 'expire' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('hold' as const),
    buyer: fc.integer({ min: 0, max: 2 }),
    type: fc.integer({ min: 0, max: 1 }),
    quantity: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('pay' as const), order: fc.nat(20) }),
  fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(20) }),
  fc.record({ kind: fc.constant('refund' as const), order: fc.nat(20) }),
  fc.constant({ kind: 'expire' as const }),
);

interface ModelOrder {
  id: string;
  buyer: number;
  type: number;
  quantity: number;
  state: 'pending' | 'paid' | 'expired' | 'cancelled' | 'refunded';
  session: string;
  /** Model time (ms) when the hold was made. */
  placedAt: number;
}

// The local checkout page takes payment until 20 minutes after the 10-minute hold ends.
const PAYABLE_FOR_MS = 30 * 60_000;

it('keeps sold + held + remaining = capacity and remaining ≥ 0 through any sequence, for types and their pool', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
      const capacity = 5;
      const poolCapacity = 7;
      const event = await createEvent(t.db, {
        userId: owner.id,
        isFree: false,
        createdAt: t.clock.now(),
      });
      const types = [
        await createTicketType(t.db, { eventId: event.id, quantity: capacity, priceCents: 1000 }),
        await createTicketType(t.db, { eventId: event.id, quantity: capacity, priceCents: 1500 }),
      ];
      const [pool] = await t.db
        .insert(capacityPools)
        .values({
          eventId: event.id,
          name: 'Hall',
          capacity: poolCapacity,
          remaining: poolCapacity,
        })
        .returning();
      await t.db
        .insert(capacityPoolTicketTypes)
        .values(types.map((type) => ({ poolId: pool?.id ?? '', ticketTypeId: type.id })));
      const placed: ModelOrder[] = [];
      const remaining = [capacity, capacity];
      let poolRemaining = poolCapacity;
      const fits = (type: number, quantity: number) =>
        (remaining[type] ?? 0) >= quantity && poolRemaining >= quantity;
      const take = (type: number, quantity: number, sign: 1 | -1) => {
        remaining[type] = (remaining[type] ?? 0) - sign * quantity;
        poolRemaining -= sign * quantity;
      };
      let elapsed = 0;
      const post = (cookie: string, url: string, payload: object = {}) =>
        t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

      for (const step of actions) {
        const target =
          'order' in step ? placed[step.order % Math.max(placed.length, 1)] : undefined;
        if (step.kind === 'hold') {
          const response = await post(buyerCookies[step.buyer] ?? '', '/api/orders', {
            items: [{ ticketTypeId: types[step.type]?.id, quantity: step.quantity }],
          });
          if (fits(step.type, step.quantity)) {
            expect(response.statusCode).toBe(201);
            const order = response.json<Order>();
            placed.push({
              id: order.id,
              buyer: step.buyer,
              type: step.type,
              quantity: step.quantity,
              state: 'pending',
              session: order.paymentSessionId ?? '',
              placedAt: elapsed,
            });
            take(step.type, step.quantity, 1);
          } else {
            expect(response.statusCode).toBe(409);
          }
        } else if (step.kind === 'pay' && target) {
          await t.app.inject({
            method: 'POST',
            url: `/api/payments/local/sessions/${target.session}/pay`,
            payload: { name: 'Model', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
          });
          if (elapsed - target.placedAt >= PAYABLE_FOR_MS) {
            // Refused by the checkout page: nothing changes.
          } else if (target.state === 'pending') target.state = 'paid';
          else if (target.state === 'expired' || target.state === 'cancelled') {
            // Paid after the hold ended: stock taken again if there, else refunded.
            if (fits(target.type, target.quantity)) {
              take(target.type, target.quantity, 1);
              target.state = 'paid';
            } else target.state = 'refunded';
          }
        } else if (step.kind === 'cancel' && target) {
          const response = await post(
            buyerCookies[target.buyer] ?? '',
            `/api/orders/${target.id}/cancel`,
          );
          if (target.state === 'pending') {
            expect(response.statusCode).toBe(200);
            target.state = 'cancelled';
            take(target.type, target.quantity, -1);
          } else expect(response.statusCode).toBe(409);
        } else if (step.kind === 'refund' && target) {
          const response = await post(ownerCookie, `/api/orders/${target.id}/refund`);
          if (target.state === 'paid') {
            expect(response.statusCode).toBe(200);
            target.state = 'refunded';
            take(target.type, target.quantity, -1);
          } else expect(response.statusCode).toBe(409);
        } else if (step.kind === 'expire') {
          t.clock.advance(10 * 60_000 + 1);
          elapsed += 10 * 60_000 + 1;
          await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/ticket-types` });
          for (const order of placed)
            if (order.state === 'pending') {
              order.state = 'expired';
              take(order.type, order.quantity, -1);
            }
        }

        let used = 0;
        for (const [index, type] of types.entries()) {
          const [row] = await t.db.select().from(ticketTypes).where(eq(ticketTypes.id, type.id));
          const { rows } = await t.db.execute<{ sold: number; held: number }>(sql`
            select
              (select count(*)::int from tickets where ticket_type_id = ${type.id} and status <> 'void') as sold,
              (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
                where i.ticket_type_id = ${type.id} and o.status = 'pending') as held`);
          const { sold, held } = rows[0] ?? { sold: -1, held: -1 };
          expect(row?.remaining).toBeGreaterThanOrEqual(0);
          expect(sold + held + (row?.remaining ?? 0)).toBe(capacity);
          expect(row?.remaining).toBe(remaining[index]);
          used += sold + held;
        }
        const [poolRow] = await t.db
          .select()
          .from(capacityPools)
          .where(eq(capacityPools.id, pool?.id ?? ''));
        expect(poolRow?.remaining).toBeGreaterThanOrEqual(0);
        expect(used + (poolRow?.remaining ?? 0)).toBe(poolCapacity);
        expect(poolRow?.remaining).toBe(poolRemaining);
      }
    }),
    { numRuns: 15 },
  );
});
