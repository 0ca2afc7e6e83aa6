import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { localCheckoutSessions, orderItems, orders, paymentEvents } from '../../db/schema/tickets';
import { returnUrls } from '../orders/checkout-session';

// The payments module's SQL (docs/architecture.md "How to add a module"): the services hold the
// verbs and open the transactions, these run one statement each on the executor they are given.

export type OrderRow = typeof orders.$inferSelect;
type StoredLocalSession = typeof localCheckoutSessions.$inferSelect;
/** A local checkout page as it is shown: every field known (see findLocalSession). */
export type LocalSessionRow = {
  [K in keyof StoredLocalSession]: K extends 'paymentRef' | 'lastError'
    ? StoredLocalSession[K]
    : NonNullable<StoredLocalSession[K]>;
};

// --- Checkout and the return from it (payments.service) ---

/** The actor's own order (another's reads as missing). */
export async function findOwnOrder(
  db: DbExecutor,
  params: { orderId: string; userId: string },
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, params.orderId), eq(orders.userId, params.userId)));
  return order;
}

/** What a vendor-fee checkout needs of its event. */
export async function findEventForVendorFee(db: DbExecutor, params: { eventId: string }) {
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      fee: events.vendorFeeAmount,
      currency: events.currency,
      metadata: events.metadata,
    })
    .from(events)
    .where(eq(events.id, params.eventId));
  return event;
}

export async function insertVendorFeeOrder(
  db: DbExecutor,
  params: {
    userId: string;
    eventId: string;
    amountCents: number;
    /** The event's: its fee is in the event's currency. */
    currency: string;
    reservedUntil: Date;
    now: Date;
  },
): Promise<OrderRow | undefined> {
  const [inserted] = await db
    .insert(orders)
    .values({
      userId: params.userId,
      kind: 'vendor_fee',
      currency: params.currency,
      subtotalCents: params.amountCents,
      totalCents: params.amountCents,
      eventId: params.eventId,
      reservedUntil: params.reservedUntil,
      createdAt: params.now,
      updatedAt: params.now,
    })
    .returning();
  return inserted;
}

/** The actor's own order behind a payment session. */
export async function findOwnOrderBySession(
  db: DbExecutor,
  params: { sessionId: string; userId: string },
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentSessionId, params.sessionId), eq(orders.userId, params.userId)));
  return order;
}

/** The event of an order's first line (a ticket order has its events on its lines). */
export async function findFirstLineEventId(
  db: DbExecutor,
  params: { orderId: string },
): Promise<string | undefined> {
  const [item] = await db
    .select({ eventId: orderItems.eventId })
    .from(orderItems)
    .where(eq(orderItems.orderId, params.orderId))
    .limit(1);
  return item?.eventId;
}

// --- The local provider's hosted page (local-checkout.service) ---

/**
 * The page `id`. The batched hold writes a narrow row (its id, order, status and expiry): what
 * the page shows is then drawn from the order, as the hold would have written it: the amount,
 * the lines in the order's line order (by ticket type, as the hold merges them), the events'
 * titles as the description and the return URLs (with the event when the order is for one).
 */
