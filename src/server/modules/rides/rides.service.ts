import type { z } from 'zod';
import {
  LIVE_LOCATION_TTL_MS,
  RIDE_MATCH_RADIUS_KM,
  RIDE_MESSAGES as TEXT,
  RIDE_PAYMENT_HOLD_MS,
  type BookingResult,
  type BookSeatsInputSchema,
  type EventRides,
  type LiveLocation,
  type MapSettings,
  type MyRides,
  type RideDetail,
  type RideInputSchema,
  type RideListQuerySchema,
  type RideRatingInputSchema,
  type RideRequest,
  type RideRequestInputSchema,
  type RideUpdateSchema,
  type SharedRide,
  type VendorLocations,
} from '../../../contracts/rides';
import { formatMoney } from '../../../contracts/money';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { orders } from '../../db/schema/tickets';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import type { RealtimeHub } from '../../platform/realtime/hub';
import { AppError } from '../../platform/http/errors';
import { getEvent, type EventDeps } from '../events/events.service';
import {
  addToGroupChat,
  isBlockedBetween,
  openModuleGroupChat,
  removeFromGroupChat,
} from '../messaging/messaging.service';
import { createNotifications, type NewNotification } from '../notifications/notifications.service';
import { openProductCheckout, refundProductOrder } from '../payments/payments.service';
import type { ModuleContext } from '../module';
import { signalRideAccess, type LiveTrips } from './rides.live';
import {
  drives,
  liveAccess,
  managesRide,
  ownerScope,
  ratingRefusal,
  rideDetailAccess,
  seesExactPoint,
  seesVendorLocations,
  sharingRefusal,
  stillToRate,
  tripSharingWindow,
  vendorSharingWindow,
  within,
} from './rides.policy';
import { presentBooking, presentRide, presentShared } from './rides.presenter';
import * as q from './rides.queries';
import { isUuid } from '../../../contracts/ids';

export interface RideDeps extends EventDeps {
  db: Database;
  clock: Clock;
  ticketing: Pick<ModuleContext['ticketing'], 'orders' | 'payments'>;
  realtime: Pick<RealtimeHub, 'poke' | 'publish'>;
  /** Live trips kept in memory (the routes' process); without it every update reads the database. */
  live?: LiveTrips;
}

const rideNotFound = () => new AppError('NOT_FOUND', TEXT.notFound);
const bookingNotFound = () => new AppError('NOT_FOUND', TEXT.bookingNotFound);
// Ride, booking and event ids come checked by the routes' schemas (the location socket checks
// its message with the same schema), so they are well-formed uuids here.
const NOT_SHARING: LiveLocation = {
  sharing: false,
  lat: null,
  lng: null,
  updatedAt: null,
  expiresAt: null,
};

const notice = (
  userId: string,
  type: NewNotification['type'],
  rideId: string,
  title: string,
  message: string,
  dedupeKey?: string,
): NewNotification => ({
  userId,
  type,
  title,
  message,
  relatedId: rideId,
  metadata: { ride_id: rideId },
  dedupeKey,
});

/** The event must be one the person may see (drafts and private events do not leak). */
async function visibleEvent(deps: RideDeps, actor: AuthUser | null, eventId: string) {
  return getEvent(deps, { id: eventId, actor });
}

const eventOver = (view: q.RideView, now: Date) =>
  (view.eventEndsAt ?? view.eventStartsAt).getTime() < now.getTime();

export const mapSettings = (
  config: Pick<Config, 'MAP_TILE_URL' | 'MAP_TILE_ATTRIBUTION'>,
): MapSettings => ({ tileUrl: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION });

/**
 * Confirmed riders join the ride's group chat (through the messaging service); the first one's
 * transaction opens it with the driver in it, under the ride row's lock so it is made once.
 */
async function joinRideChat(tx: DbExecutor, rideId: string, riderIds: readonly string[]) {
  const ride = await q.lockRideChat(tx, { rideId });
  if (!ride) return;
  let chatId = ride.chatId;
  if (!chatId) {
    chatId = await openModuleGroupChat(tx, {
      title: `Ride to ${ride.eventTitle} from ${ride.departureArea}`,
      createdBy: ride.driverId,
      memberIds: [ride.driverId],
    });
    await q.setRideChat(tx, { rideId, chatId });
  }
  await addToGroupChat(tx, { chatId, userIds: riderIds });
  // Confirmed riders follow the live position: every process reads the ride's riders again.
  await signalRideAccess(tx, rideId);
}

