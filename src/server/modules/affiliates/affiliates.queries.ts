import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  affiliateAttributions,
  affiliateCommissionRules,
  affiliateLedger,
  affiliates,
  affiliateW9,
  affiliateW9Reads,
  referralClicks,
  referrals,
} from '../../db/schema/affiliates';
import { events } from '../../db/schema/events';
import { profiles, users } from '../../db/schema/users';

export type AttributionRow = typeof affiliateAttributions.$inferSelect;

export async function findAffiliate(db: DbExecutor, params: { userId: string }) {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.userId, params.userId));
  return row ?? null;
}

export async function findAffiliateByCode(db: DbExecutor, params: { code: string }) {
  const [row] = await db
    .select({ userId: affiliates.userId, code: affiliates.code })
    .from(affiliates)
    .where(eq(affiliates.code, params.code));
  return row ?? null;
}

/** Joining twice keeps the first code. */
export async function insertAffiliate(
  db: DbExecutor,
  params: { userId: string; code: string; now: Date },
) {
  await db
    .insert(affiliates)
    .values({ userId: params.userId, code: params.code, termsAcceptedAt: params.now })
    .onConflictDoNothing();
  return findAffiliate(db, params);
}

export async function setPayoutMethod(
  db: DbExecutor,
  params: { userId: string; payoutMethod: string; payoutDetails: string },
) {
  const rows = await db
    .update(affiliates)
    .set({ payoutMethod: params.payoutMethod, payoutDetails: params.payoutDetails })
    .where(eq(affiliates.userId, params.userId))
    .returning({ userId: affiliates.userId });
  return rows.length > 0;
}

/** spec §4: the first click creates the referral row; later ones find it. */
export async function referralIdFor(
  db: DbExecutor,
  params: { referrerId: string; eventId: string | null; code: string; now: Date },
): Promise<string> {
  const where = and(
    eq(referrals.referrerId, params.referrerId),
    params.eventId ? eq(referrals.eventId, params.eventId) : isNull(referrals.eventId),
  );
  const [found] = await db.select({ id: referrals.id }).from(referrals).where(where);
  if (found) return found.id;
  await db
    .insert(referrals)
    .values({
      referrerId: params.referrerId,
      eventId: params.eventId,
      referralCode: params.code,
      updatedAt: params.now,
    })
    .onConflictDoNothing();
  const [row] = await db.select({ id: referrals.id }).from(referrals).where(where);
  if (!row) throw new Error('referral row missing after insert');
  return row.id;
}

