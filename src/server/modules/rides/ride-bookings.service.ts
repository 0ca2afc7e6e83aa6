import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import {
  RIDE_MESSAGES as TEXT,
  RIDE_PAYMENT_HOLD_MS,
  type BookingResult,
  type BookSeatsInputSchema,
} from '../../../contracts/rides';
import { formatMoney } from '../../../contracts/money';
import type { DbExecutor } from '../../db/client';
import type { orders } from '../../db/schema/tickets';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { isBlockedBetween } from '../messaging/messaging.service';
import { createNotifications } from '../notifications/notifications.service';
import { openProductCheckout, refundProductOrder } from '../payments/payments.service';
import { isUuid } from '../../../contracts/ids';
import {
  bookingNotFound,
  getRideView,
  notice,
  rideNotFound,
  visibleEvent,
  type RideDeps,
} from './ride-common';
import { joinRideChat, leaveRideChat } from './ride-chat';
import {
  accepted,
  acceptedPayNow,
  asksForSeats,
  bookedSeats,
  requestDeclined,
  riderCancelled,
  seatsConfirmedOn,
  seatsPaid,
} from './ride-notices';
import * as q from './ride-bookings.queries';
import { drives, ownerScope } from './rides.policy';
import { presentBooking } from './rides.presenter';
import { rideView, type RideView } from './rides.queries';

// Seats on a ride: booking (instantly or on the driver's approval), paying within the hold,
// cancelling with a refund, and the payment webhook's confirmation.

/** Refunds a booking's paid seats, once (refundProductOrder finds nothing left the second time). */
export async function refundBooking(
  deps: RideDeps,
  tx: DbExecutor,
  booking: q.BookingRow,
  reason: string,
) {
  if (!booking.orderId) return false;
  return refundProductOrder(deps.ticketing.orders, { orderId: booking.orderId, reason, tx });
}

async function openSeatCheckout(
  deps: RideDeps,
  actor: AuthUser,
  view: RideView,
  booking: q.BookingRow,
) {
  const amount = view.ride.priceCents * booking.seats;
  const checkout = await openProductCheckout(deps.ticketing.orders, {
    actor: { id: actor.id, email: actor.email },
    kind: 'ride_seat',
    amountCents: amount,
    currency: view.ride.currency,
    description: `${booking.seats} seat${booking.seats === 1 ? '' : 's'} to ${view.eventTitle} (${formatMoney(view.ride.priceCents, view.ride.currency)} each)`,
    metadata: { ride_booking_id: booking.id, ride_id: view.ride.id },
    eventId: view.ride.eventId,
    successPath: `/ryder/${view.ride.id}`,
    cancelPath: `/ryder/${view.ride.id}`,
    payableHours: RIDE_PAYMENT_HOLD_MS / 3600_000,
  });
  await q.setBooking(deps.db, {
    bookingId: booking.id,
    from: ['awaiting_payment'],
    set: { orderId: checkout.orderId },
  });
  return checkout.url;
}