/** Riders whose seats are gone leave the chat (it is for the driver and confirmed riders). */
async function leaveRideChat(
  tx: DbExecutor,
  ride: { id: string; chatId: string | null },
  riderIds: readonly string[],
) {
  if (ride.chatId && riderIds.length)
    await removeFromGroupChat(tx, { chatId: ride.chatId, userIds: riderIds });
  // …and no longer follow the live position.
  if (riderIds.length) await signalRideAccess(tx, ride.id);
}

export async function createRide(
  deps: RideDeps,
  actor: AuthUser,
  input: z.output<typeof RideInputSchema>,
) {
  const event = await visibleEvent(deps, actor, input.eventId);
  const now = deps.clock.now();
  if ((event.endsAt ?? event.startsAt).getTime() < now.getTime())
    throw new AppError('CONFLICT', TEXT.eventOver);
  const created = await deps.db.transaction(async (tx) => {
    const ride = await q.insertRide(tx, {
      eventId: event.id,
      driverId: actor.id,
      departureArea: input.departureArea,
      departureLat: input.departurePoint?.lat ?? null,
      departureLng: input.departurePoint?.lng ?? null,
      departsAt: new Date(input.departsAt),
      returnDepartsAt: input.returnDepartsAt ? new Date(input.returnDepartsAt) : null,
      seats: input.seats,
      seatsLeft: input.seats,
      priceCents: input.priceCents,
      currency: input.currency,
      car: input.car,
      luggage: input.luggage,
      smoking: input.smoking,
      pets: input.pets,
      notes: input.notes,
      bookingMode: input.bookingMode,
      createdAt: now,
      updatedAt: now,
    });
    if (!ride) throw rideNotFound();
    // Matching: riders who asked for a ride from near this departure hear of it at once.
    if (input.departurePoint) {
      const near = await q.requestsNear(tx, {
        eventId: event.id,
        point: input.departurePoint,
        radiusKm: RIDE_MATCH_RADIUS_KM,
      });
      await createNotifications(
        tx,
        near
          .filter((match) => match.request.riderId !== actor.id)
          .map((match) =>
            notice(
              match.request.riderId,
              'ride_matched',
              ride.id,
              'A ride near you',
              `${actor.fullName} offers a ride to ${event.title} from ${ride.departureArea} (${Math.round(match.distanceKm ?? 0)} km from you).`,
              `ride_matched:${match.request.id}:${ride.id}`,
            ),
          ),
      );
    }
    return ride;
  });
  deps.realtime.poke();
  return getRideView(deps, created.id);
}

async function getRideView(deps: Pick<RideDeps, 'db'>, rideId: string) {
  const view = await q.rideView(deps.db, { rideId });
  if (!view) throw rideNotFound();
  return view;
}

export async function listEventRides(
  deps: RideDeps,
  actor: AuthUser | null,
  eventId: string,
  query: z.output<typeof RideListQuerySchema>,
): Promise<EventRides> {
  const event = await visibleEvent(deps, actor, eventId);
  const now = deps.clock.now();
  const point =
    query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
  const [rows, requests] = await Promise.all([
    q.ridesOfEvent(deps.db, {
      eventId: event.id,
      now,
      point,
      sort: query.sort,
      minSeats: query.minSeats,
      price: query.price,
      returnTrip: query.returnTrip,
      limit: 200,
    }),
    q.openRequestsOfEvent(deps.db, { eventId: event.id }),
  ]);
  // The exact point only on the viewer's own rides and those they hold a confirmed seat on.
  const confirmed = actor
    ? await q.confirmedRideIdsOf(deps.db, {
        riderId: actor.id,
        rideIds: rows.map((r) => r.ride.id),
      })
    : new Set<string>();
  return {
    event: { id: event.id, title: event.title, startsAt: event.startsAt.toISOString() },
    rides: rows.map((view) =>
      presentRide(view, { exact: seesExactPoint(actor, view.ride, confirmed.has(view.ride.id)) }),
    ),
    requests: requests.map(({ request, riderName }) => ({
      id: request.id,
      eventId: request.eventId,
      rider: { id: request.riderId, name: riderName },
      area: request.area,
      seats: request.seats,
      note: request.note,
      createdAt: request.createdAt.toISOString(),
      mine: request.riderId === actor?.id,
    })),
  };
}

