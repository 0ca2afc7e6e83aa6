import { asc, eq } from 'drizzle-orm';
import { shiftDate } from '../../../contracts/duplication';
import type { DbExecutor } from '../../db/client';
import { discountCodes, ticketTypes } from '../../db/schema/tickets';
import { TICKET_TYPES_COPIER, type EventCopyContext } from '../events/events.service';

/**
 * Event duplication's copy of the ticket types (hidden ones and every column another part adds
 * to the table come along, being spread) with full stock and sales windows moved with the
 * event, then the discount codes without their usage. Runs first of the copiers: it fills
 * `ctx.ticketTypeIds`, which the others map their references through.
 */
export async function copyTicketTypes(tx: DbExecutor, ctx: EventCopyContext): Promise<void> {
  const types = await tx
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, ctx.fromEventId))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.createdAt));
  for (const type of types) {
    const { id, createdAt: _c, updatedAt: _u, ...rest } = type;
    const [copy] = await tx
      .insert(ticketTypes)
      .values({
        ...rest,
        eventId: ctx.toEventId,
        remaining: type.quantity,
        salesStart: shiftDate(type.salesStart, ctx.shiftMs),
        salesEnd: shiftDate(type.salesEnd, ctx.shiftMs),
        validFrom: shiftDate(type.validFrom, ctx.shiftMs),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: ticketTypes.id });
    if (copy) ctx.ticketTypeIds.set(id, copy.id);
  }
  ctx.idMaps.set(TICKET_TYPES_COPIER, ctx.ticketTypeIds);

  const codes = await tx
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.eventId, ctx.fromEventId))
    .orderBy(asc(discountCodes.createdAt));
  if (codes.length === 0) return;
  await tx.insert(discountCodes).values(
    codes.map(({ id: _id, createdAt: _c, ...code }) => ({
      ...code,
      eventId: ctx.toEventId,
      ticketTypeId: code.ticketTypeId ? (ctx.ticketTypeIds.get(code.ticketTypeId) ?? null) : null,
      usedCount: 0,
      validFrom: shiftDate(code.validFrom, ctx.shiftMs),
      validUntil: shiftDate(code.validUntil, ctx.shiftMs),
      createdAt: ctx.now,
    })),
  );
}
