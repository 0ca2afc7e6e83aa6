import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { funnelOrders, funnels, funnelStepStats } from '../../db/schema/marketing';
import { ownedBy, type Owner } from './marketing.queries';

export type FunnelRow = typeof funnels.$inferSelect;

export async function findFunnels(db: DbExecutor, params: { owner: Owner }) {
  return db
    .select()
    .from(funnels)
    .where(eq(funnels.ownerId, params.owner.id))
    .orderBy(desc(funnels.updatedAt))
    .limit(200);
}

export async function findOwnedFunnel(db: DbExecutor, params: { id: string; owner: Owner }) {
  const [row] = await db
    .select()
    .from(funnels)
    .where(and(eq(funnels.id, params.id), ownedBy(funnels.ownerId, params.owner)));
  return row;
}

export async function findFunnelBySlug(db: DbExecutor, params: { slug: string }) {
  const [row] = await db.select().from(funnels).where(eq(funnels.slug, params.slug));
  return row;
}

export async function insertFunnel(db: DbExecutor, values: typeof funnels.$inferInsert) {
  const [row] = await db.insert(funnels).values(values).returning();
  return row as FunnelRow;
}

export async function updateOwnedFunnel(
  db: DbExecutor,
  params: { id: string; owner: Owner; set: Partial<typeof funnels.$inferInsert> },
) {
  const [row] = await db
    .update(funnels)
    .set(params.set)
    .where(and(eq(funnels.id, params.id), ownedBy(funnels.ownerId, params.owner)))
    .returning();
  return row;
}

export async function deleteOwnedFunnel(db: DbExecutor, params: { id: string; owner: Owner }) {
  const rows = await db
    .delete(funnels)
    .where(and(eq(funnels.id, params.id), ownedBy(funnels.ownerId, params.owner)))
    .returning({ id: funnels.id });
  return rows.length === 1;
}

export async function bumpFunnelStat(
  db: DbExecutor,
  params: { funnelId: string; step: number; field: 'views' | 'conversions' },
) {
  const one = {
    views: params.field === 'views' ? 1 : 0,
    conversions: params.field === 'conversions' ? 1 : 0,
  };
  await db
    .insert(funnelStepStats)
    .values({ funnelId: params.funnelId, step: params.step, ...one })
    .onConflictDoUpdate({
      target: [funnelStepStats.funnelId, funnelStepStats.step],
      set: { [params.field]: sql`${funnelStepStats[params.field]} + 1` },
    });
}

export async function funnelStats(db: DbExecutor, params: { funnelId: string }) {
  return db.select().from(funnelStepStats).where(eq(funnelStepStats.funnelId, params.funnelId));
}

/** Published public events named by event blocks, with what each ticket type has left. */
export async function funnelEvents(db: DbExecutor, params: { ids: string[] }) {
  if (params.ids.length === 0) return [];
  return db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      location: events.location,
      // Admission only: products (decision 051) are not tickets left. Written out in SQL with
      // its own alias: drizzle leaves columns unqualified in a one-table select, which would
      // compare the subquery's columns with themselves.
      types: sql<{ id: string; remaining: number }[]>`coalesce((
        select jsonb_agg(jsonb_build_object('id', tt.id, 'remaining', tt.remaining))
        from ticket_types tt where tt.event_id = "events"."id" and tt.kind = 'admission'
      ), '[]'::jsonb)`,
    })
    .from(events)
    .where(
      and(
        inArray(events.id, params.ids),
        eq(events.eventStatus, 'published'),
        eq(events.visibility, 'public'),
      ),
    );
}

export async function findFunnelById(db: DbExecutor, params: { id: string }) {
  const [row] = await db.select().from(funnels).where(eq(funnels.id, params.id));
  return row;
}

/** One row per order (the primary key): a repeated report records nothing. */
export async function insertFunnelOrder(db: DbExecutor, values: typeof funnelOrders.$inferInsert) {
  const rows = await db
    .insert(funnelOrders)
    .values(values)
    .onConflictDoNothing()
    .returning({ orderId: funnelOrders.orderId });
  return rows.length === 1;
}

/**
 * Paid ticket orders per step and currency, net of refunds. Read from the orders at report time
 * (ticket orders have no paid hook), so a refund or a late payment shows at once; a fully
 * refunded, expired or cancelled order does not count.
 */
export async function funnelOrderStats(db: DbExecutor, params: { funnelId: string }) {
  const result = await db.execute<{
    step: number;
    currency: string;
    orders: number;
    cents: number;
  }>(sql`
    select fo.step, o.currency, count(*)::int as orders,
           coalesce(sum(o.total_cents - o.refunded_cents), 0)::int as cents
      from funnel_orders fo join orders o on o.id = fo.order_id
     where fo.funnel_id = ${params.funnelId} and o.status in ('paid', 'partially_refunded')
     group by fo.step, o.currency
     order by fo.step, o.currency`);
  return result.rows;
}
