import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { accessCodeOrders, accessCodes, accessCodeTicketTypes, ticketTypes } from '../../db/schema';

// The subqueries name the outer table in plain SQL: Drizzle writes a column of a one-table
// select without its table, which inside the subquery would mean the subquery's own `id`.

/**
 * Orders that count as a use: pending (holding tickets), paid, or refunded. An expired or
 * cancelled order is not counted, so its use comes back by itself (decision 053).
 */
const usedCount = sql<number>`(
  select count(*)::int from ${accessCodeOrders} u
  join orders o on o.id = u.order_id
  where u.access_code_id = access_codes.id and o.status not in ('expired', 'cancelled')
)`.as('used_count');

const typeIds = sql<string[]>`coalesce((
  select array_agg(r.ticket_type_id order by r.ticket_type_id) from ${accessCodeTicketTypes} r
  where r.access_code_id = access_codes.id
), '{}'::uuid[])`.as('ticket_type_ids');

const columns = {
  id: accessCodes.id,
  eventId: accessCodes.eventId,
  code: accessCodes.code,
  usageLimit: accessCodes.usageLimit,
  validUntil: accessCodes.validUntil,
  isActive: accessCodes.isActive,
  batchId: accessCodes.batchId,
  createdAt: accessCodes.createdAt,
  usedCount,
  ticketTypeIds: typeIds,
};

export type AccessCodeRow = typeof accessCodes.$inferSelect & {
  usedCount: number;
  ticketTypeIds: string[];
};

const select = (db: DbExecutor) => db.select(columns).from(accessCodes);

export function findAccessCodesOfEvent(
  db: DbExecutor,
  params: { eventId: string; batchId?: string },
): Promise<AccessCodeRow[]> {
  return select(db)
    .where(
      and(
        eq(accessCodes.eventId, params.eventId),
        params.batchId ? eq(accessCodes.batchId, params.batchId) : undefined,
      ),
    )
    .orderBy(asc(accessCodes.createdAt), asc(accessCodes.code));
}

export async function findAccessCodeById(
  db: DbExecutor,
  params: { id: string },
): Promise<AccessCodeRow | undefined> {
  return (await select(db).where(eq(accessCodes.id, params.id)))[0];
}

export function findAccessCodesByIds(db: DbExecutor, params: { ids: string[] }) {
  if (!params.ids.length) return Promise.resolve([] as AccessCodeRow[]);
  return select(db)
    .where(inArray(accessCodes.id, params.ids))
    .orderBy(asc(accessCodes.createdAt), asc(accessCodes.code));
}

/** The code of one of these events a buyer typed, matched without regard to case. */
export async function findAccessCodeByCode(
  db: DbExecutor,
  params: { eventIds: string[]; code: string },
): Promise<AccessCodeRow | undefined> {
  if (!params.eventIds.length) return undefined;
  return (
    await select(db).where(
      and(
        inArray(accessCodes.eventId, params.eventIds),
        sql`upper(${accessCodes.code}) = upper(${params.code})`,
      ),
    )
  )[0];
}

/** Inserts codes, skipping any whose text the event already has; returns the inserted ids. */
export async function insertAccessCodes(
  tx: DbExecutor,
  params: { values: (typeof accessCodes.$inferInsert)[] },
) {
  if (!params.values.length) return [];
  return tx
    .insert(accessCodes)
    .values(params.values)
    .onConflictDoNothing()
    .returning({ id: accessCodes.id });
}

export async function replaceRevealedTypes(
  tx: DbExecutor,
  params: { ids: string[]; ticketTypeIds: string[] },
) {
  if (!params.ids.length) return;
  await tx
    .delete(accessCodeTicketTypes)
    .where(inArray(accessCodeTicketTypes.accessCodeId, params.ids));
  await tx
    .insert(accessCodeTicketTypes)
    .values(
      params.ids.flatMap((accessCodeId) =>
        params.ticketTypeIds.map((ticketTypeId) => ({ accessCodeId, ticketTypeId })),
      ),
    )
    .onConflictDoNothing();
}

export async function updateAccessCodeById(
  tx: DbExecutor,
  params: {
    id: string;
    columns: Partial<
      Pick<typeof accessCodes.$inferInsert, 'isActive' | 'usageLimit' | 'validUntil'>
    >;
  },
) {
  if (!Object.keys(params.columns).length) return;
  await tx.update(accessCodes).set(params.columns).where(eq(accessCodes.id, params.id));
}

export async function deleteAccessCodeById(tx: DbExecutor, params: { id: string }) {
  await tx.delete(accessCodes).where(eq(accessCodes.id, params.id));
}

/** Whether any order (live or not) used the code: such a code is kept for the orders' history. */
export async function hasAccessCodeOrders(db: DbExecutor, params: { id: string }) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(accessCodeOrders)
    .where(eq(accessCodeOrders.accessCodeId, params.id))
    .limit(1);
  return Boolean(row);
}

/** The ticket types of one event among `ids`, with whether each is hidden. */
export function findTypesOfEvent(db: DbExecutor, params: { eventId: string; ids: string[] }) {
  return db
    .select({ id: ticketTypes.id, isHidden: ticketTypes.isHidden })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, params.eventId), inArray(ticketTypes.id, params.ids)));
}

export function findTypeNames(db: DbExecutor, params: { eventId: string; ids: string[] }) {
  return db
    .select({ id: ticketTypes.id, name: ticketTypes.name })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, params.eventId), inArray(ticketTypes.id, params.ids)));
}

/**
 * Locks the code's row for the rest of the order's transaction, then counts its live uses: two
 * orders racing for the last use queue here, and the second counts the first's order.
 */
export async function lockAndCountUses(tx: DbExecutor, params: { id: string }) {
  const [locked] = await tx
    .select({ id: accessCodes.id })
    .from(accessCodes)
    .where(eq(accessCodes.id, params.id))
    .for('update');
  if (!locked) return null;
  const [row] = await tx
    .select({ usedCount })
    .from(accessCodes)
    .where(eq(accessCodes.id, params.id));
  return row?.usedCount ?? 0;
}

export async function insertAccessCodeOrder(
  tx: DbExecutor,
  params: { orderId: string; accessCodeId: string; code: string; now: Date },
) {
  await tx.insert(accessCodeOrders).values({
    orderId: params.orderId,
    accessCodeId: params.accessCodeId,
    code: params.code,
    createdAt: params.now,
  });
}

/** Hidden types of the event that some switched-on access code reveals. */
export async function hasCodeRevealedTypes(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(accessCodeTicketTypes)
    .innerJoin(accessCodes, eq(accessCodes.id, accessCodeTicketTypes.accessCodeId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, accessCodeTicketTypes.ticketTypeId))
    .where(
      and(
        eq(accessCodes.eventId, params.eventId),
        eq(accessCodes.isActive, true),
        eq(ticketTypes.isHidden, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}
