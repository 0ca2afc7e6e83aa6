import { afterAll, beforeAll } from 'vitest';
import { orderItems, orders, tickets } from '../db/schema/tickets';
import { must } from '../platform/must';
import { createUser, type CreatedUser } from './factories';
import { requestAs } from './request-as';
import { createTestApp, type TestApp } from './test-app';

/** The people every door test file signs in as: the event's organizer and the access matrix. */
export type DoorWho = 'owner' | 'buyer' | 'other' | 'admin';

/**
 * The door test files' shared start: a test app (a higher rate limit, since a file sends many
 * scans and sales), an organizer who owns the events, a buyer, another organizer and an admin,
 * signed in, and `call` to send requests as them. Call at the top of a file: it registers the
 * file's beforeAll and afterAll. `t`, `owner` and `cookies` are read after beforeAll ran (inside
 * tests). `env` is read in that beforeAll, so a file can start an outside fake (Stripe) in a
 * beforeAll registered before this call and hand its address to the app.
 */
export function useDoorApp(options: { env?: () => Record<string, string> } = {}) {
  let app: TestApp | undefined;
  let owner: CreatedUser | undefined;
  let cookies: Record<DoorWho, string> | undefined;
  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20', ...options.env?.() } });
    const t = app;
    owner = await createUser(t.db, { userType: 'organizer', fullName: 'Nia Festival' });
    cookies = {
      owner: await t.sessionCookie(owner),
      buyer: await t.sessionCookie(await createUser(t.db, { fullName: 'Ada Obi' })),
      other: await t.sessionCookie(await createUser(t.db, { userType: 'organizer' })),
      admin: await t.sessionCookie(await createUser(t.db, { roles: ['admin'] })),
    };
  });
  afterAll(() => app?.close());
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useDoorApp: read before beforeAll ran');
    return value;
  };
  return {
    get t() {
      return ready(app);
    },
    get owner() {
      return ready(owner);
    },
    get cookies() {
      return ready(cookies);
    },
    call: requestAs(
      () => ready(app),
      () => ready(cookies),
    ),
    /** `count` paid tickets of one type for a new buyer, written straight into the tables; their ids. */
    async issueTickets(eventId: string, ticketTypeId: string, count: number) {
      const t = ready(app);
      const buyer = await createUser(t.db, { fullName: 'Ada Obi' });
      const [order] = await t.db
        .insert(orders)
        .values({
          userId: buyer.id,
          status: 'paid',
          currency: 'USD',
          subtotalCents: 0,
          totalCents: 0,
          paidAt: t.clock.now(),
        })
        .returning();
      const orderId = must(order, 'order').id;
      const [item] = await t.db
        .insert(orderItems)
        .values({ orderId, eventId, ticketTypeId, quantity: count, unitPriceCents: 0 })
        .returning();
      const made = await t.db
        .insert(tickets)
        .values(
          Array.from({ length: count }, () => ({
            orderId,
            orderItemId: must(item, 'order item').id,
            eventId,
            ticketTypeId,
            userId: buyer.id,
          })),
        )
        .returning({ id: tickets.id });
      return made.map((row) => row.id);
    },
  };
}