export async function postRideRequest(
  deps: RideDeps,
  actor: AuthUser,
  eventId: string,
  input: z.output<typeof RideRequestInputSchema>,
): Promise<RideRequest> {
  const event = await visibleEvent(deps, actor, eventId);
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const request = await q.insertRequest(tx, {
      eventId: event.id,
      riderId: actor.id,
      area: input.area,
      lat: input.point?.lat ?? null,
      lng: input.point?.lng ?? null,
      seats: input.seats,
      note: input.note,
      createdAt: now,
    });
    if (!request) throw rideNotFound();
    const offers = input.point
      ? await q.offersNear(tx, {
          eventId: event.id,
          point: input.point,
          radiusKm: RIDE_MATCH_RADIUS_KM,
          seats: input.seats,
          now,
        })
      : [];
    const others = offers.filter((offer) => offer.ride.driverId !== actor.id);
    // Drivers leaving near the rider hear of the request (ride_request), each once per request.
    await createNotifications(
      tx,
      others.map((offer) =>
        notice(
          offer.ride.driverId,
          'ride_request',
          offer.ride.id,
          'Someone near you needs a ride',
          `${actor.fullName} needs ${input.seats} seat${input.seats === 1 ? '' : 's'} to ${event.title} from ${input.area}.`,
          `ride_request:${request.id}:${offer.ride.id}`,
        ),
      ),
    );
    return { request, matches: others };
  });
  deps.realtime.poke();
  return {
    id: result.request.id,
    eventId: result.request.eventId,
    rider: { id: actor.id, name: actor.fullName },
    area: result.request.area,
    seats: result.request.seats,
    note: result.request.note,
    createdAt: result.request.createdAt.toISOString(),
    mine: true,
    // Whole kilometres: exact distances from a few requests would locate a driver's home.
    matches: result.matches.map((m) => ({
      rideId: m.ride.id,
      distanceKm: m.distanceKm === null ? null : Math.round(m.distanceKm),
    })),
  };
}

export async function getRideDetail(
  deps: RideDeps,
  actor: AuthUser | null,
  rideId: string,
): Promise<RideDetail> {
  const now = deps.clock.now();
  await q.releaseExpiredHolds(deps.db, { rideId, now });
  const view = await q.rideView(deps.db, { rideId });
  if (!view) throw rideNotFound();
  // The driver always finds their own ride, whatever became of the event.
  if (!drives(actor, view.ride))
    await visibleEvent(deps, actor, view.ride.eventId).catch(() => {
      throw rideNotFound();
    });
  const mine = actor ? await q.latestBookingOf(deps.db, { rideId, riderId: actor.id }) : undefined;
  const access = rideDetailAccess(actor, view.ride, mine?.status ?? null);
  const bookings = access.bookings
    ? await q.bookingsOfRide(deps.db, { rideId, confirmedOnly: access.bookings === 'confirmed' })
    : null;
  const over = eventOver(view, now);
  let canRate: { id: string; name: string }[] = [];
  if (over && access.ratesAfterEvent && actor) {
    const all = await q.bookingsOfRide(deps.db, { rideId, confirmedOnly: true });
    const given = new Set(
      (await q.ratingsGivenBy(deps.db, { rideId, raterId: actor.id })).map((r) => r.rateeId),
    );
    const people = [
      { id: view.ride.driverId, name: view.driverName },
      ...all.map((b) => ({ id: b.booking.riderId, name: b.riderName })),
    ];
    canRate = stillToRate(actor.id, people, given);
  }
  const myBookingView = mine ? await q.bookingView(deps.db, { bookingId: mine.id }) : undefined;
  return {
    // The exact departure point for the driver, confirmed riders and admins; the others see
    // the approximate area (decision 026).
    ...presentRide(view, { exact: access.exact }),
    role: access.role,
    bookings: bookings ? bookings.map(presentBooking) : null,
    myBooking: myBookingView ? presentBooking(myBookingView) : null,
    // Contact details stay hidden until the seat is confirmed (trust and safety).
    driverContact: access.driverContact ? view.driverEmail : null,
    chatId: access.chat ? view.ride.chatId : null,
    eventOver: over,
    canRate,
  };
}

