import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { productAddOnRules } from '../../db/schema/product-add-ons';
import { products } from '../../db/schema/products';
import { orderItems, orders, ticketTypes } from '../../db/schema/tickets';

export type ProductRow = typeof products.$inferSelect;
export type VariationRow = typeof ticketTypes.$inferSelect;
export type ProductColumns = Omit<
  typeof products.$inferInsert,
  'id' | 'eventId' | 'sortOrder' | 'createdAt' | 'updatedAt'
>;
/** What a variation row takes from its product and its own input. */
export type VariationColumns = Pick<
  typeof ticketTypes.$inferInsert,
  | 'name'
  | 'description'
  | 'priceCents'
  | 'currency'
  | 'salesStart'
  | 'salesEnd'
  | 'maxPerOrder'
  | 'variation'
>;
export type RuleRow = typeof productAddOnRules.$inferSelect & {
  ticketTypeName: string;
  ticketTypeHidden: boolean;
};

/** An event's products in the organizer's order. */
export async function findProductsOfEvent(db: DbExecutor, params: { eventId: string }) {
  return db
    .select()
    .from(products)
    .where(eq(products.eventId, params.eventId))
    .orderBy(asc(products.sortOrder), asc(products.createdAt));
}

/** One product, locked for the rest of the transaction. */
export async function lockProductById(db: DbExecutor, params: { id: string }) {
  const [row] = await db.select().from(products).where(eq(products.id, params.id)).for('update');
  return row;
}

/** The variations (ticket types of kind product) of these products, in their order. */
export async function findVariations(db: DbExecutor, params: { productIds: string[] }) {
  if (!params.productIds.length) return [];
  return db
    .select()
    .from(ticketTypes)
    .where(inArray(ticketTypes.productId, params.productIds))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.createdAt));
}

/** The add-on rules of these products, with their ticket types' names. */
export async function findRules(db: DbExecutor, params: { productIds: string[] }) {
  if (!params.productIds.length) return [];
  return db
    .select({
      productId: productAddOnRules.productId,
      ticketTypeId: productAddOnRules.ticketTypeId,
      minPerTicket: productAddOnRules.minPerTicket,
      maxPerTicket: productAddOnRules.maxPerTicket,
      ticketTypeName: ticketTypes.name,
      ticketTypeHidden: ticketTypes.isHidden,
    })
    .from(productAddOnRules)
    .innerJoin(ticketTypes, eq(ticketTypes.id, productAddOnRules.ticketTypeId))
    .where(inArray(productAddOnRules.productId, params.productIds))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.createdAt));
}

/** Units held by pending orders, per variation. */
export async function sumHeldByVariation(db: DbExecutor, params: { typeIds: string[] }) {
  if (!params.typeIds.length) return [];
  return db
    .select({
      ticketTypeId: orderItems.ticketTypeId,
      held: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.ticketTypeId, params.typeIds), eq(orders.status, 'pending')))
    .groupBy(orderItems.ticketTypeId);
}

/** Which of these ticket types are admissions of the event (an add-on rule's targets). */
export async function findAdmissionIdsOfEvent(
  db: DbExecutor,
  params: { eventId: string; ids: string[] },
) {
  if (!params.ids.length) return new Set<string>();
  const rows = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(
      and(
        inArray(ticketTypes.id, params.ids),
        eq(ticketTypes.eventId, params.eventId),
        eq(ticketTypes.kind, 'admission'),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function insertProduct(
  db: DbExecutor,
  params: { eventId: string; columns: ProductColumns; now: Date },
) {
  const [row] = await db
    .insert(products)
    .values({
      ...params.columns,
      eventId: params.eventId,
      sortOrder: sql`(select coalesce(max(sort_order), -1) + 1 from products where event_id = ${params.eventId})`,
      createdAt: params.now,
      updatedAt: params.now,
    })
    .returning();
  return row;
}

export async function updateProductById(
  db: DbExecutor,
  params: { id: string; columns: ProductColumns; now: Date },
) {
  const [row] = await db
    .update(products)
    .set({ ...params.columns, updatedAt: params.now })
    .where(eq(products.id, params.id))
    .returning();
  return row;
}

export async function deleteProductById(db: DbExecutor, params: { id: string }) {
  await db.delete(products).where(eq(products.id, params.id));
}

/** A new variation: a ticket type of kind product, placed after the event's others. */
export async function insertVariation(
  db: DbExecutor,
  params: {
    eventId: string;
    productId: string;
    columns: VariationColumns;
    quantity: number;
    sortOrder: number;
    now: Date;
  },
) {
  await db.insert(ticketTypes).values({
    ...params.columns,
    kind: 'product',
    productId: params.productId,
    eventId: params.eventId,
    quantity: params.quantity,
    remaining: params.quantity,
    minPerOrder: 1,
    sortOrder: params.sortOrder,
    createdAt: params.now,
    updatedAt: params.now,
  });
}

/**
 * A variation's new settings; its stock moves by the change of quantity, guarded so it never
 * goes below what is sold or held. False when it would (nothing changes).
 */
export async function updateVariation(
  db: DbExecutor,
  params: {
    id: string;
    columns: VariationColumns;
    quantity: number;
    sortOrder: number;
    now: Date;
  },
) {
  const { rowCount } = await db.execute(sql`
    update ticket_types set
      name = ${params.columns.name},
      description = ${params.columns.description ?? ''},
      price_cents = ${params.columns.priceCents},
      currency = ${params.columns.currency ?? 'USD'},
      sales_start = ${params.columns.salesStart ?? null},
      sales_end = ${params.columns.salesEnd ?? null},
      max_per_order = ${params.columns.maxPerOrder ?? 10},
      variation = ${params.columns.variation ?? null},
      remaining = remaining + (${params.quantity}::int - quantity),
      quantity = ${params.quantity},
      sort_order = ${params.sortOrder},
      updated_at = ${params.now}
    where id = ${params.id} and remaining + (${params.quantity}::int - quantity) >= 0`);
  return Boolean(rowCount);
}

/** Whether any order (of any status) names the variation. */
export async function hasOrderItems(db: DbExecutor, params: { ticketTypeIds: string[] }) {
  if (!params.ticketTypeIds.length) return false;
  const [used] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(inArray(orderItems.ticketTypeId, params.ticketTypeIds))
    .limit(1);
  return Boolean(used);
}

export async function deleteVariations(db: DbExecutor, params: { ids: string[] }) {
  if (!params.ids.length) return;
  await db.delete(ticketTypes).where(inArray(ticketTypes.id, params.ids));
}

/** The product's add-on rules become exactly these. */
export async function replaceRules(
  db: DbExecutor,
  params: {
    productId: string;
    rules: { ticketTypeId: string; minPerTicket: number; maxPerTicket: number }[];
  },
) {
  await db.delete(productAddOnRules).where(eq(productAddOnRules.productId, params.productId));
  if (!params.rules.length) return;
  await db
    .insert(productAddOnRules)
    .values(params.rules.map((rule) => ({ ...rule, productId: params.productId })));
}

/** The next free sort position among the event's ticket types (variations sort after tickets). */
export async function nextTypeSortOrder(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${ticketTypes.sortOrder}), -1)::int + 1` })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, params.eventId));
  return row?.next ?? 0;
}
