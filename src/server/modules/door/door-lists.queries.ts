import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { doorCheckInLists, doorScans } from '../../db/schema/door';
import { tickets, ticketTypes } from '../../db/schema/tickets';
import { profiles, users } from '../../db/schema/users';

// Check-in lists and the conflicts of offline scans (decision 116).

/** By name: lists made in one instant (a frozen clock, a script) still come in one order. */
export function findCheckInLists(db: DbExecutor, eventId: string) {
  return db
    .select()
    .from(doorCheckInLists)
    .where(eq(doorCheckInLists.eventId, eventId))
    .orderBy(asc(doorCheckInLists.name), asc(doorCheckInLists.id));
}

export async function findCheckInList(db: DbExecutor, params: { eventId: string; id: string }) {
  const [row] = await db
    .select()
    .from(doorCheckInLists)
    .where(and(eq(doorCheckInLists.eventId, params.eventId), eq(doorCheckInLists.id, params.id)));
  return row ?? null;
}
export type CheckInListRow = typeof doorCheckInLists.$inferSelect;

export async function insertCheckInList(db: DbExecutor, row: typeof doorCheckInLists.$inferInsert) {
  const [made] = await db.insert(doorCheckInLists).values(row).returning();
  if (!made) throw new Error('insert returned no row');
  return made;
}

export async function updateCheckInListRow(
  db: DbExecutor,
  params: {
    eventId: string;
    id: string;
    row: Omit<typeof doorCheckInLists.$inferInsert, 'id' | 'eventId' | 'createdAt'>;
  },
) {
  const [changed] = await db
    .update(doorCheckInLists)
    .set(params.row)
    .where(and(eq(doorCheckInLists.eventId, params.eventId), eq(doorCheckInLists.id, params.id)))
    .returning();
  return changed ?? null;
}

export async function deleteCheckInList(db: DbExecutor, params: { eventId: string; id: string }) {
  const gone = await db
    .delete(doorCheckInLists)
    .where(and(eq(doorCheckInLists.eventId, params.eventId), eq(doorCheckInLists.id, params.id)))
    .returning({ id: doorCheckInLists.id });
  return gone.length > 0;
}

/** The admission that stood when the conflicting scan arrived: the last one heard before it. */
const firstOf = (column: 'device_id' | 'gate' | 'scanned_at') =>
  sql.raw(`(select a.${column} from door_scans a
    where a.ticket_id = door_scans.ticket_id and a.result = 'admitted'
      and a.received_at <= door_scans.received_at
    order by a.received_at desc, a.scanned_at desc limit 1)`);

/** The event's conflicts, newest first (at most `limit`). */
export function findConflicts(db: DbExecutor, params: { eventId: string; limit: number }) {
  return db
    .select({
      ticketId: doorScans.ticketId,
      holderName: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
      ticketType: ticketTypes.name,
      deviceId: doorScans.deviceId,
      gate: doorScans.gate,
      scannedAt: doorScans.scannedAt,
      reason: doorScans.reason,
      firstDevice: sql<string | null>`${firstOf('device_id')}`,
      firstGate: sql<string | null>`${firstOf('gate')}`,
      firstAt: sql<string | null>`${firstOf('scanned_at')}`,
      checkedInAt: tickets.checkedInAt,
    })
    .from(doorScans)
    .innerJoin(tickets, eq(tickets.id, doorScans.ticketId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(users, eq(users.id, tickets.userId))
    .leftJoin(profiles, eq(profiles.id, tickets.userId))
    .where(and(eq(doorScans.eventId, params.eventId), eq(doorScans.result, 'conflict')))
    .orderBy(desc(doorScans.receivedAt), desc(doorScans.scannedAt))
    .limit(params.limit);
}