export async function getSharedRide(deps: RideDeps, rideId: string): Promise<SharedRide> {
  const view = await q.rideView(deps.db, { rideId });
  if (!view) throw rideNotFound();
  // The share page is public: only rides to events anyone may see.
  await visibleEvent(deps, null, view.ride.eventId).catch(() => {
    throw rideNotFound();
  });
  return presentShared(view);
}

export async function listMyRides(deps: RideDeps, actor: AuthUser): Promise<MyRides> {
  const [driving, bookings] = await Promise.all([
    q.ridesOfDriver(deps.db, { driverId: actor.id }),
    q.bookingsOfRider(deps.db, { riderId: actor.id }),
  ]);
  const riding: MyRides['riding'] = [];
  for (const { booking, rideId } of bookings) {
    const [view, bookingView] = await Promise.all([
      q.rideView(deps.db, { rideId }),
      q.bookingView(deps.db, { bookingId: booking.id }),
    ]);
    if (view && bookingView)
      riding.push({
        ride: presentRide(view, { exact: booking.status === 'confirmed' }),
        booking: presentBooking(bookingView),
      });
  }
  return { driving: driving.map((view) => presentRide(view, { exact: true })), riding };
}

export async function updateRide(
  deps: RideDeps,
  actor: AuthUser,
  rideId: string,
  patch: z.output<typeof RideUpdateSchema>,
) {
  const now = deps.clock.now();
  const current = await q.rideView(deps.db, { rideId });
  const scope = ownerScope(actor);
  if (!current || !managesRide(actor, current.ride)) throw rideNotFound();
  if (current.ride.status !== 'active') throw new AppError('CONFLICT', TEXT.cancelled);
  const departsAt = patch.departsAt ? new Date(patch.departsAt) : current.ride.departsAt;
  const returnDepartsAt =
    patch.returnDepartsAt === undefined
      ? current.ride.returnDepartsAt
      : patch.returnDepartsAt === null
        ? null
        : new Date(patch.returnDepartsAt);
  if (returnDepartsAt && returnDepartsAt <= departsAt)
    throw new AppError('VALIDATION_FAILED', 'The return must be after the departure', {
      fields: [
        { field: 'body.returnDepartsAt', message: 'The return must be after the departure' },
      ],
    });
  const updated = await q.updateOwnRide(deps.db, {
    rideId,
    driverId: scope,
    seats: patch.seats,
    set: {
      ...(patch.departureArea !== undefined ? { departureArea: patch.departureArea } : {}),
      ...(patch.departurePoint !== undefined
        ? {
            departureLat: patch.departurePoint?.lat ?? null,
            departureLng: patch.departurePoint?.lng ?? null,
          }
        : {}),
      departsAt,
      returnDepartsAt,
      ...(patch.car !== undefined ? { car: patch.car } : {}),
      ...(patch.luggage !== undefined ? { luggage: patch.luggage } : {}),
      ...(patch.smoking !== undefined ? { smoking: patch.smoking } : {}),
      ...(patch.pets !== undefined ? { pets: patch.pets } : {}),
      ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
      ...(patch.bookingMode !== undefined ? { bookingMode: patch.bookingMode } : {}),
      updatedAt: now,
    },
  });
  if (!updated) throw new AppError('CONFLICT', TEXT.seatsBelowBooked);
  // New times move the live-sharing window.
  await signalRideAccess(deps.db, rideId);
  return getRideView(deps, rideId);
}

/** Refunds a booking's paid seats, once (refundProductOrder finds nothing left the second time). */
async function refundBooking(
  deps: RideDeps,
  tx: DbExecutor,
  booking: q.BookingRow,
  reason: string,
) {
  if (!booking.orderId) return false;
  return refundProductOrder(deps.ticketing.orders, { orderId: booking.orderId, reason, tx });
}