export async function findLocalSession(
  db: DbExecutor,
  params: { id: string; publicUrl: string },
): Promise<LocalSessionRow | undefined> {
  const [session] = await db
    .select({
      stored: localCheckoutSessions,
      amountCents: sql<number>`coalesce(${localCheckoutSessions.amountCents}, ${orders.totalCents})`,
      currency: sql<string>`coalesce(${localCheckoutSessions.currency}, ${orders.currency})`,
      drawn: sql<{
        description: string;
        lines: NonNullable<StoredLocalSession['lines']>;
        oneEventId: string | null;
      } | null>`case when ${localCheckoutSessions.amountCents} is null then (
        select jsonb_build_object(
          'description', (
            select string_agg(title, ', ' order by first)
            from (select e.title, min(i.ticket_type_id::text) as first
              from order_items i join events e on e.id = i.event_id
              where i.order_id = ${orders.id} group by e.title) titles),
          'lines', jsonb_agg(jsonb_build_object(
            'label', e.title || ' · ' || t.name,
            'unitAmountCents', i.unit_price_cents,
            'quantity', i.quantity) order by i.ticket_type_id),
          'oneEventId', case when count(distinct i.event_id) = 1 then min(i.event_id::text) end)
        from order_items i
        join ticket_types t on t.id = i.ticket_type_id
        join events e on e.id = i.event_id
        where i.order_id = ${orders.id}) end`,
    })
    .from(localCheckoutSessions)
    .innerJoin(orders, eq(orders.id, localCheckoutSessions.orderId))
    .where(eq(localCheckoutSessions.id, params.id));
  if (!session) return undefined;
  const { stored, drawn } = session;
  const urls = returnUrls(params.publicUrl, drawn?.oneEventId ?? undefined);
  const withId = (url: string) => url.replace('{CHECKOUT_SESSION_ID}', stored.id);
  return {
    ...stored,
    amountCents: session.amountCents,
    currency: session.currency,
    description: stored.description ?? drawn?.description ?? '',
    lines: stored.lines ?? drawn?.lines ?? [],
    successUrl: stored.successUrl ?? withId(urls.successUrl),
    cancelUrl: stored.cancelUrl ?? withId(urls.cancelUrl),
  };
}

/**
 * Completes the session if it is still in the status it was read in: only the first completion
 * wins. True when this call won.
 */
export async function completeLocalSession(
  db: DbExecutor,
  params: { id: string; fromStatus: LocalSessionRow['status']; paymentRef: string },
): Promise<boolean> {
  const [won] = await db
    .update(localCheckoutSessions)
    .set({ status: 'complete', paymentRef: params.paymentRef, lastError: null })
    .where(
      and(
        eq(localCheckoutSessions.id, params.id),
        eq(localCheckoutSessions.status, params.fromStatus),
      ),
    )
    .returning({ id: localCheckoutSessions.id });
  return Boolean(won);
}

export async function setLocalSessionStatus(
  db: DbExecutor,
  params: { id: string; status: 'open' | 'requires_action'; lastError: string | null },
) {
  await db
    .update(localCheckoutSessions)
    .set({ status: params.status, lastError: params.lastError })
    .where(eq(localCheckoutSessions.id, params.id));
}

// --- Provider events (webhooks.service) ---

/**
 * Records a provider event as seen. False when it was already recorded: the unique index makes
 * a duplicate (even ten at once) change nothing.
 */
export async function recordPaymentEvent(
  db: DbExecutor,
  params: { provider: string; eventId: string; kind: string; orderId: string | null },
): Promise<boolean> {
  const [fresh] = await db
    .insert(paymentEvents)
    .values({
      provider: params.provider,
      eventId: params.eventId,
      kind: params.kind,
      orderId: params.orderId,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return Boolean(fresh);
}

/** The order an event is about, locked for the event's transaction. */
export async function lockOrder(
  db: DbExecutor,
  params: { orderId: string },
): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, params.orderId)).for('update');
  return order;
}

export async function setOrderMetadata(
  db: DbExecutor,
  params: { orderId: string; metadata: OrderRow['metadata'] },
) {
  await db.update(orders).set({ metadata: params.metadata }).where(eq(orders.id, params.orderId));
}

/** A payment that came after its stock was gone: recorded as paid and refunded in full. */
export async function markOrderRefundedStockGone(
  db: DbExecutor,
  params: { orderId: string; paymentRef: string | null; totalCents: number; now: Date },
) {
  await db
    .update(orders)
    .set({
      status: 'refunded',
      paymentRef: params.paymentRef,
      paidAt: params.now,
      refundedCents: params.totalCents,
      updatedAt: params.now,
      metadata: sql`${orders.metadata} || '{"refundReason":"sold out before the payment arrived"}'::jsonb`,
    })
    .where(eq(orders.id, params.orderId));
}

