import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { tickets } from '../../db/schema/tickets';
import {
  applePassRegistrations,
  walletPassEventChanges,
  walletPassTicketChanges,
} from '../../db/schema/wallet-passes';

// A pass was last modified when what it shows last changed: its ticket (stamped by the triggers
// of migration 0070), its event, or, before any change, when the ticket was made.
const modifiedAt = sql<Date>`greatest(${tickets.createdAt}, ${walletPassTicketChanges.changedAt}, ${walletPassEventChanges.changedAt})`;

/** What the web service needs of a pass's ticket: its code version, event and last change. */
export async function findPassState(db: DbExecutor, params: { ticketId: string }) {
  const [row] = await db
    .select({
      ticketId: tickets.id,
      eventId: tickets.eventId,
      holderId: tickets.userId,
      codeVersion: tickets.codeVersion,
      eventCancelled: sql<boolean>`${events.eventStatus} = 'cancelled'`,
      modifiedAt: modifiedAt.mapWith((value: string | Date) => new Date(value)),
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(walletPassTicketChanges, eq(walletPassTicketChanges.ticketId, tickets.id))
    .leftJoin(walletPassEventChanges, eq(walletPassEventChanges.eventId, tickets.eventId))
    .where(eq(tickets.id, params.ticketId));
  return row;
}

/** Registers the device for the pass; answers whether it was new (Apple's 201) or known (200). */
export async function saveRegistration(
  db: DbExecutor,
  params: {
    deviceLibraryId: string;
    passTypeId: string;
    ticketId: string;
    holderId: string;
    pushToken: string;
  },
): Promise<'created' | 'existing'> {
  const [row] = await db
    .insert(applePassRegistrations)
    .values(params)
    .onConflictDoUpdate({
      target: [
        applePassRegistrations.deviceLibraryId,
        applePassRegistrations.passTypeId,
        applePassRegistrations.ticketId,
      ],
      // A device may come back with a new push token; the registration stays the same.
      set: { pushToken: params.pushToken },
    })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  return row?.inserted ? 'created' : 'existing';
}

export async function deleteRegistration(
  db: DbExecutor,
  params: { deviceLibraryId: string; passTypeId: string; ticketId: string },
) {
  const rows = await db
    .delete(applePassRegistrations)
    .where(
      and(
        eq(applePassRegistrations.deviceLibraryId, params.deviceLibraryId),
        eq(applePassRegistrations.passTypeId, params.passTypeId),
        eq(applePassRegistrations.ticketId, params.ticketId),
      ),
    )
    .returning({ ticketId: applePassRegistrations.ticketId });
  return rows.length > 0;
}

/** The passes a device registered for this pass type, each with when it last changed. */
export async function findRegisteredPasses(
  db: DbExecutor,
  params: { deviceLibraryId: string; passTypeId: string },
) {
  return db
    .select({
      ticketId: applePassRegistrations.ticketId,
      modifiedAt: modifiedAt.mapWith((value: string | Date) => new Date(value)),
      now: sql<Date>`now()`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(applePassRegistrations)
    .innerJoin(tickets, eq(tickets.id, applePassRegistrations.ticketId))
    .leftJoin(walletPassTicketChanges, eq(walletPassTicketChanges.ticketId, tickets.id))
    .leftJoin(walletPassEventChanges, eq(walletPassEventChanges.eventId, tickets.eventId))
    .where(
      and(
        eq(applePassRegistrations.deviceLibraryId, params.deviceLibraryId),
        eq(applePassRegistrations.passTypeId, params.passTypeId),
      ),
    );
}

export interface DuePush {
  pushToken: string;
  passTypeId: string;
}

/**
 * Takes the registrations whose pass changed (up to `limit` devices' worth), clearing their
 * mark in the same statement: a change committed after this marks them again. SKIP LOCKED lets
 * several processes push at once without sending a push twice.
 */
export async function claimDuePushes(db: DbExecutor, params: { now: Date; limit: number }) {
  const result = await db.execute<{ push_token: string; pass_type_id: string }>(sql`
    update apple_pass_registrations r set needs_push = false
    from (
      select device_library_id, pass_type_id, ticket_id from apple_pass_registrations
      where needs_push and (push_after is null or push_after <= ${params.now})
      order by push_after nulls first
      limit ${params.limit}
      for update skip locked
    ) due
    where r.device_library_id = due.device_library_id and r.pass_type_id = due.pass_type_id
      and r.ticket_id = due.ticket_id
    returning r.push_token, r.pass_type_id`);
  const seen = new Map<string, DuePush>();
  for (const row of result.rows)
    seen.set(`${row.pass_type_id} ${row.push_token}`, {
      pushToken: row.push_token,
      passTypeId: row.pass_type_id,
    });
  return [...seen.values()];
}

/** APNs said the token is no longer valid (410): the device has gone, with its registrations. */
export async function forgetPushToken(db: DbExecutor, params: DuePush) {
  await db
    .delete(applePassRegistrations)
    .where(
      and(
        eq(applePassRegistrations.pushToken, params.pushToken),
        eq(applePassRegistrations.passTypeId, params.passTypeId),
      ),
    );
}

/** A push that failed is marked again, to be tried after `retryAt`, at most `maxFailures` times. */
export async function pushFailed(
  db: DbExecutor,
  params: DuePush & { retryAt: Date; maxFailures: number },
) {
  await db
    .update(applePassRegistrations)
    .set({
      needsPush: sql`${applePassRegistrations.pushFailures} + 1 < ${params.maxFailures}`,
      pushAfter: params.retryAt,
      pushFailures: sql`${applePassRegistrations.pushFailures} + 1`,
    })
    .where(
      and(
        eq(applePassRegistrations.pushToken, params.pushToken),
        eq(applePassRegistrations.passTypeId, params.passTypeId),
      ),
    );
}

/**
 * Forgets the devices registered for passes of events that ended before `endedBefore` (an event
 * without an end: its start plus the default length). Nothing will change on those passes, and
 * a push token is personal data kept no longer than it serves. Deleting twice deletes nothing.
 */
export async function deleteRegistrationsOfPastEvents(
  db: DbExecutor,
  params: { endedBefore: Date; defaultDurationMs: number },
) {
  const result = await db.execute(sql`
    delete from apple_pass_registrations r
    using tickets t, events e
    where t.id = r.ticket_id and e.id = t.event_id
      and coalesce(e.ends_at, e.starts_at + ${`${params.defaultDurationMs} milliseconds`}::interval)
        < ${params.endedBefore}`);
  return result.rowCount ?? 0;
}
