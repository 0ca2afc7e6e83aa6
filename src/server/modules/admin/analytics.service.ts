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

/**
 * The held days' grouped event lines per period (analytics.queries.ts `HeldLinesSource`), keyed by
 * the held days and their refresh stamps: a recomputed day makes a new key, so an entry is never
 * stale; the time to live only lets unused periods go.
 */
const heldLines = defineCache<q.EventLine[], Pick<AdminDeps, 'db' | 'clock'>>({
  name: 'admin.analyticsHeldLines',
  ttlMs: 2 * 60 * 60_000,
  maxEntries: 8,
});

/** The analytics page's breakdowns as an admin gets them: the held days' lines from the cache. */
export function analyticsBreakdowns(
  deps: Pick<AdminDeps, 'db' | 'clock'>,
  params: { now: Date; days: number },
) {
  return q.analyticsBreakdowns(deps.db, params, (parts, read) =>
    heldLines.in(deps).get(parts.version, read),
  );
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
  return { days };
}
