import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  subscriptionInvoices,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema/subscriptions';
import { orders } from '../../db/schema/tickets';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof subscriptionInvoices.$inferSelect;
export type NewPlan = typeof subscriptionPlans.$inferInsert;

/** spec §7: active plans, cheapest first. */
export function listActivePlans(db: DbExecutor) {
  return db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.priceMonthly), asc(subscriptionPlans.name));
}

export function listAllPlansWithCounts(db: DbExecutor) {
  return db
    .select({
      plan: subscriptionPlans,
      subscriberCount: sql<number>`(select count(*)::int from ${subscriptions} s
        where s.plan_id = ${subscriptionPlans.id} and s.status <> 'canceled')`,
    })
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.priceMonthly), asc(subscriptionPlans.name));
}

export async function findPlan(db: DbExecutor, params: { id: string; activeOnly?: boolean }) {
  const [plan] = await db
    .select()
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.id, params.id),
        params.activeOnly ? eq(subscriptionPlans.isActive, true) : undefined,
      ),
    );
  return plan ?? null;
}

export async function insertPlan(db: DbExecutor, params: { values: NewPlan }) {
  const [plan] = await db.insert(subscriptionPlans).values(params.values).returning();
  return plan ?? null;
}

export async function updatePlan(db: DbExecutor, params: { id: string; values: Partial<NewPlan> }) {
  const [plan] = await db
    .update(subscriptionPlans)
    .set(params.values)
    .where(eq(subscriptionPlans.id, params.id))
    .returning();
  return plan ?? null;
}

/** Deletes a plan nobody ever subscribed to (subscriptions and invoices keep theirs). */
export async function deleteUnusedPlan(db: DbExecutor, params: { id: string }) {
  const { rowCount } = await db.execute(sql`
    delete from subscription_plans p where p.id = ${params.id}
      and not exists (select 1 from subscriptions s where s.plan_id = p.id or s.pending_plan_id = p.id)
      and not exists (select 1 from subscription_invoices i where i.plan_id = p.id)`);
  return (rowCount ?? 0) > 0;
}

export async function countPlanUsers(db: DbExecutor, params: { id: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(eq(subscriptions.planId, params.id));
  return row?.n ?? 0;
}

export async function findPlanByName(db: DbExecutor, params: { name: string }) {
  const [plan] = await db
    .select()
    .from(subscriptionPlans)
    .where(sql`lower(${subscriptionPlans.name}) = lower(${params.name})`);
  return plan ?? null;
}

/** The person's subscription with its plan (and the plan it will change to). */
export async function findUserSubscription(
  db: DbExecutor,
  params: { userId: string; forUpdate?: boolean },
) {
  const query = db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, params.userId));
  const [row] = params.forUpdate ? await query.for('update', { of: subscriptions }) : await query;
  return row ?? null;
}

/** The row a provider's subscription events are about, locked for the webhook's transaction. */
export async function findByProviderRef(db: DbExecutor, params: { ref: string }) {
  const [row] = await db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.providerSubscriptionId, params.ref))
    .for('update', { of: subscriptions });
  return row ?? null;
}

export function listInvoices(db: DbExecutor, params: { userId: string; limit: number }) {
  return db
    .select({ invoice: subscriptionInvoices, planName: subscriptionPlans.name })
    .from(subscriptionInvoices)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionInvoices.planId))
    .where(eq(subscriptionInvoices.userId, params.userId))
    .orderBy(desc(subscriptionInvoices.createdAt), desc(subscriptionInvoices.id))
    .limit(params.limit);
}

export async function findOwnInvoice(db: DbExecutor, params: { userId: string; id: string }) {
  const [row] = await db
    .select({ invoice: subscriptionInvoices, planName: subscriptionPlans.name })
    .from(subscriptionInvoices)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionInvoices.planId))
    .where(
      and(eq(subscriptionInvoices.id, params.id), eq(subscriptionInvoices.userId, params.userId)),
    );
  return row ?? null;
}

