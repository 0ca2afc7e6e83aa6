import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { boxOfficeMailings, boxOfficeSales, boxOfficeShifts } from '../../db/schema/box-office';
import { events } from '../../db/schema/events';
import { products } from '../../db/schema/products';
import { taxRates } from '../../db/schema/taxes';
import { orderItems, orders, tickets, ticketTypes } from '../../db/schema/tickets';
import { profiles, users } from '../../db/schema/users';

/** The event as the box office needs it (who owns it, whether it still sells). */
export function findSaleEvent(db: DbExecutor, eventId: string) {
  return db
    .select({
      id: events.id,
      userId: events.userId,
      status: events.eventStatus,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      currency: events.currency,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .then((rows) => rows[0]);
}

/** The event's admission ticket types with price and stock, in the organizer's order. */
export function findSaleTypes(db: DbExecutor, eventId: string) {
  return db
    .select({
      id: ticketTypes.id,
      eventId: ticketTypes.eventId,
      name: ticketTypes.name,
      priceCents: ticketTypes.priceCents,
      currency: ticketTypes.currency,
      remaining: ticketTypes.remaining,
      kind: ticketTypes.kind,
      // As the order's tax statement will apply it (taxes.queries.ts applyOrderTax).
      taxRateThousandths: sql<number>`coalesce(${taxRates.rateThousandths}, 0)::int`,
      taxAdded: sql<boolean>`not ${events.pricesIncludeTax}`,
    })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .leftJoin(taxRates, eq(taxRates.id, ticketTypes.taxRateId))
    .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.kind, 'admission')))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.createdAt));
}

/** The event's add-ons (product variations) with price and stock, in the organizer's order. */
export function findSaleAddOns(db: DbExecutor, eventId: string) {
  return db
    .select({
      id: ticketTypes.id,
      eventId: ticketTypes.eventId,
      productId: products.id,
      name: sql<string>`case when ${ticketTypes.variation} is null or ${ticketTypes.variation} = '' then ${products.name} else ${products.name} || ' · ' || ${ticketTypes.variation} end`,
      priceCents: ticketTypes.priceCents,
      currency: ticketTypes.currency,
      remaining: ticketTypes.remaining,
      kind: ticketTypes.kind,
      // As the order's tax statement will apply it (taxes.queries.ts applyOrderTax).
      taxRateThousandths: sql<number>`coalesce(${taxRates.rateThousandths}, 0)::int`,
      taxAdded: sql<boolean>`not ${events.pricesIncludeTax}`,
    })
    .from(ticketTypes)
    .innerJoin(products, eq(products.id, ticketTypes.productId))
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .leftJoin(taxRates, eq(taxRates.id, ticketTypes.taxRateId))
    .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.kind, 'product')))
    .orderBy(asc(products.sortOrder), asc(ticketTypes.sortOrder), asc(ticketTypes.createdAt));
}

export function findSaleByKey(db: DbExecutor, params: { eventId: string; key: string }) {
  return db
    .select()
    .from(boxOfficeSales)
    .where(
      and(
        eq(boxOfficeSales.eventId, params.eventId),
        eq(boxOfficeSales.idempotencyKey, params.key),
      ),
    )
    .then((rows) => rows[0]);
}

export function findSale(db: DbExecutor, params: { eventId: string; orderId: string }) {
  return db
    .select()
    .from(boxOfficeSales)
    .where(
      and(eq(boxOfficeSales.eventId, params.eventId), eq(boxOfficeSales.orderId, params.orderId)),
    )
    .then((rows) => rows[0]);
}

/** A walk-in without an address: an account nobody signs in to, whose address takes no mail. */
export const WALK_IN_DOMAIN = 'walk-in.invalid';

/**
 * The buyer's account: the one of their address (its name unchanged), or a new one without a
 * password they can claim by resetting it; a walk-in without an address gets one of their own.
 */
