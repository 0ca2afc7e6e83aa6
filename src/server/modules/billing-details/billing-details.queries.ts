import { eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { eventBillingSettings, orderBillingDetails } from '../../db/schema/billing-details';
import { orders } from '../../db/schema/tickets';

const settingsColumns = {
  eventId: eventBillingSettings.eventId,
  billingDetailsRequired: eventBillingSettings.billingDetailsRequired,
  reverseChargeEnabled: eventBillingSettings.reverseChargeEnabled,
  sellerCountry: eventBillingSettings.sellerCountry,
};

export const NO_SETTINGS = {
  billingDetailsRequired: false,
  reverseChargeEnabled: false,
  sellerCountry: null,
};

export async function findEventSettings(db: DbExecutor, params: { eventIds: string[] }) {
  if (params.eventIds.length === 0) return [];
  return db
    .select(settingsColumns)
    .from(eventBillingSettings)
    .where(inArray(eventBillingSettings.eventId, params.eventIds));
}

export async function upsertEventSettings(
  db: DbExecutor,
  params: {
    eventId: string;
    billingDetailsRequired: boolean;
    reverseChargeEnabled: boolean;
    sellerCountry: string | null;
    now: Date;
  },
) {
  const { eventId, now, ...values } = params;
  await db
    .insert(eventBillingSettings)
    .values({ eventId, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: eventBillingSettings.eventId,
      set: { ...values, updatedAt: now },
    });
}

export async function copyEventSettings(
  db: DbExecutor,
  params: { fromEventId: string; toEventId: string; now: Date },
) {
  const [row] = await findEventSettings(db, { eventIds: [params.fromEventId] });
  if (!row) return;
  const { eventId: _from, ...values } = row;
  await upsertEventSettings(db, { eventId: params.toEventId, ...values, now: params.now });
}

export async function insertOrderDetails(
  db: DbExecutor,
  values: typeof orderBillingDetails.$inferInsert,
) {
  // A replayed order keeps the details first stored.
  await db.insert(orderBillingDetails).values(values).onConflictDoNothing();
}

export async function findOrderDetails(db: DbExecutor, params: { orderId: string }) {
  const [row] = await db
    .select()
    .from(orderBillingDetails)
    .where(eq(orderBillingDetails.orderId, params.orderId));
  return row;
}

/**
 * The order's billing details when the actor may see the order: its buyer, the organizer of an
 * event in it, or an admin (the orders module's rule, said again here so this module does not
 * depend on the one that calls it).
 */
export async function findVisibleOrderDetails(
  db: DbExecutor,
  params: { orderId: string; userId: string; asAdmin: boolean },
) {
  const rows = await db.execute<{ visible: boolean; details: boolean }>(sql`
    select true as visible, exists (select 1 from order_billing_details d where d.order_id = o.id) as details
    from orders o
    where o.id = ${params.orderId}
      and (${params.asAdmin} or o.user_id = ${params.userId} or exists (
        select 1 from order_items vi join events ve on ve.id = vi.event_id
        where vi.order_id = o.id and ve.user_id = ${params.userId}))`);
  const row = rows.rows[0];
  if (!row) return { visible: false as const };
  return {
    visible: true as const,
    details: row.details ? await findOrderDetails(db, params) : undefined,
  };
}

/** The settings of the events the ticket types belong to (defaults for an event without any). */
export async function findSettingsForTicketTypes(
  db: DbExecutor,
  params: { ticketTypeIds: string[] },
) {
  if (params.ticketTypeIds.length === 0) return [];
  const ids = sql.join(
    params.ticketTypeIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<{
    billingDetailsRequired: boolean | null;
    reverseChargeEnabled: boolean | null;
    sellerCountry: string | null;
  }>(sql`
    select distinct t.event_id, s.billing_details_required as "billingDetailsRequired",
      s.reverse_charge_enabled as "reverseChargeEnabled", s.seller_country as "sellerCountry"
    from ticket_types t left join event_billing_settings s on s.event_id = t.event_id
    where t.id in (${ids})`);
  return result.rows.map((row) => ({
    billingDetailsRequired: row.billingDetailsRequired ?? false,
    reverseChargeEnabled: row.reverseChargeEnabled ?? false,
    sellerCountry: row.sellerCountry,
  }));
}

export async function markReverseCharge(db: DbExecutor, params: { orderId: string }) {
  await db.update(orders).set({ reverseCharge: true }).where(eq(orders.id, params.orderId));
}