export async function bookSeats(
  deps: RideDeps,
  actor: AuthUser,
  rideId: string,
  input: z.output<typeof BookSeatsInputSchema>,
): Promise<BookingResult> {
  const now = deps.clock.now();
  const view = await rideView(deps.db, { rideId });
  if (!view) throw rideNotFound();
  await visibleEvent(deps, actor, view.ride.eventId).catch(() => {
    throw rideNotFound();
  });
  const ride = view.ride;
  if (drives(actor, ride)) throw new AppError('CONFLICT', TEXT.ownRide);
  // Either of them blocked the other (messaging's block): no shared car (safety).
  if (await isBlockedBetween(deps.db, actor.id, ride.driverId))
    throw new AppError('FORBIDDEN', TEXT.blocked);
  if (ride.status !== 'active') throw new AppError('CONFLICT', TEXT.cancelled);
  if (ride.departsAt <= now) throw new AppError('CONFLICT', TEXT.departed);
  const paid = ride.priceCents > 0;
  const booking = await deps.db.transaction(async (tx) => {
    await q.releaseExpiredHolds(tx, { rideId, now });
    if (await q.liveBookingOf(tx, { rideId, riderId: actor.id }))
      throw new AppError('CONFLICT', TEXT.alreadyBooked);
    if (ride.bookingMode === 'approval') {
      if (ride.seatsLeft < input.seats) throw new AppError('CONFLICT', TEXT.full);
      const row = await insertOnce(tx, {
        rideId,
        riderId: actor.id,
        seats: input.seats,
        message: input.message,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      });
      await createNotifications(tx, [
        notice(
          ride.driverId,
          'ride_request',
          rideId,
          msg`New seat request`,
          asksForSeats(actor.fullName, input.seats, view.eventTitle),
          `ride_request:booking:${row.id}`,
        ),
      ]);
      return row;
    }
    // Instant booking: the seats are taken now, or the booking is refused (never oversold).
    if (!(await q.takeSeats(tx, { rideId, seats: input.seats, now })))
      throw new AppError('CONFLICT', TEXT.full);
    const row = await insertOnce(tx, {
      rideId,
      riderId: actor.id,
      seats: input.seats,
      message: input.message,
      status: paid ? 'awaiting_payment' : 'confirmed',
      holdUntil: paid ? new Date(now.getTime() + RIDE_PAYMENT_HOLD_MS) : null,
      createdAt: now,
      updatedAt: now,
    });
    if (!paid) await joinRideChat(tx, rideId, [actor.id]);
    await createNotifications(tx, [
      notice(
        ride.driverId,
        'ride_request',
        rideId,
        paid ? msg`Seats held for payment` : msg`Seats booked`,
        bookedSeats(actor.fullName, input.seats, view.eventTitle, paid),
        `ride_request:booking:${row.id}`,
      ),
      ...(paid
        ? []
        : [
            notice(
              actor.id,
              'ride_confirmed',
              rideId,
              msg`Seat confirmed`,
              seatsConfirmedOn(input.seats, view.eventTitle),
              `ride_confirmed:${row.id}`,
            ),
          ]),
    ]);
    return row;
  });
  deps.realtime.poke();
  const checkoutUrl =
    booking.status === 'awaiting_payment'
      ? await openSeatCheckout(deps, actor, view, booking)
      : null;
  return { booking: presentBooking(await mustBookingView(deps, booking.id)), checkoutUrl };
}

/** The partial unique index backs the "one live booking" check against a concurrent double click. */
async function insertOnce(tx: DbExecutor, values: Parameters<typeof q.insertBooking>[1]) {
  try {
    const row = await q.insertBooking(tx, values);
    if (!row) throw bookingNotFound();
    return row;
  } catch (error) {
    if (
      (error as { code?: string }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    )
      throw new AppError('CONFLICT', TEXT.alreadyBooked);
    throw error;
  }
}

async function mustBookingView(deps: Pick<RideDeps, 'db'>, bookingId: string) {
  const view = await q.bookingView(deps.db, { bookingId });
  if (!view) throw bookingNotFound();
  return view;
}

export async function answerBooking(
  deps: RideDeps,
  actor: AuthUser,
  bookingId: string,
  answer: 'accept' | 'decline',
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const found = await q.lockBooking(tx, { bookingId, as: 'driver', userId: ownerScope(actor) });
    if (!found) throw bookingNotFound();
    const { booking, ride } = found;
    if (booking.status !== 'pending') throw new AppError('CONFLICT', TEXT.notPending);
    const event = await rideView(tx, { rideId: ride.id });
    const title = event?.eventTitle ?? 'the event';
    if (answer === 'decline') {
      await q.setBooking(tx, {
        bookingId,
        from: ['pending'],
        set: { status: 'declined', updatedAt: now },
      });
      await createNotifications(tx, [
        notice(
          booking.riderId,
          'ride_cancelled',
          ride.id,
          msg`Seat request declined`,
          requestDeclined(title),
          `ride_declined:${booking.id}`,
        ),
      ]);
      return;
    }
    if (!(await q.takeSeats(tx, { rideId: ride.id, seats: booking.seats, now })))
      throw new AppError('CONFLICT', TEXT.full);
    const paid = ride.priceCents > 0;
    await q.setBooking(tx, {
      bookingId,
      from: ['pending'],
      set: paid
        ? {
            status: 'awaiting_payment',
            holdUntil: new Date(now.getTime() + RIDE_PAYMENT_HOLD_MS),
            updatedAt: now,
          }
        : { status: 'confirmed', updatedAt: now },
    });
    if (!paid) await joinRideChat(tx, ride.id, [booking.riderId]);
    await createNotifications(tx, [
      paid
        ? notice(
            booking.riderId,
            'ride_matched',
            ride.id,
            msg`Seat request accepted`,
            acceptedPayNow(title),
            `ride_matched:booking:${booking.id}`,
          )
        : notice(
            booking.riderId,
            'ride_confirmed',
            ride.id,
            msg`Seat confirmed`,
            accepted(title),
            `ride_confirmed:${booking.id}`,
          ),
    ]);
  });
  deps.realtime.poke();
  return presentBooking(await mustBookingView(deps, bookingId));
}

