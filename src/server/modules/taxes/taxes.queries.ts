import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { THREE_DECIMAL_CURRENCIES } from '../../../contracts/currency';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { taxRates } from '../../db/schema/taxes';
import { orderItems, orders, ticketTypes } from '../../db/schema/tickets';

const usedBy = sql<number>`(select count(*)::int from ${ticketTypes} where ${ticketTypes.taxRateId} = ${taxRates.id})`;

export function findRatesOf(db: DbExecutor, params: { userId: string }) {
  return db
    .select({
      id: taxRates.id,
      userId: taxRates.userId,
      name: taxRates.name,
      rateThousandths: taxRates.rateThousandths,
      country: taxRates.country,
      usedBy,
    })
    .from(taxRates)
    .where(eq(taxRates.userId, params.userId))
    .orderBy(asc(taxRates.name), asc(taxRates.id));
}

export async function countRatesOf(db: DbExecutor, params: { userId: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(taxRates)
    .where(eq(taxRates.userId, params.userId));
  return row?.n ?? 0;
}

export async function findRateById(db: DbExecutor, params: { id: string }) {
  const [row] = await db
    .select({
      id: taxRates.id,
      userId: taxRates.userId,
      name: taxRates.name,
      rateThousandths: taxRates.rateThousandths,
      country: taxRates.country,
      usedBy,
    })
    .from(taxRates)
    .where(eq(taxRates.id, params.id));
  return row;
}

export async function insertRate(
  db: DbExecutor,
  values: { userId: string; name: string; rateThousandths: number; country: string | null },
) {
  const [row] = await db.insert(taxRates).values(values).returning({ id: taxRates.id });
  return row;
}

export function updateRate(
  db: DbExecutor,
  params: { id: string; name: string; rateThousandths: number; country: string | null; now: Date },
) {
  const { id, now, ...values } = params;
  return db
    .update(taxRates)
    .set({ ...values, updatedAt: now })
    .where(eq(taxRates.id, id));
}

export function deleteRate(db: DbExecutor, params: { id: string }) {
  return db.delete(taxRates).where(eq(taxRates.id, params.id));
}

export async function findEventTaxMode(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select({ userId: events.userId, pricesIncludeTax: events.pricesIncludeTax })
    .from(events)
    .where(eq(events.id, params.eventId));
  return row;
}

export function findTypesOfEvent(db: DbExecutor, params: { eventId: string }) {
  return db
    .select({
      id: ticketTypes.id,
      name: ticketTypes.name,
      variation: ticketTypes.variation,
      kind: ticketTypes.kind,
      priceCents: ticketTypes.priceCents,
      currency: ticketTypes.currency,
      taxRateId: ticketTypes.taxRateId,
    })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, params.eventId))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.createdAt), asc(ticketTypes.id));
}

export function setEventTaxMode(
  db: DbExecutor,
  params: { eventId: string; pricesIncludeTax: boolean; now: Date },
) {
  return db
    .update(events)
    .set({ pricesIncludeTax: params.pricesIncludeTax, updatedAt: params.now })
    .where(eq(events.id, params.eventId));
}

export function assignRate(
  db: DbExecutor,
  params: { eventId: string; ticketTypeIds: string[]; taxRateId: string | null },
) {
  return db
    .update(ticketTypes)
    .set({ taxRateId: params.taxRateId })
    .where(
      and(eq(ticketTypes.eventId, params.eventId), inArray(ticketTypes.id, params.ticketTypeIds)),
    );
}

/**
 * Writes the tax of every line of an order from its ticket types' rates and their events' price
 * mode, then the order's tax and total, in ONE statement (so a failure leaves nothing half
 * written, and running it again gives the same rows). Same formula as tax-lines.ts: the line's
 * tax rounded half up, inside a tax-inclusive amount or on top of a tax-exclusive one; none
 * under reverse charge. Returns the order's new total, or nothing when no line is taxed.
 */