export async function cancelRide(deps: RideDeps, actor: AuthUser, rideId: string) {
  const now = deps.clock.now();
  const stopped = await deps.db.transaction(async (tx) => {
    const ride = await q.cancelOwnRide(tx, { rideId, driverId: ownerScope(actor), now });
    if (!ride) {
      const existing = await q.rideView(tx, { rideId });
      if (existing && managesRide(actor, existing.ride))
        throw new AppError('CONFLICT', TEXT.cancelled);
      throw rideNotFound();
    }
    const cancelled = await q.cancelLiveBookings(tx, { rideId, now });
    for (const booking of cancelled)
      await refundBooking(deps, tx, booking, 'Ride cancelled by the driver');
    await leaveRideChat(
      tx,
      ride,
      cancelled.map((b) => b.riderId),
    );
    // Cancelled: nobody shares its position any more (every process hears it on commit).
    await signalRideAccess(tx, rideId);
    await createNotifications(
      tx,
      [...new Set(cancelled.map((b) => b.riderId))].map((riderId) =>
        notice(
          riderId,
          'ride_cancelled',
          rideId,
          'Ride cancelled',
          `The driver cancelled the ride from ${ride.departureArea}. Paid seats are refunded.`,
          `ride_cancelled:${rideId}:${riderId}`,
        ),
      ),
    );
    await q.deletePosition(tx, { rideId });
    return { ride, riderIds: cancelled.map((b) => b.riderId) };
  });
  deps.live?.drop(rideId);
  deps.realtime.poke();
  // Anyone following the trip sees the live position go.
  publishLocation(deps, stopped.ride, stopped.riderIds, NOT_SHARING);
  return getRideView(deps, rideId);
}

async function openSeatCheckout(
  deps: RideDeps,
  actor: AuthUser,
  view: q.RideView,
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
  const view = await q.rideView(deps.db, { rideId });
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
          'New seat request',
          `${actor.fullName} asks for ${input.seats} seat${input.seats === 1 ? '' : 's'} on your ride to ${view.eventTitle}.`,
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
        paid ? 'Seats held for payment' : 'Seats booked',
        `${actor.fullName} ${paid ? 'is paying for' : 'booked'} ${input.seats} seat${input.seats === 1 ? '' : 's'} on your ride to ${view.eventTitle}.`,
        `ride_request:booking:${row.id}`,
      ),
      ...(paid
        ? []
        : [
            notice(
              actor.id,
              'ride_confirmed',
              rideId,
              'Seat confirmed',
              `Your ${input.seats} seat${input.seats === 1 ? ' is' : 's are'} confirmed on the ride to ${view.eventTitle}.`,
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
    const event = await q.rideView(tx, { rideId: ride.id });
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
          'Seat request declined',
          `The driver could not take you on the ride to ${title}.`,
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
            'Seat request accepted',
            `The driver accepted you on the ride to ${title}. Pay within 30 minutes to keep your seat.`,
            `ride_matched:booking:${booking.id}`,
          )
        : notice(
            booking.riderId,
            'ride_confirmed',
            ride.id,
            'Seat confirmed',
            `The driver accepted you on the ride to ${title}.`,
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
        'A rider cancelled',
        `${actor.fullName} cancelled ${booking.seats} seat${booking.seats === 1 ? '' : 's'} on your ride.`,
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
      'Seat paid and confirmed',
      `Your ${row.seats} seat${row.seats === 1 ? ' is' : 's are'} confirmed.`,
      `ride_confirmed:${row.id}`,
    ),
  ]);
}

async function locationAccess(deps: RideDeps, actor: AuthUser, rideId: string) {
  const view = await q.rideView(deps.db, { rideId });
  if (!view) throw rideNotFound();
  // The driver's (or an admin's) access needs no booking read.
  const booking = managesRide(actor, view.ride)
    ? undefined
    : await q.liveBookingOf(deps.db, { rideId, riderId: actor.id });
  const access = liveAccess(actor, view.ride, booking?.status ?? null);
  // Not the driver and not a confirmed rider: the location is not theirs to know.
  if (!access) throw rideNotFound();
  return { view, driver: access === 'driver' };
}

/**
 * The driver's position goes to the driver's and confirmed riders' sockets as it arrives (an
 * unstored frame through the hub, every process); the row is only for a page that opens later.
 */
