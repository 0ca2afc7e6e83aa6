import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  BookingResultSchema,
  BookSeatsInputSchema,
  EventRidesSchema,
  LiveLocationSchema,
  LocationInputSchema,
  MapSettingsSchema,
  MyRidesSchema,
  RideBookingSchema,
  RideDetailSchema,
  RideInputSchema,
  RideListQuerySchema,
  RideRatingInputSchema,
  RideRequestInputSchema,
  RideRequestSchema,
  RideSchema,
  RideUpdateSchema,
  SharedRideSchema,
} from '../../../contracts/rides';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { actorFor, actorOrSelf } from '../teams/teams.service';
import { AppError } from '../../platform/http/errors';
import type { ModuleContext } from '../module';
import { LiveTrips } from './rides.live';
import { presentRide } from './rides.presenter';
import type { RideDeps } from './ride-common';
import * as bookings from './ride-bookings.service';
import * as location from './ride-location.service';
import * as ratings from './ride-ratings.service';
import * as rides from './rides.service';
import { errorResponses } from '../../platform/http/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);
// Ids are UUIDs: anything else is a 400 here rather than a failed uuid cast in a query (a 500).
const EventParams = z.object({ eventId: z.uuid({ error: 'Event not found' }) });
const RideParams = z.object({ rideId: z.uuid({ error: 'Ride not found' }) });
const BookingParams = z.object({ bookingId: z.uuid({ error: 'Booking not found' }) });

