import { sql } from 'drizzle-orm';
import { EXPORT_KEEP_HOURS } from '../../../contracts/exports';
import { SOURCE_LOCALE } from '../../../contracts/locales';
import type { DbExecutor } from '../../db/client';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { writeExportFile } from './exports.service';
import * as q from './exports.queries';

/**
 * A finished attendee export (Excel) of the demo organizer's best-selling event, so its exports
 * page lists one to download. Made again at a start after the last one was swept.
 */
export async function seedExports(tx: DbExecutor, params: { now: Date }) {
  const { rows } = await tx.execute<{ event_id: string; user_id: string; n: number }>(sql`
    select e.id as event_id, e.user_id, count(t.id)::int as n
    from events e join users u on u.id = e.user_id
    join tickets t on t.event_id = e.id
    where u.email = ${getDemoAccount('organizer').email}
    group by e.id, e.user_id order by n desc, e.id limit 1`);
  const best = rows[0];
  if (!best) return;
  const kept = await q.findExportsOfEvent(tx, {
    eventId: best.event_id,
    now: params.now,
    limit: 1,
  });
  if (kept.length) return;
  const event = await q.findEventOfExport(tx, { eventId: best.event_id });
  if (!event) return;
  const row = await q.insertExport(tx, {
    eventId: event.id,
    userId: best.user_id,
    kind: 'attendees',
    format: 'xlsx',
    rowsTotal: best.n,
    createdAt: params.now,
    // Never mailed: it was not waited for.
    backgroundAt: new Date(params.now.getTime() + EXPORT_KEEP_HOURS * 3_600_000),
    expiresAt: new Date(params.now.getTime() + EXPORT_KEEP_HOURS * 3_600_000),
  });
  await writeExportFile(tx, { row, event, locale: SOURCE_LOCALE, now: () => params.now });
}