/** An order's lines, by ticket type (the order stock is taken in). */
export async function orderLinesByType(db: DbExecutor, params: { orderId: string }) {
  return db
    .select({ ticketTypeId: orderItems.ticketTypeId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, params.orderId))
    .orderBy(orderItems.ticketTypeId);
}

/**
 * Whether a seat of the order went to someone else (its row was cleared and taken while the
 * order was closed): the order's lines of types sold by seat count more than the seats still
 * its. The caller holds the order's lock, which clearing a closed order's seats waits for.
 */
export async function seatsGone(db: DbExecutor, params: { orderId: string }) {
  const { rows } = await db.execute<{ gone: boolean }>(sql`
    select ${seatedQuantity(params.orderId)}
         > (select count(*) from event_seats e where e.order_id = ${params.orderId}) as gone`);
  return rows[0]?.gone === true;
}

/** Whether the order bought tickets sold by seat (its late refund then speaks of seats). */
export async function boughtSeats(db: DbExecutor, params: { orderId: string }) {
  const { rows } = await db.execute<{ seated: boolean }>(
    sql`select ${seatedQuantity(params.orderId)} > 0 as seated`,
  );
  return rows[0]?.seated === true;
}

const seatedQuantity = (orderId: string) => sql`(
  select coalesce(sum(i.quantity), 0) from order_items i
    join event_seating s on s.event_id = i.event_id
   where i.order_id = ${orderId}
     and exists (select 1 from jsonb_each_text(s.ticket_types) m
                  where m.value = i.ticket_type_id::text))`;

/** Takes one line's stock if it is all there. False when it is not (nothing changes). */
export async function takeStock(
  db: DbExecutor,
  params: { ticketTypeId: string; quantity: number },
): Promise<boolean> {
  const { rowCount } = await db.execute(sql`
          update ticket_types set remaining = remaining - ${params.quantity}
          where id = ${params.ticketTypeId} and remaining >= ${params.quantity}`);
  return Boolean(rowCount);
}

/** Takes the order's discount-code use again where the code's limit allows. */
export async function retakeDiscountUse(db: DbExecutor, params: { orderId: string }) {
  await db.execute(sql`
      update discount_codes d set used_count = d.used_count + 1
      from orders o where o.id = ${params.orderId} and d.id = o.discount_code_id
        and (d.usage_limit is null or d.used_count < d.usage_limit)`);
}

/** The refund a late payment is owed, with no provider refund yet (provider_refund_id null). */
export async function insertOwedRefund(
  db: DbExecutor,
  params: { orderId: string; amountCents: number; reason: string; now: Date },
) {
  await db.execute(sql`
    insert into refunds (order_id, amount_cents, reason, provider_refund_id, created_at)
    values (${params.orderId}, ${params.amountCents}, ${params.reason}, null, ${params.now})`);
}

/** Records the provider's refund id on the order's owed refund. */
export async function setOwedRefundProviderId(
  db: DbExecutor,
  params: { orderId: string; providerRefundId: string },
) {
  await db.execute(sql`
    update refunds set provider_refund_id = ${params.providerRefundId}
    where order_id = ${params.orderId} and provider_refund_id is null`);
}

export type OwedRefund = {
  orderId: string;
  userId: string;
  paymentRef: string;
  amountCents: number;
};

/** Owed refunds with the given reason created at or before `olderThan` (100 oldest first). */
export async function findOwedRefunds(
  db: DbExecutor,
  params: { reason: string; olderThan: Date },
): Promise<OwedRefund[]> {
  const { rows } = await db.execute<OwedRefund>(sql`
    select r.order_id as "orderId", o.user_id as "userId", o.payment_ref as "paymentRef",
      r.amount_cents as "amountCents"
    from refunds r join orders o on o.id = r.order_id
    where r.provider_refund_id is null and r.reason = ${params.reason}
      and r.created_at <= ${params.olderThan} and o.payment_ref is not null
    order by r.created_at limit 100`);
  return rows;
}
