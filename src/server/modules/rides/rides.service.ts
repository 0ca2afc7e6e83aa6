import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import {
  RIDE_MATCH_RADIUS_KM,
  RIDE_MESSAGES as TEXT,
  type EventRides,
  type MapSettings,
  type MyRides,
  type RideDetail,
  type RideInputSchema,
  type RideListQuerySchema,
  type RideRequest,
  type RideRequestInputSchema,
  type RideUpdateSchema,
  type SharedRide,
} from '../../../contracts/rides';
import type { Config } from '../../config';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { createNotifications } from '../notifications/notifications.service';
import {
  eventOver,
  getRideView,
  notice,
  rideNotFound,
  visibleEvent,
  type RideDeps,
} from './ride-common';
import { leaveRideChat } from './ride-chat';
import * as bookingsQ from './ride-bookings.queries';
import { refundBooking } from './ride-bookings.service';
import { deletePosition } from './ride-location.queries';
import { publishLocation } from './ride-location.service';
import { peopleToRate } from './ride-ratings.service';
import { signalRideAccess } from './rides.live';
import { drives, managesRide, ownerScope, rideDetailAccess, seesExactPoint } from './rides.policy';
import { presentBooking, presentLocation, presentRide, presentShared } from './rides.presenter';
import { driverCancelled, needsRide, RETURN_AFTER_DEPARTURE, rideNearYou } from './ride-notices';
import * as q from './rides.queries';

// Rides and ride requests: offering, finding, editing and cancelling a ride. Its bookings, live
// location and ratings are in ride-bookings, ride-location and ride-ratings.service.ts.

// The vendors module shares vendors' positions by the same expiring path (decision 026).
export { presentLocation } from './rides.presenter';
export { within } from './rides.policy';

export const mapSettings = (
  config: Pick<Config, 'MAP_TILE_URL' | 'MAP_TILE_ATTRIBUTION'>,
): MapSettings => ({ tileUrl: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION });

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
              msg`A ride near you`,
              rideNearYou(actor.fullName, event.title, ride.departureArea, match.distanceKm),
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
    ? await bookingsQ.confirmedRideIdsOf(deps.db, {
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
          msg`Someone near you needs a ride`,
          needsRide(actor.fullName, input.seats, event.title, input.area),
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
  await bookingsQ.releaseExpiredHolds(deps.db, { rideId, now });
  const view = await q.rideView(deps.db, { rideId });
  if (!view) throw rideNotFound();
  // The driver always finds their own ride, whatever became of the event.
  if (!drives(actor, view.ride))
    await visibleEvent(deps, actor, view.ride.eventId).catch(() => {
      throw rideNotFound();
    });
  const mine = actor
    ? await bookingsQ.latestBookingOf(deps.db, { rideId, riderId: actor.id })
    : undefined;
  const access = rideDetailAccess(actor, view.ride, mine?.status ?? null);
  const bookings = access.bookings
    ? await bookingsQ.bookingsOfRide(deps.db, {
        rideId,
        confirmedOnly: access.bookings === 'confirmed',
      })
    : null;
  const over = eventOver(view, now);
  const canRate =
    over && access.ratesAfterEvent && actor ? await peopleToRate(deps, actor, view) : [];
  const myBookingView = mine
    ? await bookingsQ.bookingView(deps.db, { bookingId: mine.id })
    : undefined;
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
    bookingsQ.bookingsOfRider(deps.db, { riderId: actor.id }),
  ]);
  const riding: MyRides['riding'] = [];
  for (const { booking, rideId } of bookings) {
    const [view, bookingView] = await Promise.all([
      q.rideView(deps.db, { rideId }),
      bookingsQ.bookingView(deps.db, { bookingId: booking.id }),
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
    throw new AppError('VALIDATION_FAILED', RETURN_AFTER_DEPARTURE, {
      fields: [{ field: 'body.returnDepartsAt', message: RETURN_AFTER_DEPARTURE.message ?? '' }],
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
    const cancelled = await bookingsQ.cancelLiveBookings(tx, { rideId, now });
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
          msg`Ride cancelled`,
          driverCancelled(ride.departureArea),
          `ride_cancelled:${rideId}:${riderId}`,
        ),
      ),
    );
    await deletePosition(tx, { rideId });
    return { ride, riderIds: cancelled.map((b) => b.riderId) };
  });
  deps.live?.drop(rideId);
  deps.realtime.poke();
  // Anyone following the trip sees the live position go.
  publishLocation(deps, stopped.ride, stopped.riderIds, presentLocation(null));
  return getRideView(deps, rideId);
}