export async function payBooking(
  deps: RideDeps,
  actor: AuthUser,
  bookingId: string,
): Promise<BookingResult> {
  const now = deps.clock.now();
  const found = await q.lockBooking(deps.db, { bookingId, as: 'rider', userId: actor.id });
  if (!found) throw bookingNotFound();
  await q.releaseExpiredHolds(deps.db, { rideId: found.ride.id, now });
  const booking = (await q.lockBooking(deps.db, { bookingId, as: 'rider', userId: actor.id }))
    ?.booking;
  if (!booking || booking.status !== 'awaiting_payment')
    throw new AppError('CONFLICT', TEXT.notPayable);
  const view = await getRideView(deps, found.ride.id);
  const checkoutUrl = await openSeatCheckout(deps, actor, view, booking);
  return { booking: presentBooking(await mustBookingView(deps, bookingId)), checkoutUrl };
}

export async function cancelBooking(deps: RideDeps, actor: AuthUser, bookingId: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const found = await q.lockBooking(tx, { bookingId, as: 'rider', userId: ownerScope(actor) });
    if (!found) throw bookingNotFound();
    const { booking, ride } = found;
    if (ride.departsAt <= now) throw new AppError('CONFLICT', TEXT.departed);
    const row = await q.setBooking(tx, {
      bookingId,
      from: ['pending', 'awaiting_payment', 'confirmed'],
      set: { status: 'cancelled', updatedAt: now },
    });
    if (!row) throw new AppError('CONFLICT', TEXT.notPending);
    if (booking.status !== 'pending')
      await q.giveBackSeats(tx, { rideId: ride.id, seats: booking.seats, now });
    if (booking.status === 'confirmed') await leaveRideChat(tx, ride, [booking.riderId]);
    await refundBooking(deps, tx, booking, 'Seat cancelled by the rider');
    await createNotifications(tx, [
      notice(
        ride.driverId,
        'ride_cancelled',
        ride.id,
        msg`A rider cancelled`,
        riderCancelled(actor.fullName, booking.seats),
        `ride_cancelled:booking:${booking.id}`,
      ),
    ]);
  });
  deps.realtime.poke();
  return presentBooking(await mustBookingView(deps, bookingId));
}

/**
 * The payment webhook's hook (inside its transaction): a paid `ride_seat` order confirms its
 * booking once; a second delivery finds it confirmed already and does nothing.
 */
export async function fulfilRideSeat(
  tx: DbExecutor,
  order: typeof orders.$inferSelect,
  context?: { now: Date },
) {
  if (order.kind !== 'ride_seat') return;
  const bookingId = (order.metadata as Record<string, unknown> | null)?.ride_booking_id;
  if (typeof bookingId !== 'string' || !isUuid(bookingId)) return;
  const now = context?.now ?? new Date();
  const row = await q.setBooking(tx, {
    bookingId,
    from: ['awaiting_payment'],
    set: { status: 'confirmed', orderId: order.id, holdUntil: null, updatedAt: now },
  });
  if (!row) return;
  await joinRideChat(tx, row.rideId, [row.riderId]);
  await createNotifications(tx, [
    notice(
      row.riderId,
      'ride_confirmed',
      row.rideId,
      msg`Seat paid and confirmed`,
      seatsPaid(row.seats),
      `ride_confirmed:${row.id}`,
    ),
  ]);
}