/** Records one charge attempt: its id, or null when it was already recorded (a repeat). */
export async function insertInvoice(
  db: DbExecutor,
  params: { values: typeof subscriptionInvoices.$inferInsert },
) {
  const rows = await db
    .insert(subscriptionInvoices)
    .values(params.values)
    .onConflictDoNothing()
    .returning({ id: subscriptionInvoices.id });
  return rows[0]?.id ?? null;
}

/** The paid orders the charges were recorded as (their tax and invoices), by charge row id. */
export async function linkInvoiceOrders(
  db: DbExecutor,
  params: { links: { id: string; orderId: string }[] },
) {
  if (!params.links.length) return;
  const values = sql.join(
    params.links.map((l) => sql`(${l.id}::uuid, ${l.orderId}::uuid)`),
    sql`, `,
  );
  await db.execute(sql`
    update subscription_invoices i set order_id = v.order_id
    from (values ${values}) as v(id, order_id) where i.id = v.id`);
}

export async function invoiceForOrder(db: DbExecutor, params: { orderId: string }) {
  const [row] = await db
    .select({ id: subscriptionInvoices.id })
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.orderId, params.orderId));
  return row ?? null;
}

/**
 * Due subscriptions, locked so that a second worker skips them (SKIP LOCKED): two processes
 * running the job at once each take different rows.
 */
export async function lockDue(db: DbExecutor, params: { now: Date; limit: number }) {
  return db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(sql`${subscriptions.renewsAt} <= ${params.now}`)
    .orderBy(asc(subscriptions.renewsAt))
    .limit(params.limit)
    .for('update', { of: subscriptions, skipLocked: true });
}

export async function updateSubscription(
  db: DbExecutor,
  params: { id: string; values: Partial<typeof subscriptions.$inferInsert> },
) {
  const [row] = await db
    .update(subscriptions)
    .set(params.values)
    .where(eq(subscriptions.id, params.id))
    .returning();
  return row ?? null;
}

/** Starts (or restarts) the person's one subscription row. */
export async function upsertSubscription(
  db: DbExecutor,
  params: { values: typeof subscriptions.$inferInsert },
) {
  const { userId: _userId, id: _id, createdAt: _createdAt, ...changes } = params.values;
  const [row] = await db
    .insert(subscriptions)
    .values(params.values)
    .onConflictDoUpdate({ target: subscriptions.userId, set: changes })
    .returning();
  return row ?? null;
}

/**
 * Live subscriptions owed a notice before their period ends, once per period end: set to end
 * (by `endingBefore`), or a trial that will be charged at its end (by `trialBefore`).
 */
export function listOwedEndingNotices(
  db: DbExecutor,
  params: { endingBefore: Date; trialBefore: Date; limit: number },
) {
  return db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(
      sql`${subscriptions.endingNoticeFor} is distinct from ${subscriptions.currentPeriodEnd}
        and ((${subscriptions.cancelAtPeriodEnd} and ${subscriptions.status} <> 'canceled'
            and ${subscriptions.currentPeriodEnd} <= ${params.endingBefore})
          or (${subscriptions.status} = 'trialing' and not ${subscriptions.cancelAtPeriodEnd}
            and ${subscriptions.currentPeriodEnd} <= ${params.trialBefore}))`,
    )
    .limit(params.limit);
}

