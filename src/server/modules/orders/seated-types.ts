import { and, eq, inArray, sql } from 'drizzle-orm';
import { SEATING_MESSAGES } from '../../../contracts/seating';
import type { DbExecutor } from '../../db/client';
import { eventSeating } from '../../db/schema/seating';
import { ticketTypes } from '../../db/schema/tickets';
import { AppError } from '../../platform/http/errors';

// A ticket type an event sells by seat (a seat category mapped to it) is sold only with its
// seats (decision 072): sold by count it would be an admission without a seat. The seat checkout
// takes the seats first and says so; every other way in (the cart, free registration, a
// waiting-list claim, the box office) is refused here, and the database's batched hold sends
// such orders to the general path that calls this.

/** The ticket types among these that their event sells by seat. */
async function findSeatedTypes(db: DbExecutor, ticketTypeIds: string[]) {
  if (ticketTypeIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .innerJoin(eventSeating, eq(eventSeating.eventId, ticketTypes.eventId))
    .where(
      and(
        inArray(ticketTypes.id, ticketTypeIds),
        sql`exists (select 1 from jsonb_each_text(${eventSeating.ticketTypes}) m
                     where m.value = ${ticketTypes.id}::text)`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Refuses lines of seated types, naming the line (`{prefix}.{index}.ticketTypeId`). */
export async function refuseSeatedTypes(
  db: DbExecutor,
  lines: { ticketTypeId: string }[],
  fieldPrefix: string,
) {
  const seated = await findSeatedTypes(
    db,
    lines.map((l) => l.ticketTypeId),
  );
  const index = lines.findIndex((l) => seated.has(l.ticketTypeId));
  if (index < 0) return;
  const field = `${fieldPrefix}.${index}.ticketTypeId`;
  throw new AppError('VALIDATION_FAILED', SEATING_MESSAGES.soldBySeat, {
    fields: [{ field, message: SEATING_MESSAGES.soldBySeat }],
  });
}
