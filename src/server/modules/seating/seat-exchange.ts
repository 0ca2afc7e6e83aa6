import { sql } from 'drizzle-orm';
import { isBlocked } from '../../../contracts/seat-layout';
import { SEATING_MESSAGES as M, type SeatMove } from '../../../contracts/seating';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { lockManagedEvent } from '../events/events.service';
import { expireHolds } from '../orders/orders.service';
import { clearFreedSeats, findTakenSeats } from './seating.queries';
import { layoutOf, loadSeating, type SeatingDeps } from './seating.service';

// Seat exchange: the organizer (or a team member who handles orders) moves a sold ticket to
// another free seat of its category. One transaction frees the old seat and takes the new one;
// the (event, seat) key keeps every seat on one ticket, and the ticket's row lock makes a double
// submit one move: the second finds the ticket already on the seat and changes nothing.

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field, message }] });

/** The ticket, locked, with its seat and order state. */
async function lockTicketSeat(tx: DbExecutor, params: { eventId: string; ticketId: string }) {
  const rows = await tx.execute<{
    ticket_status: string;
    order_id: string;
    order_status: string;
  }>(sql`
    select t.status as ticket_status, t.order_id, o.status as order_status
      from tickets t join orders o on o.id = t.order_id
     where t.id = ${params.ticketId} and t.event_id = ${params.eventId}
       for update of t`);
  const ticket = rows.rows[0];
  if (!ticket) throw new AppError('NOT_FOUND', M.moveTicketNotFound);
  // Read after the lock: a move that just committed is seen here.
  const seat = await tx.execute<{ seat_id: string; ticket_type_id: string | null }>(sql`
    select seat_id, ticket_type_id from event_seats
     where event_id = ${params.eventId} and ticket_id = ${params.ticketId}
       for update`);
  return { ...ticket, seat: seat.rows[0] ?? null };
}

export async function moveSeat(
  deps: SeatingDeps,
  params: { actor: AuthUser; eventId: string; ticketId: string; seatId: string },
): Promise<SeatMove> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockManagedEvent(
      tx,
      { eventId: params.eventId, actor: params.actor },
      { lock: false, permission: 'orders', action: 'ticket.seat' },
    );
    const seating = await loadSeating(tx, params.eventId);
    const ticket = await lockTicketSeat(tx, params);
    if (
      ticket.ticket_status === 'void' ||
      !['paid', 'partially_refunded'].includes(ticket.order_status)
    )
      throw new AppError('CONFLICT', M.moveNotSold);
    if (!ticket.seat) throw new AppError('CONFLICT', M.moveNoSeat);
    const from = ticket.seat.seat_id;
    const to = params.seatId;
    if (from === to) return { ticketId: params.ticketId, seatId: to, previousSeatId: from };
    const { byId } = layoutOf(seating);
    const target = byId.get(to);
    if (!target) throw fieldError('body.seatId', M.seatUnknown(to));
    if (isBlocked(target) || !seating.ticketTypes[target.categoryId])
      throw fieldError('body.seatId', M.seatBlocked(to));
    if (target.categoryId !== byId.get(from)?.categoryId)
      throw fieldError('body.seatId', M.moveCategory(to));
    // A lapsed hold or a closed order may still have the row of the seat asked for.
    await expireHolds(tx, now, { eventId: params.eventId });
    await clearFreedSeats(tx, { eventId: params.eventId, seatIds: [to], now });
    const took = await tx.execute(sql`
      insert into event_seats (event_id, seat_id, order_id, ticket_type_id, ticket_id, claimed_until)
      values (${params.eventId}, ${to}, ${ticket.order_id}, ${ticket.seat.ticket_type_id},
              ${params.ticketId}, ${now})
      on conflict do nothing
      returning seat_id`);
    if (!took.rows.length) {
      const taken = await findTakenSeats(tx, { eventId: params.eventId, now });
      const sold = taken.some((s) => s.seat_id === to && s.state === 'sold');
      throw new AppError('CONFLICT', sold ? M.seatSold(to) : M.seatHeld(to), { seatId: to });
    }
    await tx.execute(sql`
      delete from event_seats where event_id = ${params.eventId} and seat_id = ${from}`);
    return { ticketId: params.ticketId, seatId: to, previousSeatId: from };
  });
}