function publishLocation(
  deps: RideDeps,
  ride: { id: string; driverId: string },
  riderIds: readonly string[],
  location: LiveLocation,
) {
  deps.realtime.publish([ride.driverId, ...riderIds], {
    type: 'ride_location',
    rideId: ride.id,
    location,
  });
}

export async function shareLocation(
  deps: RideDeps,
  actor: AuthUser,
  rideId: string,
  point: { lat: number; lng: number },
): Promise<LiveLocation> {
  // This runs once a second per driver on the road: who may share and see comes from memory
  // (read once per ride, again when its riders or times change), never a read per update.
  const found = deps.live
    ? await deps.live.trip(rideId)
    : await q.rideWithConfirmedRiders(deps.db, { rideId });
  if (!found) throw rideNotFound();
  const { ride, riderIds } = found;
  const refusal = sharingRefusal(actor, ride, riderIds);
  if (refusal === 'forbidden') throw new AppError('FORBIDDEN', TEXT.notAllowed);
  if (refusal) throw rideNotFound();
  const now = deps.clock.now();
  const sharing = tripSharingWindow(ride);
  const { end } = sharing;
  if (ride.status !== 'active' || !within(sharing, now))
    throw new AppError('CONFLICT', TEXT.notSharing);
  const expiresAt = new Date(Math.min(now.getTime() + LIVE_LOCATION_TTL_MS, end));
  const position = { lat: point.lat, lng: point.lng, updatedAt: now, expiresAt };
  // Held in memory and written with the others every few seconds (it expires anyway).
  if (deps.live) deps.live.hold(rideId, position);
  else await q.upsertPosition(deps.db, { rideId, ...position });
  const location: LiveLocation = {
    sharing: true,
    lat: point.lat,
    lng: point.lng,
    updatedAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
  publishLocation(deps, ride, riderIds, location);
  return location;
}

export async function stopSharing(deps: RideDeps, actor: AuthUser, rideId: string) {
  const { driver } = await locationAccess(deps, actor, rideId);
  if (!driver) throw new AppError('FORBIDDEN', TEXT.notAllowed);
  deps.live?.drop(rideId);
  await q.deletePosition(deps.db, { rideId });
  const found = await q.rideWithConfirmedRiders(deps.db, { rideId });
  if (found) publishLocation(deps, found.ride, found.riderIds, NOT_SHARING);
  return { ok: true as const };
}

export async function liveLocation(
  deps: RideDeps,
  actor: AuthUser,
  rideId: string,
): Promise<LiveLocation> {
  await locationAccess(deps, actor, rideId);
  const now = deps.clock.now();
  // This process's memory first; the row holds what another process heard (a few seconds old).
  const row =
    deps.live?.current(rideId, now) ?? (await q.currentPosition(deps.db, { rideId, now }));
  if (!row) return NOT_SHARING;
  return {
    sharing: true,
    lat: row.lat,
    lng: row.lng,
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function rateRidePerson(
  deps: RideDeps,
  actor: AuthUser,
  rideId: string,
  input: z.output<typeof RideRatingInputSchema>,
) {
  const view = await q.rideView(deps.db, { rideId });
  if (!view) throw rideNotFound();
  const confirmed = await q.bookingsOfRide(deps.db, { rideId, confirmedOnly: true });
  const refusal = ratingRefusal({
    raterId: actor.id,
    rateeId: input.userId,
    ride: view.ride,
    confirmedRiderIds: confirmed.map((b) => b.booking.riderId),
    eventOver: eventOver(view, deps.clock.now()),
  });
  if (refusal === 'too_early') throw new AppError('CONFLICT', TEXT.rateAfterEvent);
  if (refusal === 'self') throw new AppError('BAD_REQUEST', TEXT.rateSelf);
  if (refusal) throw new AppError('FORBIDDEN', TEXT.rateOnlyTogether);
  const row = await q.insertRating(deps.db, {
    rideId,
    raterId: actor.id,
    rateeId: input.userId,
    rating: input.rating,
    comment: input.comment,
    createdAt: deps.clock.now(),
  });
  if (!row) throw new AppError('CONFLICT', 'You already rated this person for this ride');
  return { ok: true as const };
}

export async function cleanupPositions(deps: Pick<RideDeps, 'db' | 'clock'>) {
  const now = deps.clock.now();
  await q.deleteExpiredPositions(deps.db, { now });
  await q.deleteExpiredVendorPositions(deps.db, { now });
}

// ---------- vendors sharing their location with the organizer on the event day ----------

const eventNotFound = () => new AppError('NOT_FOUND', TEXT.eventNotFound);

/**
 * A vendor approved for the event shares their position with its organizer on the event day, by
 * the same expiring path as a driver's: one row overwritten and deleted after
 * LIVE_LOCATION_TTL_MS, and an unstored frame to the organizer's sockets. The organizer hears
 * `vendor_location_sharing` when a vendor starts, once a day per vendor.
 */
export async function shareVendorLocation(
  deps: RideDeps,
  actor: AuthUser,
  eventId: string,
  point: { lat: number; lng: number },
): Promise<LiveLocation> {
  const facts = await q.vendorSharingFacts(deps.db, { eventId, vendorId: actor.id });
  if (!facts) throw eventNotFound();
  if (!facts.approved) throw new AppError('FORBIDDEN', TEXT.notVendor);
  const now = deps.clock.now();
  const sharing = vendorSharingWindow(facts);
  const { start, end } = sharing;
  if (!within(sharing, now)) throw new AppError('CONFLICT', TEXT.vendorSharingDay);
  const expiresAt = new Date(Math.min(now.getTime() + LIVE_LOCATION_TTL_MS, end));
  const location: LiveLocation = {
    sharing: true,
    lat: point.lat,
    lng: point.lng,
    updatedAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
  const { first } = await q.upsertVendorPosition(deps.db, {
    eventId,
    vendorId: actor.id,
    lat: point.lat,
    lng: point.lng,
    updatedAt: now,
    expiresAt,
  });
  if (first) {
    const day = new Date(start).toISOString().slice(0, 10);
    const created = await createNotifications(deps.db, [
      {
        userId: facts.ownerId,
        type: 'vendor_location_sharing',
        title: 'A vendor shares their location',
        message: `${facts.vendorName || 'A vendor'} shares their live location for ${facts.title}.`,
        relatedId: eventId,
        metadata: { event_id: eventId, vendor_id: actor.id },
        // Once per vendor and event day, however often the sharing stops and starts again.
        dedupeKey: `vendor_location_sharing:${eventId}:${actor.id}:${day}`,
      },
    ]);
    if (created) deps.realtime.poke();
  }
  deps.realtime.publish([facts.ownerId], {
    type: 'vendor_location',
    eventId,
    vendor: { id: actor.id, name: facts.vendorName },
    location,
  });
  return location;
}

export async function stopVendorSharing(deps: RideDeps, actor: AuthUser, eventId: string) {
  const facts = await q.vendorSharingFacts(deps.db, { eventId, vendorId: actor.id });
  if (!facts) throw eventNotFound();
  await q.deleteVendorPosition(deps.db, { eventId, vendorId: actor.id });
  deps.realtime.publish([facts.ownerId], {
    type: 'vendor_location',
    eventId,
    vendor: { id: actor.id, name: facts.vendorName },
    location: NOT_SHARING,
  });
  return { ok: true as const };
}

/** The organizer (or an admin) sees the fresh positions of the event's vendors. */
export async function vendorLocations(
  deps: RideDeps,
  actor: AuthUser,
  eventId: string,
): Promise<VendorLocations> {
  const facts = await q.vendorSharingFacts(deps.db, { eventId, vendorId: actor.id });
  // Not the organizer: the positions are not theirs to know (404, as for a ride's location).
  if (!facts || !seesVendorLocations(actor, facts)) throw eventNotFound();
  const rows = await q.vendorPositionsOf(deps.db, { eventId, now: deps.clock.now() });
  return {
    eventId,
    eventTitle: facts.title,
    items: rows.map(({ position, vendorName }) => ({
      vendor: { id: position.vendorId, name: vendorName },
      lat: position.lat,
      lng: position.lng,
      updatedAt: position.updatedAt.toISOString(),
      expiresAt: position.expiresAt.toISOString(),
    })),
  };
}
