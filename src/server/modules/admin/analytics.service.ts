import type { Database } from '../../db/client';
import { defineCache } from '../../platform/cache/shared-cache';
import { ratingsByType } from '../ratings/ratings.service';
import { toAuditEntry } from './admin.presenter';
import { listAudit } from './audit.queries';
import type { AdminDeps } from './admin.service';
import * as q from './analytics.queries';

// The console's overview and analytics pages, and the hourly rollup job they read from.

export async function overview(deps: AdminDeps, params: { days: number }) {
  const [figures, audit] = await Promise.all([
    q.overviewFigures(deps.db, { now: deps.clock.now(), days: params.days }),
    listAudit(deps.db, { page: 1, pageSize: 10 }),
  ]);
  return { days: params.days, ...figures, recentActivity: audit.rows.map(toAuditEntry) };
}

type HeldLinesDeps = Pick<AdminDeps, 'db' | 'clock'>;

const HELD_LINES_TTL_MS = 2 * 60 * 60_000;
const HELD_LINES_PERIODS = 8;

/**
 * The periods (`days`) admins asked for in this process, per database, with when and through
 * which deps: what the rollup job's refill computes again.
 */
const askedPeriods = new WeakMap<Database, Map<number, { at: number; deps: HeldLinesDeps }>>();

function rememberPeriod(deps: HeldLinesDeps, days: number) {
  let asked = askedPeriods.get(deps.db);
  if (!asked) askedPeriods.set(deps.db, (asked = new Map()));
  asked.delete(days);
  asked.set(days, { at: deps.clock.now().getTime(), deps });
  // Oldest first (insertion order): as many periods as the cache keeps.
  while (asked.size > HELD_LINES_PERIODS) asked.delete(asked.keys().next().value as number);
}

/**
 * The held days' lines of every period asked here within the time to live, read again (after
 * the job rewrote days, their keys are new). One after another: this runs beside the admins.
 */
async function refillHeldLines(db: Database) {
  for (const [days, { at, deps }] of askedPeriods.get(db) ?? []) {
    const now = deps.clock.now();
    if (now.getTime() - at >= HELD_LINES_TTL_MS) askedPeriods.get(db)?.delete(days);
    else await q.breakdownHeldLines(db, { now, days }, heldLinesOf(deps));
  }
}

/**
 * The held days' grouped event lines per period (analytics.queries.ts `HeldLinesSource`), keyed by
 * the held days and their refresh stamps: a recomputed day makes a new key, so an entry is never
 * stale; the time to live only lets unused periods go. The rollup job refills it right after it
 * rewrote days, in every process, so the first admin after each hourly refresh reads it warm.
 */
const heldLines = defineCache<q.EventLine[], HeldLinesDeps>({
  name: 'admin.analyticsHeldLines',
  ttlMs: HELD_LINES_TTL_MS,
  maxEntries: HELD_LINES_PERIODS,
  refill: refillHeldLines,
});

const heldLinesOf =
  (deps: HeldLinesDeps): q.HeldLinesSource =>
  (parts, read) =>
    heldLines.in(deps).get(parts.version, read);

/** The analytics page's breakdowns as an admin gets them: the held days' lines from the cache. */
export function analyticsBreakdowns(deps: HeldLinesDeps, params: { now: Date; days: number }) {
  rememberPeriod(deps, params.days);
  return q.analyticsBreakdowns(deps.db, params, heldLinesOf(deps));
}

/** Whether this process holds the period's held lines as the rollup is now (tests, the bench). */
export async function heldLinesReady(deps: HeldLinesDeps, params: { now: Date; days: number }) {
  const parts = await q.breakdownParts(deps.db, params);
  return heldLines.in(deps).peek(parts.version) !== undefined;
}

export async function analytics(deps: AdminDeps, params: { days: number }) {
  const now = deps.clock.now();
  const [breakdowns, ratings] = await Promise.all([
    analyticsBreakdowns(deps, { now, days: params.days }),
    // The spec §2 experience ratings (sign-up, checkout, first event) per type.
    ratingsByType(deps.db, {
      start: new Date(now.getTime() - params.days * 86_400_000),
      end: now,
    }),
  ]);
  return { days: params.days, ...breakdowns, ratingsByType: ratings };
}

// ---------- analytics rollup ----------

/** Days recomputed at every run besides new ones: an order paid just before midnight can commit after it. */
const ROLLUP_REDO_DAYS = 2;
/** Days per transaction, so the first run over years of orders never holds one long transaction. */
const ROLLUP_CHUNK_DAYS = 31;

/**
 * The rollup job (hourly): every whole UTC day up to yesterday that the rollup does not hold yet,
 * plus the last ROLLUP_REDO_DAYS again. Idempotent: a day is recomputed from the orders.
 */
export async function refreshAnalyticsRollup(deps: Pick<AdminDeps, 'db' | 'clock'>) {
  const day = 86_400_000;
  const yesterday = Math.floor(deps.clock.now().getTime() / day) * day - day;
  const { last, first } = await q.rollupBounds(deps.db);
  if (!first) return { days: 0 };
  const firstMs = Date.parse(`${first}T00:00:00Z`);
  let from = last
    ? Math.max(firstMs, Date.parse(`${last}T00:00:00Z`) - ROLLUP_REDO_DAYS * day)
    : firstMs;
  let days = 0;
  while (from <= yesterday) {
    const to = Math.min(yesterday, from + (ROLLUP_CHUNK_DAYS - 1) * day);
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    await q.refreshRollupDays(deps.db, { from: iso(from), to: iso(to) });
    days += Math.round((to - from) / day) + 1;
    from = to + day;
  }
  // The rewritten days have new stamps, so every period holding them has a new key: computed
  // now, here and in the other processes, rather than by the next admin to open the page.
  if (days > 0) await heldLines.refillEverywhere(deps);
  return { days };
}