/** Records that these subscriptions were told about the period end they were found with. */
export async function markEndingNoticed(
  db: DbExecutor,
  params: { rows: { id: string; periodEnd: Date }[] },
) {
  if (!params.rows.length) return;
  const values = sql.join(
    params.rows.map((r) => sql`(${r.id}::uuid, ${r.periodEnd}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update subscriptions s set ending_notice_for = v.period_end
    from (values ${values}) as v(id, period_end)
    where s.id = v.id`);
}

/** Whether the person ever had this plan's free trial (one per plan, ever). */
export async function trialTaken(db: DbExecutor, params: { userId: string; planId: string }) {
  const [row] = await db
    .select({ id: subscriptionInvoices.id })
    .from(subscriptionInvoices)
    .where(
      and(
        eq(subscriptionInvoices.userId, params.userId),
        eq(subscriptionInvoices.planId, params.planId),
        eq(subscriptionInvoices.kind, 'trial'),
      ),
    );
  return Boolean(row);
}

/** The plans whose trial the person already had. */
export async function listTrialsUsed(db: DbExecutor, params: { userId: string }) {
  const rows = await db
    .select({ planId: subscriptionInvoices.planId })
    .from(subscriptionInvoices)
    .where(
      and(eq(subscriptionInvoices.userId, params.userId), eq(subscriptionInvoices.kind, 'trial')),
    );
  return rows.map((r) => r.planId);
}

// ---- renewal batches: one statement per kind of outcome for a whole batch (decision 021)

/** Rows found due that need nothing (already canceled): off the due list. */
export async function clearDue(db: DbExecutor, params: { ids: string[] }) {
  if (!params.ids.length) return;
  await db
    .update(subscriptions)
    .set({ renewsAt: null })
    .where(inArray(subscriptions.id, params.ids));
}

/** Ends subscriptions at their period end (canceled at period end, or not ours to charge). */
export async function endAtPeriodEnd(db: DbExecutor, params: { ids: string[]; now: Date }) {
  if (!params.ids.length) return;
  await db
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: params.now, renewsAt: null, updatedAt: params.now })
    .where(inArray(subscriptions.id, params.ids));
}

/**
 * Records a batch's charge attempts; returns the subscriptions whose attempt is new. An attempt
 * already recorded (its unique key) is a repeat and charges nothing.
 */
export async function insertInvoices(
  db: DbExecutor,
  params: { values: (typeof subscriptionInvoices.$inferInsert)[] },
) {
  if (!params.values.length) return new Map<string, string>();
  const rows = await db
    .insert(subscriptionInvoices)
    .values(params.values)
    .onConflictDoNothing()
    .returning({
      id: subscriptionInvoices.id,
      subscriptionId: subscriptionInvoices.subscriptionId,
    });
  return new Map(rows.map((r) => [r.subscriptionId, r.id]));
}

/** Paid renewals: the next period, the plan it renews on (a scheduled downgrade applied). */
export async function applyRenewals(
  db: DbExecutor,
  params: { rows: { id: string; planId: string; start: Date; end: Date }[]; now: Date },
) {
  if (!params.rows.length) return;
  const values = sql.join(
    params.rows.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.planId}::uuid, ${r.start}::timestamptz, ${r.end}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update subscriptions s set plan_id = v.plan_id, pending_plan_id = null, status = 'active',
      current_period_start = v.period_start, current_period_end = v.period_end,
      failed_attempts = 0, renews_at = v.period_end, updated_at = ${params.now}
    from (values ${values}) as v(id, plan_id, period_start, period_end)
    where s.id = v.id`);
}

/** Failed renewals: past_due with the next retry, or canceled after the last one. */
export async function applyFailures(
  db: DbExecutor,
  params: {
    rows: { id: string; attempts: number; retryAt: Date | null }[];
    now: Date;
  },
) {
  if (!params.rows.length) return;
  const values = sql.join(
    params.rows.map((r) => sql`(${r.id}::uuid, ${r.attempts}::int, ${r.retryAt}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update subscriptions s set failed_attempts = v.attempts, renews_at = v.retry_at,
      status = case when v.retry_at is null then 'canceled' else 'past_due' end,
      canceled_at = case when v.retry_at is null then ${params.now}::timestamptz else s.canceled_at end,
      updated_at = ${params.now}
    from (values ${values}) as v(id, attempts, retry_at)
    where s.id = v.id`);
}

/** Plans by id, for a batch's scheduled downgrades. */
export function findPlans(db: DbExecutor, params: { ids: string[] }) {
  if (!params.ids.length) return Promise.resolve([] as PlanRow[]);
  return db.select().from(subscriptionPlans).where(inArray(subscriptionPlans.id, params.ids));
}

/** When (and through which provider) an order was paid. */
export async function findOrderPayment(db: DbExecutor, params: { orderId: string }) {
  const [paid] = await db
    .select({ paidAt: orders.paidAt, provider: orders.provider })
    .from(orders)
    .where(eq(orders.id, params.orderId));
  return paid;
}