export async function findOrCreateBuyer(
  tx: DbExecutor,
  params: { email: string | null; name: string | null; now: Date },
): Promise<{ id: string; email: string | null; name: string }> {
  const email = params.email ?? `box-office-${randomUUID()}@${WALK_IN_DOMAIN}`;
  await tx.insert(users).values({ email, createdAt: params.now }).onConflictDoNothing();
  const [user] = await tx
    .select({ id: users.id, email: users.email, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (!user) throw new Error('findOrCreateBuyer found no account');
  const name = user.fullName ?? params.name ?? params.email ?? '';
  if (!user.fullName)
    await tx.insert(profiles).values({ id: user.id, fullName: name }).onConflictDoNothing();
  return { id: user.id, email: params.email ? user.email : null, name };
}

/** Undefined: another request with this key was recorded first. */
export async function insertSale(tx: DbExecutor, row: typeof boxOfficeSales.$inferInsert) {
  const [created] = await tx.insert(boxOfficeSales).values(row).onConflictDoNothing().returning();
  return created;
}

/** Checks in the order's valid tickets (sell and admit, or admit after the card payment). */
export async function admitOrderTickets(
  tx: DbExecutor,
  params: { orderId: string; by: string; at: Date },
) {
  await tx
    .update(tickets)
    .set({ status: 'checked_in', checkedInAt: params.at, checkedInBy: params.by })
    .where(and(eq(tickets.orderId, params.orderId), eq(tickets.status, 'valid')));
}

/** The sale's order, buyer and tickets, as the seller sees them. */
export async function findSaleView(db: DbExecutor, orderId: string) {
  const [order] = await db
    .select({
      status: orders.status,
      currency: orders.currency,
      totalCents: orders.totalCents,
      checkoutUrl: orders.checkoutUrl,
      paymentSessionId: orders.paymentSessionId,
      email: users.email,
      name: sql<string>`coalesce(${profiles.fullName}, '')`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(eq(orders.id, orderId));
  const issued = await db
    .select({ id: tickets.id, ticketTypeName: ticketTypes.name, status: tickets.status })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.id));
  const addOns = await db
    .select({
      name: sql<string>`case when ${ticketTypes.variation} is null or ${ticketTypes.variation} = '' then ${products.name} else ${products.name} || ' · ' || ${ticketTypes.variation} end`,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
    .innerJoin(products, eq(products.id, ticketTypes.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(products.sortOrder), asc(ticketTypes.sortOrder));
  return order ? { ...order, tickets: issued, addOns } : undefined;
}

/**
 * Each seller's sales at the event per day in the event's time zone, a shift each (only the
 * given sellers when set): paid sales, tickets, cash and card taken, complimentary tickets. A
 * seller's cash is counted per day, as a drawer is closed at the end of a day at the door. Card
 * sales still waiting for payment are left out.
 */
export function findShifts(db: DbExecutor, params: { eventId: string; sellerIds?: string[] }) {
  const ticketCount = sql<number>`(select count(*) from ${tickets} where ${tickets.orderId} = ${boxOfficeSales.orderId})`;
  const day = sql<string>`to_char(${boxOfficeSales.createdAt} at time zone ${events.timezone}, 'YYYY-MM-DD')`;
  return db
    .select({
      sellerId: boxOfficeSales.sellerId,
      day,
      sellerName: sql<string>`coalesce(min(${profiles.fullName}), min(${users.email}), '')`,
      sales: sql<number>`count(*)::int`,
      tickets: sql<number>`coalesce(sum(${ticketCount}), 0)::int`,
      cashCents: sql<number>`coalesce(sum(${boxOfficeSales.totalCents}) filter (where ${boxOfficeSales.method} = 'cash'), 0)::int`,
      cardCents: sql<number>`coalesce(sum(${boxOfficeSales.totalCents}) filter (where ${boxOfficeSales.method} = 'card'), 0)::int`,
      complimentary: sql<number>`coalesce(sum(${ticketCount}) filter (where ${boxOfficeSales.method} = 'complimentary'), 0)::int`,
      tenderedCents: sql<number>`coalesce(sum(${boxOfficeSales.tenderedCents}) filter (where ${boxOfficeSales.method} = 'cash'), 0)::int`,
      changeCents: sql<number>`coalesce(sum(${boxOfficeSales.changeCents}) filter (where ${boxOfficeSales.method} = 'cash'), 0)::int`,
      firstSaleAt: sql<Date>`min(${boxOfficeSales.createdAt})`,
      lastSaleAt: sql<Date>`max(${boxOfficeSales.createdAt})`,
    })
    .from(boxOfficeSales)
    .innerJoin(orders, eq(orders.id, boxOfficeSales.orderId))
    .innerJoin(events, eq(events.id, boxOfficeSales.eventId))
    .leftJoin(users, eq(users.id, boxOfficeSales.sellerId))
    .leftJoin(profiles, eq(profiles.id, boxOfficeSales.sellerId))
    .where(
      and(
        eq(boxOfficeSales.eventId, params.eventId),
        inArray(orders.status, ['paid', 'partially_refunded', 'refunded']),
        params.sellerIds ? inArray(boxOfficeSales.sellerId, params.sellerIds) : undefined,
      ),
    )
    .groupBy(boxOfficeSales.sellerId, day)
    .orderBy(sql`min(${boxOfficeSales.createdAt})`);
}

/** The drawer counts of an event's shifts (all sellers, or these). */
export function findShiftDrawers(
  db: DbExecutor,
  params: { eventId: string; sellerIds?: string[] },
) {
  return db
    .select()
    .from(boxOfficeShifts)
    .where(
      and(
        eq(boxOfficeShifts.eventId, params.eventId),
        params.sellerIds ? inArray(boxOfficeShifts.sellerId, params.sellerIds) : undefined,
      ),
    );
}

/** People's names as the shift summary shows them (their profile's name, else their email). */
export async function findPeopleNames(db: DbExecutor, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: sql<string>`coalesce(${profiles.fullName}, ${users.email})` })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

type ShiftKey = { eventId: string; sellerId: string; day: string };

const shiftIs = (key: ShiftKey) =>
  and(
    eq(boxOfficeShifts.eventId, key.eventId),
    eq(boxOfficeShifts.sellerId, key.sellerId),
    eq(boxOfficeShifts.day, key.day),
  );

/** The shift's drawer row, if it has one. */
export function findShiftDrawer(db: DbExecutor, key: ShiftKey) {
  return db
    .select()
    .from(boxOfficeShifts)
    .where(shiftIs(key))
    .then((rows) => rows[0]);
}

/** Sets an open shift's float; none returned: the shift is closed. */
export async function setShiftFloat(db: DbExecutor, key: ShiftKey, floatCents: number) {
  const [row] = await db
    .insert(boxOfficeShifts)
    .values({ ...key, floatCents })
    .onConflictDoUpdate({
      target: [boxOfficeShifts.eventId, boxOfficeShifts.sellerId, boxOfficeShifts.day],
      set: { floatCents, updatedAt: sql`now()` },
      setWhere: sql`${boxOfficeShifts.closedAt} is null`,
    })
    .returning();
  return row;
}

/**
 * Closes an open shift with the cash counted, in one statement (two closes at once: one wins);
 * none returned: it was closed already.
 */
export async function closeShiftDrawer(
  db: DbExecutor,
  key: ShiftKey,
  params: { countedCents: number; closedBy: string; now: Date },
) {
  const closing = {
    countedCents: params.countedCents,
    closedAt: params.now,
    closedBy: params.closedBy,
  };
  const [row] = await db
    .insert(boxOfficeShifts)
    .values({ ...key, ...closing })
    .onConflictDoUpdate({
      target: [boxOfficeShifts.eventId, boxOfficeShifts.sellerId, boxOfficeShifts.day],
      set: { ...closing, updatedAt: sql`now()` },
      setWhere: sql`${boxOfficeShifts.closedAt} is null`,
    })
    .returning();
  return row;
}

/** Re-opens a closed shift (its count is cleared); none returned: it was not closed. */
export async function reopenShiftDrawer(
  db: DbExecutor,
  key: ShiftKey,
  params: { reopenedBy: string; now: Date },
) {
  const [row] = await db
    .update(boxOfficeShifts)
    .set({
      countedCents: null,
      closedAt: null,
      closedBy: null,
      reopenedAt: params.now,
      reopenedBy: params.reopenedBy,
      updatedAt: sql`now()`,
    })
    .where(and(shiftIs(key), sql`${boxOfficeShifts.closedAt} is not null`))
    .returning();
  return row;
}

/** Of these box-office sales (order ids), those no longer waiting for their payment. */
export async function findSettledSales(db: DbExecutor, orderIds: string[]) {
  const settled = sql<
    'paid' | 'cancelled' | 'expired'
  >`case when ${orders.status} in ('cancelled', 'expired') then ${orders.status} else 'paid' end`;
  return db
    .select({ orderId: boxOfficeSales.orderId, eventId: boxOfficeSales.eventId, status: settled })
    .from(boxOfficeSales)
    .innerJoin(orders, eq(orders.id, boxOfficeSales.orderId))
    .where(and(inArray(boxOfficeSales.orderId, orderIds), sql`${orders.status} <> 'pending'`));
}

/**
 * Records a request to mail a sale's tickets; the earlier record when this request id was
 * recorded already (a double click), with `fresh: false`.
 */
export async function recordMailing(
  db: DbExecutor,
  row: typeof boxOfficeMailings.$inferInsert,
): Promise<{ requestHash: string; fresh: boolean }> {
  const [created] = await db
    .insert(boxOfficeMailings)
    .values(row)
    .onConflictDoNothing()
    .returning();
  if (created) return { requestHash: created.requestHash, fresh: true };
  const [earlier] = await db
    .select({ requestHash: boxOfficeMailings.requestHash })
    .from(boxOfficeMailings)
    .where(
      and(
        eq(boxOfficeMailings.orderId, row.orderId),
        eq(boxOfficeMailings.requestId, row.requestId),
      ),
    );
  return { requestHash: earlier?.requestHash ?? '', fresh: false };
}

/** Forgets a mailing whose mail could not be queued, so the same request may try again. */
export async function dropMailing(db: DbExecutor, params: { orderId: string; requestId: string }) {
  await db
    .delete(boxOfficeMailings)
    .where(
      and(
        eq(boxOfficeMailings.orderId, params.orderId),
        eq(boxOfficeMailings.requestId, params.requestId),
      ),
    );
}