export async function insertAttribution(
  db: DbExecutor,
  params: { orderId: string; affiliateId: string; clickedAt: Date; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(affiliateAttributions)
    .values({
      orderId: params.orderId,
      affiliateId: params.affiliateId,
      clickedAt: params.clickedAt,
      createdAt: params.now,
    })
    .onConflictDoNothing()
    .returning({ id: affiliateAttributions.id });
  return rows.length > 0;
}

/** Attributions that may still change: not yet settled, or credited recently (refunds). */
export async function listUnsettled(
  db: DbExecutor,
  params: { since: Date; affiliateId?: string; orderId?: string; limit: number },
) {
  return db
    .select()
    .from(affiliateAttributions)
    .where(
      and(
        or(
          eq(affiliateAttributions.status, 'open'),
          and(
            eq(affiliateAttributions.status, 'credited'),
            gt(affiliateAttributions.createdAt, params.since),
          ),
        ),
        params.affiliateId ? eq(affiliateAttributions.affiliateId, params.affiliateId) : undefined,
        params.orderId ? eq(affiliateAttributions.orderId, params.orderId) : undefined,
      ),
    )
    .orderBy(affiliateAttributions.createdAt)
    .limit(params.limit);
}

/** The row again, locked for this transaction, so two settlers never apply one change twice. */
export async function lockAttribution(db: DbExecutor, params: { id: string }) {
  const [row] = await db
    .select()
    .from(affiliateAttributions)
    .where(eq(affiliateAttributions.id, params.id))
    .for('update');
  return row ?? null;
}

export async function updateAttribution(
  db: DbExecutor,
  params: {
    id: string;
    status: AttributionRow['status'];
    commissionCents: number;
    reversedForCents: number;
  },
) {
  await db
    .update(affiliateAttributions)
    .set({
      status: params.status,
      commissionCents: params.commissionCents,
      reversedForCents: params.reversedForCents,
    })
    .where(eq(affiliateAttributions.id, params.id));
}

export async function referralEventsOf(db: DbExecutor, params: { eventIds: string[] }) {
  if (!params.eventIds.length) return [];
  return db
    .select({
      id: events.id,
      title: events.title,
      isReferralBased: events.isReferralBased,
      kind: affiliateCommissionRules.kind,
      value: affiliateCommissionRules.value,
    })
    .from(events)
    .leftJoin(affiliateCommissionRules, eq(affiliateCommissionRules.eventId, events.id))
    .where(inArray(events.id, params.eventIds));
}

export async function insertLedger(db: DbExecutor, entry: typeof affiliateLedger.$inferInsert) {
  await db.insert(affiliateLedger).values(entry).onConflictDoNothing();
}

/** spec §4: a conversion adds 1 conversion plus earnings to the link's row (made if missing). */
export async function addConversion(
  db: DbExecutor,
  params: {
    referrerId: string;
    eventId: string;
    code: string;
    conversions: number;
    earningsCents: number;
    now: Date;
  },
) {
  const id = await referralIdFor(db, { ...params });
  await db
    .update(referrals)
    .set({
      conversions: sql`${referrals.conversions} + ${params.conversions}`,
      earningsCents: sql`${referrals.earningsCents} + ${params.earningsCents}`,
      updatedAt: params.now,
    })
    .where(eq(referrals.id, id));
}

/** pending, due and paid: sums over the ledger at `now`, nothing stored. */
export async function balancesOf(db: DbExecutor, params: { affiliateIds: string[]; now: Date }) {
  if (!params.affiliateIds.length) return new Map<string, Balances>();
  const rows = await db
    .select({
      affiliateId: affiliateLedger.affiliateId,
      pending: sql<number>`coalesce(sum(${affiliateLedger.amountCents}) filter (where ${affiliateLedger.kind} <> 'payout' and ${affiliateLedger.availableAt} > ${params.now}), 0)::int`,
      earned: sql<number>`coalesce(sum(${affiliateLedger.amountCents}) filter (where ${affiliateLedger.kind} <> 'payout' and ${affiliateLedger.availableAt} <= ${params.now}), 0)::int`,
      paid: sql<number>`coalesce(-sum(${affiliateLedger.amountCents}) filter (where ${affiliateLedger.kind} = 'payout'), 0)::int`,
    })
    .from(affiliateLedger)
    .where(inArray(affiliateLedger.affiliateId, params.affiliateIds))
    .groupBy(affiliateLedger.affiliateId);
  const result = new Map<string, Balances>();
  for (const id of params.affiliateIds)
    result.set(id, { pendingCents: 0, dueCents: 0, paidCents: 0 });
  for (const row of rows)
    result.set(row.affiliateId, {
      pendingCents: row.pending,
      dueCents: row.earned - row.paid,
      paidCents: row.paid,
    });
  return result;
}
export interface Balances {
  pendingCents: number;
  dueCents: number;
  paidCents: number;
}

/** Serialises payouts to one affiliate (the balance check and the entry in one lock). */
export async function lockAffiliate(db: DbExecutor, params: { userId: string }) {
  const [row] = await db
    .select()
    .from(affiliates)
    .where(eq(affiliates.userId, params.userId))
    .for('update');
  return row ?? null;
}

/** The affiliate's ledger entries, newest first, `limit` from `offset`. */
export async function ledgerOf(
  db: DbExecutor,
  params: { affiliateId: string; limit: number; offset?: number },
) {
  return db
    .select({
      id: affiliateLedger.id,
      kind: affiliateLedger.kind,
      amountCents: affiliateLedger.amountCents,
      eventTitle: events.title,
      reference: affiliateLedger.reference,
      availableAt: affiliateLedger.availableAt,
      createdAt: affiliateLedger.createdAt,
    })
    .from(affiliateLedger)
    .leftJoin(events, eq(events.id, affiliateLedger.eventId))
    .where(eq(affiliateLedger.affiliateId, params.affiliateId))
    .orderBy(desc(affiliateLedger.createdAt), desc(affiliateLedger.id))
    .limit(params.limit)
    .offset(params.offset ?? 0);
}

export async function countLedger(db: DbExecutor, params: { affiliateId: string }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(affiliateLedger)
    .where(eq(affiliateLedger.affiliateId, params.affiliateId));
  return row?.n ?? 0;
}

/** Links per event: the referral rows, plus every opted-in public event not yet clicked. */
export async function linksOf(db: DbExecutor, params: { referrerId: string; now: Date }) {
  const own = await db
    .select({
      eventId: referrals.eventId,
      eventTitle: events.title,
      // Folded clicks plus the ones still pending (partial index): exact without a fold.
      clicks: sql<number>`(${referrals.clicks} + (select count(*) from ${referralClicks} where ${referralClicks.referralId} = ${referrals.id} and ${referralClicks.pending}))::int`,
      conversions: referrals.conversions,
      earningsCents: referrals.earningsCents,
    })
    .from(referrals)
    .leftJoin(events, eq(events.id, referrals.eventId))
    .where(eq(referrals.referrerId, params.referrerId))
    .orderBy(desc(referrals.updatedAt));
  const open = await db
    .select({ eventId: events.id, eventTitle: events.title })
    .from(events)
    .where(
      and(
        eq(events.isReferralBased, true),
        eq(events.eventStatus, 'published'),
        eq(events.visibility, 'public'),
        gt(events.startsAt, params.now),
      ),
    )
    .orderBy(events.startsAt)
    .limit(50);
  const seen = new Set(own.map((row) => row.eventId));
  return [
    ...own,
    ...open
      .filter((row) => !seen.has(row.eventId))
      .map((row) => ({ ...row, clicks: 0, conversions: 0, earningsCents: 0 })),
  ];
}

/** Clicks and conversions per day over the last `days`, for the chart. */
export async function dailyOf(
  db: DbExecutor,
  params: { referrerId: string; from: Date; test: boolean },
) {
  const clicks = await db
    .select({
      day: sql<string>`to_char(${referralClicks.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      count: sql<number>`count(*)::int`,
    })
    .from(referralClicks)
    .innerJoin(referrals, eq(referrals.id, referralClicks.referralId))
    .where(
      and(
        eq(referrals.referrerId, params.referrerId),
        eq(referralClicks.test, params.test),
        gt(referralClicks.createdAt, params.from),
      ),
    )
    .groupBy(sql`1`);
  const conversions = await db
    .select({
      day: sql<string>`to_char(${affiliateLedger.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      count: sql<number>`count(*)::int`,
    })
    .from(affiliateLedger)
    .where(
      and(
        eq(affiliateLedger.affiliateId, params.referrerId),
        eq(affiliateLedger.kind, 'commission'),
        gt(affiliateLedger.createdAt, params.from),
      ),
    )
    .groupBy(sql`1`);
  return { clicks, conversions };
}

/** Test-mode activity: clicks, and test conversions kept as test rows with their own key. */
export async function testActivityOf(
  db: DbExecutor,
  params: { referrerId: string; limit: number },
) {
  return db
    .select({ visitorKey: referralClicks.visitorKey, createdAt: referralClicks.createdAt })
    .from(referralClicks)
    .innerJoin(referrals, eq(referrals.id, referralClicks.referralId))
    .where(and(eq(referrals.referrerId, params.referrerId), eq(referralClicks.test, true)))
    .orderBy(desc(referralClicks.createdAt))
    .limit(params.limit);
}

/** The event, if the actor owns it (admins: any event). */
export async function ownedEvent(
  db: DbExecutor,
  params: { eventId: string; actorId: string; admin: boolean },
) {
  const [row] = await db
    .select({ id: events.id, isReferralBased: events.isReferralBased })
    .from(events)
    .where(
      and(
        eq(events.id, params.eventId),
        params.admin ? undefined : eq(events.userId, params.actorId),
      ),
    );
  return row ?? null;
}

export async function commissionRuleOf(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select()
    .from(affiliateCommissionRules)
    .where(eq(affiliateCommissionRules.eventId, params.eventId));
  return row ?? null;
}

export async function saveCommissionRule(
  db: DbExecutor,
  params: {
    eventId: string;
    actorId: string;
    admin: boolean;
    isReferralBased: boolean;
    kind: 'percent' | 'fixed';
    value: number;
    now: Date;
  },
) {
  const updated = await db
    .update(events)
    .set({ isReferralBased: params.isReferralBased, updatedAt: params.now })
    .where(
      and(
        eq(events.id, params.eventId),
        params.admin ? undefined : eq(events.userId, params.actorId),
      ),
    )
    .returning({ id: events.id });
  if (!updated.length) return false;
  await db
    .insert(affiliateCommissionRules)
    .values({
      eventId: params.eventId,
      kind: params.kind,
      value: params.value,
      updatedAt: params.now,
    })
    .onConflictDoUpdate({
      target: affiliateCommissionRules.eventId,
      set: { kind: params.kind, value: params.value, updatedAt: params.now },
    });
  return true;
}

export async function findW9(db: DbExecutor, params: { userId: string }) {
  const [row] = await db.select().from(affiliateW9).where(eq(affiliateW9.userId, params.userId));
  return row ?? null;
}

export async function upsertW9(db: DbExecutor, row: typeof affiliateW9.$inferInsert) {
  const { userId: _userId, ...rest } = row;
  await db.insert(affiliateW9).values(row).onConflictDoUpdate({
    target: affiliateW9.userId,
    set: rest,
  });
}

export async function recordW9Read(
  db: DbExecutor,
  params: { userId: string; readBy: string; now: Date },
) {
  await db.insert(affiliateW9Reads).values({ ...params, readAt: params.now });
}

export async function listAffiliatesForAdmin(db: DbExecutor, params: { limit: number }) {
  return db
    .select({
      userId: affiliates.userId,
      code: affiliates.code,
      payoutMethod: affiliates.payoutMethod,
      email: users.email,
      name: profiles.fullName,
      tinType: affiliateW9.tinType,
      tinLast4: affiliateW9.tinLast4,
    })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .leftJoin(profiles, eq(profiles.id, affiliates.userId))
    .leftJoin(affiliateW9, eq(affiliateW9.userId, affiliates.userId))
    .orderBy(affiliates.createdAt)
    .limit(params.limit);
}

/** The language the person chose (null reads English). */
export async function languageOf(db: DbExecutor, params: { userId: string }) {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, params.userId));
  return row?.language ?? null;
}
