import { and, asc, eq, gt, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { doorSettings } from '../../db/schema/box-office';
import { doorScans, doorTicketChanges } from '../../db/schema/door';
import { eventQuestions } from '../../db/schema/questions';
import { eventSeating, seatingPlanVersions } from '../../db/schema/seating';
import { events } from '../../db/schema/events';
import { teamMembers } from '../../db/schema/teams';
import { tickets, ticketTypes } from '../../db/schema/tickets';
import { profiles, users } from '../../db/schema/users';
import { DEFAULT_DURATION_MS } from '../events/events.service';

/**
 * Events someone might work the door of: their own and those of owners whose team they are in
 * (the caller checks the role and scope), from a day before they end on.
 */
export function findDoorEventCandidates(db: DbExecutor, params: { userId: string; now: Date }) {
  const ownersOfMyTeams = db
    .select({ ownerId: teamMembers.ownerId })
    .from(teamMembers)
    .where(eq(teamMembers.memberId, params.userId));
  const since = new Date(params.now.getTime() - 24 * 60 * 60_000);
  return db
    .select({
      id: events.id,
      userId: events.userId,
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
    })
    .from(events)
    .where(
      and(
        or(eq(events.userId, params.userId), inArray(events.userId, ownersOfMyTeams)),
        sql`coalesce(${events.endsAt}, ${events.startsAt} + ${`${DEFAULT_DURATION_MS} milliseconds`}::interval) >= ${since}`,
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(100);
}

export function findEventForDoor(db: DbExecutor, eventId: string) {
  return db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timezone,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .then((rows) => rows[0]);
}

export function findTicketTypesOfEvents(db: DbExecutor, eventIds: readonly string[]) {
  if (!eventIds.length) return Promise.resolve([]);
  return db
    .select({
      id: ticketTypes.id,
      name: ticketTypes.name,
      eventId: ticketTypes.eventId,
      validFrom: ticketTypes.validFrom,
    })
    .from(ticketTypes)
    .where(inArray(ticketTypes.eventId, [...eventIds]))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.createdAt));
}

// The gate of the scan that admitted the ticket (none: the online desk).
const admittedGate = sql<string | null>`(
  select ${doorScans.gate} from ${doorScans}
  where ${doorScans.ticketId} = ${tickets.id} and ${doorScans.result} = 'admitted'
  order by ${doorScans.scannedAt} desc limit 1)`;

/** The event's tickets as the door needs them, optionally only some types or some tickets. */
export function findDoorTickets(
  db: DbExecutor,
  params: { eventId: string; typeIds: readonly string[]; ticketIds?: readonly string[] },
) {
  return db
    .select({
      id: tickets.id,
      codeVersion: tickets.codeVersion,
      status: tickets.status,
      transferPending: tickets.transferPending,
      checkedInAt: tickets.checkedInAt,
      ticketTypeId: tickets.ticketTypeId,
      holderName: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
      gate: admittedGate,
      seat: sql<
        string | null
      >`(select s.seat_id from event_seats s where s.ticket_id = ${tickets.id} limit 1)`,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .leftJoin(profiles, eq(profiles.id, tickets.userId))
    .where(
      and(
        eq(tickets.eventId, params.eventId),
        params.typeIds.length ? inArray(tickets.ticketTypeId, [...params.typeIds]) : undefined,
        params.ticketIds ? inArray(tickets.id, [...params.ticketIds]) : undefined,
      ),
    )
    .orderBy(asc(tickets.id));
}
export type DoorTicketRow = Awaited<ReturnType<typeof findDoorTickets>>[number];

/** The questions the organizer shows at the door, in the event's order. */
export function findDoorQuestions(db: DbExecutor, eventId: string) {
  return db
    .select({ id: eventQuestions.id, label: eventQuestions.label, type: eventQuestions.type })
    .from(eventQuestions)
    .where(and(eq(eventQuestions.eventId, eventId), eq(eventQuestions.showAtCheckIn, true)))
    .orderBy(asc(eventQuestions.position), asc(eventQuestions.createdAt));
}

/**
 * The answers to these questions, per ticket (its order's answers included), for the event or
 * some of its tickets. Read in one statement: 50,000 tickets with two questions is 100,000 rows.
 */
export async function findDoorAnswers(
  db: DbExecutor,
  params: { eventId: string; questionIds: readonly string[]; ticketIds?: readonly string[] },
) {
  if (!params.questionIds.length || params.ticketIds?.length === 0) return [];
  const questions = sql`${`{${params.questionIds.join(',')}}`}::uuid[]`;
  const someTickets = params.ticketIds
    ? sql`and t.id = any(${`{${params.ticketIds.join(',')}}`}::uuid[])`
    : sql``;
  // Two joins, not one on "ticket or order": an OR join cannot hash, and became a nested loop of
  // tickets × answers (minutes at 50,000 tickets in one order).
  const { rows } = await db.execute<{ ticketId: string; questionId: string; value: unknown }>(sql`
    select t.id as "ticketId", a.question_id as "questionId", a.value
    from tickets t join question_answers a on a.ticket_id = t.id
    where t.event_id = ${params.eventId} and a.question_id = any(${questions}) ${someTickets}
    union all
    select t.id, a.question_id, a.value
    from tickets t join question_answers a
      on a.order_id = t.order_id and a.ticket_type_id is null
    where t.event_id = ${params.eventId} and a.question_id = any(${questions}) ${someTickets}`);
  return rows;
}

/** The names of the sections of the plan the event sells seats on (none: not seated). */
export async function findSectionNames(
  db: DbExecutor,
  eventId: string,
): Promise<Record<string, string>> {
  const [row] = await db
    .select({ data: seatingPlanVersions.data })
    .from(eventSeating)
    .innerJoin(
      seatingPlanVersions,
      and(
        eq(seatingPlanVersions.planId, eventSeating.planId),
        eq(seatingPlanVersions.version, eventSeating.version),
      ),
    )
    .where(eq(eventSeating.eventId, eventId));
  return Object.fromEntries(
    (row?.data.sections ?? [])
      .filter((section) => section.kind !== 'stage' && section.kind !== 'label')
      .map((section) => [section.id, section.name]),
  );
}

/**
 * A cursor for the change feed: the last change older than a few seconds. A sequence number can
 * commit after a larger one; changes newer than this come again on the next read (a device
 * overwrites an entry with the same state), so none is skipped.
 */
export async function findSafeCursor(db: DbExecutor, params: { eventId: string; since: number }) {
  const [row] = await db
    .select({ seq: sql<string | null>`max(${doorTicketChanges.seq})` })
    .from(doorTicketChanges)
    .where(
      and(
        eq(doorTicketChanges.eventId, params.eventId),
        sql`${doorTicketChanges.changedAt} < statement_timestamp() - interval '10 seconds'`,
      ),
    );
  return Math.max(params.since, Number(row?.seq ?? 0));
}

/** The tickets changed after `since` (at most `limit`; the rest come with the next read). */
export async function findChangedTicketIds(
  db: DbExecutor,
  params: { eventId: string; since: number; limit: number },
) {
  const rows = await db
    .selectDistinct({ ticketId: doorTicketChanges.ticketId })
    .from(doorTicketChanges)
    .where(
      and(eq(doorTicketChanges.eventId, params.eventId), gt(doorTicketChanges.seq, params.since)),
    )
    .limit(params.limit);
  return rows.map((row) => row.ticketId);
}

export async function findCounters(
  db: DbExecutor,
  params: {
    eventId: string;
    typeIds: readonly string[];
    /** A one-entry-per-day list and today: checked in counts that list's entries of the day. */
    day?: { listId: string; day: string };
  },
) {
  const typeFilter = params.typeIds.length
    ? inArray(tickets.ticketTypeId, [...params.typeIds])
    : undefined;
  if (params.day) return findDayCounters(db, { ...params, day: params.day, typeFilter });
  const [counts] = await db
    .select({
      checkedIn: sql<number>`count(*) filter (where ${tickets.status} = 'checked_in')::int`,
      expected: sql<number>`count(*) filter (where ${tickets.status} <> 'void')::int`,
    })
    .from(tickets)
    .where(and(eq(tickets.eventId, params.eventId), typeFilter));
  const gates = await db
    .select({ gate: doorScans.gate, checkedIn: sql<number>`count(*)::int` })
    .from(doorScans)
    .innerJoin(tickets, eq(tickets.id, doorScans.ticketId))
    .where(and(eq(doorScans.eventId, params.eventId), eq(doorScans.result, 'admitted'), typeFilter))
    .groupBy(doorScans.gate)
    .orderBy(asc(doorScans.gate));
  return { checkedIn: counts?.checkedIn ?? 0, expected: counts?.expected ?? 0, gates };
}

async function findDayCounters(
  db: DbExecutor,
  params: { eventId: string; day: { listId: string; day: string }; typeFilter: SQL | undefined },
) {
  const todays = and(
    eq(doorScans.listId, params.day.listId),
    eq(doorScans.day, params.day.day),
    eq(doorScans.result, 'admitted'),
  );
  const [counts] = await db
    .select({
      checkedIn: sql<number>`count(distinct ${tickets.id}) filter (where ${doorScans.id} is not null)::int`,
      expected: sql<number>`count(distinct ${tickets.id}) filter (where ${tickets.status} <> 'void')::int`,
    })
    .from(tickets)
    .leftJoin(doorScans, and(eq(doorScans.ticketId, tickets.id), todays))
    .where(and(eq(tickets.eventId, params.eventId), params.typeFilter));
  const gates = await db
    .select({
      gate: doorScans.gate,
      checkedIn: sql<number>`count(distinct ${doorScans.ticketId})::int`,
    })
    .from(doorScans)
    .where(and(eq(doorScans.eventId, params.eventId), todays))
    .groupBy(doorScans.gate)
    .orderBy(asc(doorScans.gate));
  return { checkedIn: counts?.checkedIn ?? 0, expected: counts?.expected ?? 0, gates };
}

/** This device's earlier scans of these tickets (a batch sent again finds them). */
export function findScansOfDevice(
  db: DbExecutor,
  params: { eventId: string; deviceId: string; ticketIds: readonly string[] },
) {
  return db
    .select({
      ticketId: doorScans.ticketId,
      scannedAt: doorScans.scannedAt,
      result: doorScans.result,
      reason: doorScans.reason,
    })
    .from(doorScans)
    .where(
      and(
        eq(doorScans.eventId, params.eventId),
        eq(doorScans.deviceId, params.deviceId),
        inArray(doorScans.ticketId, [...params.ticketIds]),
      ),
    );
}

/** The tickets, locked in id order (two devices syncing at once queue, never deadlock). */
export function lockTickets(
  tx: DbExecutor,
  params: { eventId: string; ticketIds: readonly string[] },
) {
  return tx
    .select({
      id: tickets.id,
      status: tickets.status,
      codeVersion: tickets.codeVersion,
      transferPending: tickets.transferPending,
      checkedInAt: tickets.checkedInAt,
      ticketTypeId: tickets.ticketTypeId,
    })
    .from(tickets)
    .where(and(eq(tickets.eventId, params.eventId), inArray(tickets.id, [...params.ticketIds])))
    .orderBy(asc(tickets.id))
    .for('update');
}

/**
 * The scans that admitted these tickets, oldest first (with re-entry, the last is current), and
 * their check-outs on one-entry-per-day lists (a day's entry is in until checked out).
 */
export function findAdmissions(db: DbExecutor, params: { ticketIds: readonly string[] }) {
  if (!params.ticketIds.length) return Promise.resolve([]);
  return db
    .select({
      ticketId: doorScans.ticketId,
      deviceId: doorScans.deviceId,
      gate: doorScans.gate,
      scannedAt: doorScans.scannedAt,
      result: doorScans.result,
      listId: doorScans.listId,
      day: doorScans.day,
    })
    .from(doorScans)
    .where(
      and(
        inArray(doorScans.ticketId, [...params.ticketIds]),
        or(
          eq(doorScans.result, 'admitted'),
          and(eq(doorScans.result, 'checked_out'), isNotNull(doorScans.day)),
        ),
      ),
    )
    .orderBy(asc(doorScans.scannedAt));
}

/**
 * Each ticket's admissions on a one-entry-per-day list, by day (for the device's verdict): the
 * day's first admission, and whether a check-out ended the day's entry since (the day's last
 * admission or check-out is a check-out), as the merge keeps the entry.
 */
export function findDayAdmissions(
  db: DbExecutor,
  params: { listId: string; ticketIds?: readonly string[] },
) {
  const admitted = sql`${doorScans.result} = 'admitted'`;
  return db
    .select({
      ticketId: doorScans.ticketId,
      day: sql<string>`${doorScans.day}::text`,
      at: sql<Date>`min(${doorScans.scannedAt}) filter (where ${admitted})`.mapWith(
        doorScans.scannedAt,
      ),
      gate: sql<string>`(array_agg(${doorScans.gate} order by ${doorScans.scannedAt}) filter (where ${admitted}))[1]`,
      out: sql<boolean>`(array_agg(${doorScans.result} order by ${doorScans.scannedAt} desc))[1] = 'checked_out'`,
    })
    .from(doorScans)
    .where(
      and(
        eq(doorScans.listId, params.listId),
        isNotNull(doorScans.day),
        inArray(doorScans.result, ['admitted', 'checked_out']),
        params.ticketIds ? inArray(doorScans.ticketId, [...params.ticketIds]) : undefined,
      ),
    )
    .groupBy(doorScans.ticketId, doorScans.day)
    .having(sql`bool_or(${admitted})`);
}

export async function insertScans(tx: DbExecutor, rows: (typeof doorScans.$inferInsert)[]) {
  if (rows.length) await tx.insert(doorScans).values(rows).onConflictDoNothing();
}

/** Checks in valid tickets the caller holds locked (each at its first scan's time). */
export async function admitTickets(
  tx: DbExecutor,
  params: { admissions: { ticketId: string; at: Date }[]; by: string },
) {
  if (!params.admissions.length) return;
  // PostgreSQL array literals: one parameter each (uuids and ISO times need no quoting).
  const ids = `{${params.admissions.map((a) => a.ticketId).join(',')}}`;
  const times = `{${params.admissions.map((a) => a.at.toISOString()).join(',')}}`;
  await tx.execute(sql`
    update ${tickets} set status = 'checked_in', checked_in_at = a.at, checked_in_by = ${params.by}
    from unnest(${ids}::uuid[], ${times}::timestamptz[]) as a(id, at)
    where ${tickets.id} = a.id and ${tickets.status} <> 'void'`);
}

/** Checks out guests the caller holds locked (re-entry): their tickets admit again. */
export async function checkOutTickets(tx: DbExecutor, ticketIds: readonly string[]) {
  if (!ticketIds.length) return;
  await tx
    .update(tickets)
    .set({ status: 'valid', checkedInAt: null, checkedInBy: null })
    .where(and(inArray(tickets.id, [...ticketIds]), eq(tickets.status, 'checked_in')));
}

/** Whether the event lets guests leave and come back (no settings: it does not). */
export async function findReEntry(db: DbExecutor, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ allowReEntry: doorSettings.allowReEntry })
    .from(doorSettings)
    .where(eq(doorSettings.eventId, eventId));
  return row?.allowReEntry ?? false;
}

export async function saveDoorSettings(
  db: DbExecutor,
  params: { eventId: string; allowReEntry: boolean; now: Date },
) {
  await db
    .insert(doorSettings)
    .values({ eventId: params.eventId, allowReEntry: params.allowReEntry, updatedAt: params.now })
    .onConflictDoUpdate({
      target: doorSettings.eventId,
      set: { allowReEntry: params.allowReEntry, updatedAt: params.now },
    });
}