/** Rides to events (the route list is in src/contracts/rides.ts). */
export const rideRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const live = new LiveTrips(ctx, ctx.logError);
    app.addHook('onClose', async () => live.close());
    const deps: RideDeps = {
      db: ctx.db,
      clock: ctx.clock,
      files: ctx.files,
      ticketing: ctx.ticketing,
      realtime: ctx.realtime,
      live,
    };

    // The driver's position up the realtime socket the page already holds open (the HTTP PUT
    // below stays for a page whose socket is down): no request, session lookup or answer each.
    ctx.socketMessages.handle('ride_location', async (message, peer) => {
      const rideId = typeof message.rideId === 'string' ? message.rideId : '';
      const point = LocationInputSchema.safeParse({ lat: message.lat, lng: message.lng });
      const refuse = (text: string) =>
        peer.send({ type: 'ride_location_refused', rideId, message: text });
      if (!RideParams.safeParse({ rideId }).success) return refuse('Ride not found');
      if (!point.success) return refuse('Latitude and longitude must be numbers on the map');
      try {
        await location.shareLocation(deps, peer.user, rideId, point.data);
      } catch (error) {
        if (error instanceof AppError) return refuse(error.message);
        throw error;
      }
    });
    const signedIn = { preHandler: requireAuth };
    // The rides an account drives: a member switched to the team drives the owner's, when their
    // role sets the events up (decision 073). Seats a person books stay their own.
    const driver = (request: FastifyRequest, action?: string) =>
      actorFor(ctx.db, request, { permission: 'event.edit', ...(action ? { action } : {}) });
    const tags = ['rides'];

    app.post(
      '/rides',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Offer a ride to an event',
          body: RideInputSchema,
          response: { 201: RideSchema, ...errors },
        },
      },
      async (request, reply) => {
        const view = await rides.createRide(
          deps,
          await driver(request, 'ride.create'),
          request.body,
        );
        // The driver's own ride: the exact point.
        return reply.status(201).send(presentRide(view, { exact: true }));
      },
    );

    app.get(
      '/rides/map',
      {
        schema: {
          tags,
          summary: 'The map tile server the ride pages draw with (MAP_TILE_URL)',
          response: { 200: MapSettingsSchema },
        },
      },
      async () => rides.mapSettings(ctx.config),
    );

    app.get(
      '/rides/mine',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Rides I drive and seats I booked',
          response: { 200: MyRidesSchema, ...errors },
        },
      },
      async (request) => rides.listMyRides(deps, await driver(request)),
    );

    app.get(
      '/events/:eventId/rides',
      {
        schema: {
          tags,
          summary:
            'Rides to an event (by departure time or distance from a point) and ride requests',
          params: EventParams,
          querystring: RideListQuerySchema,
          response: { 200: EventRidesSchema, ...errors },
        },
      },
      async (request) =>
        rides.listEventRides(deps, await request.getUser(), request.params.eventId, request.query),
    );

    app.post(
      '/events/:eventId/ride-requests',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Ask for a ride to an event (drivers leaving nearby are told)',
          params: EventParams,
          body: RideRequestInputSchema,
          response: { 201: RideRequestSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await rides.postRideRequest(
          deps,
          await currentUser(request),
          request.params.eventId,
          request.body,
        );
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/rides/:rideId',
      {
        schema: {
          tags,
          summary: 'A ride; riders and contact only for the driver and confirmed riders',
          params: RideParams,
          response: { 200: RideDetailSchema, ...errors },
        },
      },
      async (request) =>
        rides.getRideDetail(
          deps,
          (await request.getUser()) && (await actorOrSelf(ctx.db, request, 'event.edit')),
          request.params.rideId,
        ),
    );

    app.get(
      '/rides/:rideId/shared',
      {
        schema: {
          tags,
          summary: 'The public share page of a ride (no private data)',
          params: RideParams,
          response: { 200: SharedRideSchema, ...errors },
        },
      },
      async (request) => rides.getSharedRide(deps, request.params.rideId),
    );

    app.patch(
      '/rides/:rideId',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Edit my ride',
          params: RideParams,
          body: RideUpdateSchema,
          response: { 200: RideSchema, ...errors },
        },
      },
      async (request) =>
        presentRide(
          await rides.updateRide(
            deps,
            await driver(request, 'ride.edit'),
            request.params.rideId,
            request.body,
          ),
          { exact: true },
        ),
    );

    app.post(
      '/rides/:rideId/cancel',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Cancel my ride (riders told, paid seats refunded)',
          params: RideParams,
          response: { 200: RideSchema, ...errors },
        },
      },
      async (request) =>
        presentRide(
          await rides.cancelRide(deps, await driver(request, 'ride.cancel'), request.params.rideId),
          { exact: true },
        ),
    );

    app.post(
      '/rides/:rideId/bookings',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Request or book seats (paid instant bookings get a checkout link)',
          params: RideParams,
          body: BookSeatsInputSchema,
          response: { 201: BookingResultSchema, ...errors, ...errorResponses(503) },
        },
      },
      async (request, reply) => {
        const result = await bookings.bookSeats(
          deps,
          await currentUser(request),
          request.params.rideId,
          request.body,
        );
        return reply.status(201).send(result);
      },
    );

    for (const answer of ['accept', 'decline'] as const) {
      app.post(
        `/ride-bookings/:bookingId/${answer}`,
        {
          ...signedIn,
          schema: {
            tags,
            summary: `${answer === 'accept' ? 'Accept' : 'Decline'} a seat request on my ride`,
            params: BookingParams,
            response: { 200: RideBookingSchema, ...errors },
          },
        },
        async (request) =>
          bookings.answerBooking(
            deps,
            await driver(request, `ride.${answer}`),
            request.params.bookingId,
            answer,
          ),
      );
    }

    app.post(
      '/ride-bookings/:bookingId/pay',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'A checkout link for my accepted paid seats',
          params: BookingParams,
          response: { 200: BookingResultSchema, ...errors, ...errorResponses(503) },
        },
      },
      async (request) =>
        bookings.payBooking(deps, await currentUser(request), request.params.bookingId),
    );

    app.post(
      '/ride-bookings/:bookingId/cancel',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Cancel my seats before departure (paid seats refunded)',
          params: BookingParams,
          response: { 200: RideBookingSchema, ...errors },
        },
      },
      async (request) =>
        bookings.cancelBooking(deps, await currentUser(request), request.params.bookingId),
    );

    app.put(
      '/rides/:rideId/location',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Share my live position as the driver (during the trip; expires by itself)',
          params: RideParams,
          body: LocationInputSchema,
          response: { 200: LiveLocationSchema, ...errors },
        },
      },
      async (request) =>
        location.shareLocation(
          deps,
          await currentUser(request),
          request.params.rideId,
          request.body,
        ),
    );

    app.get(
      '/rides/:rideId/location',
      {
        ...signedIn,
        schema: {
          tags,
          summary: "The driver's live position (driver and confirmed riders)",
          params: RideParams,
          response: { 200: LiveLocationSchema, ...errors },
        },
      },
      async (request) =>
        location.liveLocation(deps, await currentUser(request), request.params.rideId),
    );

    app.delete(
      '/rides/:rideId/location',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Stop sharing my live position',
          params: RideParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) =>
        location.stopSharing(deps, await currentUser(request), request.params.rideId),
    );

    app.post(
      '/rides/:rideId/ratings',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Rate the driver or a rider of this ride after the event (once each)',
          params: RideParams,
          body: RideRatingInputSchema,
          response: { 201: OkSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await ratings.rateRidePerson(
          deps,
          await currentUser(request),
          request.params.rideId,
          request.body,
        );
        return reply.status(201).send(result);
      },
    );
  };