export async function applyOrderTax(db: DbExecutor, params: { orderId: string }) {
  const result = await db.execute<{ total_cents: number; tax_cents: number }>(sql`
    with lines as (
      update order_items oi set
        tax_rate_id = r.id,
        tax_name = r.name,
        tax_rate_thousandths = r.rate_thousandths,
        tax_added = not e.prices_include_tax,
        tax_cents = case
          when o.reverse_charge then 0
          when e.prices_include_tax then
            (2 * (oi.quantity::bigint * oi.unit_price_cents - oi.discount_cents) * r.rate_thousandths
              + 100000 + r.rate_thousandths) / (2 * (100000 + r.rate_thousandths))
          -- Tax on top is rounded to the currency's charge step (10 fils in three-decimal
          -- currencies, else 1), so the total stays chargeable (decision 074).
          else s.step * ((2 * (oi.quantity::bigint * oi.unit_price_cents - oi.discount_cents)
              * r.rate_thousandths + 100000 * s.step) / (200000 * s.step))
        end
      from ticket_types t
      join tax_rates r on r.id = t.tax_rate_id
      join events e on e.id = t.event_id
      cross join orders o
      cross join lateral (
        select case when o.currency = any(${sql.param([...THREE_DECIMAL_CURRENCIES])}::text[])
          then 10 else 1 end as step
      ) s
      where oi.order_id = ${params.orderId} and o.id = oi.order_id and t.id = oi.ticket_type_id
      returning oi.tax_cents, oi.tax_added
    ), sums as (
      select count(*) as n,
        coalesce(sum(tax_cents), 0) as tax,
        coalesce(sum(tax_cents) filter (where tax_added), 0) as added,
        bool_and(not tax_added) as included
      from lines
    )
    update orders set
      tax_cents = sums.tax,
      total_cents = orders.subtotal_cents - orders.discount_cents + sums.added,
      prices_include_tax = sums.included
    from sums
    where orders.id = ${params.orderId} and sums.n > 0
    returning orders.total_cents, orders.tax_cents
  `);
  const row = result.rows[0];
  return row ? { totalCents: Number(row.total_cents), taxCents: Number(row.tax_cents) } : null;
}

export function findOrderTaxHeader(db: DbExecutor, params: { orderId: string }) {
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      currency: orders.currency,
      pricesIncludeTax: orders.pricesIncludeTax,
      reverseCharge: orders.reverseCharge,
      totalCents: orders.totalCents,
      refundedCents: orders.refundedCents,
      taxCents: orders.taxCents,
    })
    .from(orders)
    .where(eq(orders.id, params.orderId));
}

/** An order's tax lines in the order they were written (by ticket type), as the order shows them. */
export function findOrderTaxLines(db: DbExecutor, params: { orderId: string }) {
  return db
    .select({
      orderItemId: orderItems.id,
      eventTitle: events.title,
      typeName: ticketTypes.name,
      variation: ticketTypes.variation,
      quantity: orderItems.quantity,
      netCents: orderItems.netCents,
      taxCents: orderItems.taxCents,
      taxName: orderItems.taxName,
      rateThousandths: orderItems.taxRateThousandths,
    })
    .from(orderItems)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
    .innerJoin(events, eq(events.id, orderItems.eventId))
    .where(eq(orderItems.orderId, params.orderId))
    .orderBy(asc(orderItems.ticketTypeId), asc(orderItems.id));
}

/** Whether `userId` organizes an event the order buys from. */
export async function sellsInOrder(db: DbExecutor, params: { orderId: string; userId: string }) {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(events, eq(events.id, orderItems.eventId))
    .where(and(eq(orderItems.orderId, params.orderId), eq(events.userId, params.userId)))
    .limit(1);
  return Boolean(row);
}

/** Each ticket type's rate and its event's price mode, for a cart's quote. */
export function findTypeTaxes(db: DbExecutor, params: { ticketTypeIds: string[] }) {
  return db
    .select({
      ticketTypeId: ticketTypes.id,
      currency: ticketTypes.currency,
      pricesIncludeTax: events.pricesIncludeTax,
      taxName: taxRates.name,
      rateThousandths: taxRates.rateThousandths,
    })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .leftJoin(taxRates, eq(taxRates.id, ticketTypes.taxRateId))
    .where(inArray(ticketTypes.id, params.ticketTypeIds));
}
