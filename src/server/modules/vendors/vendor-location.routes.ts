import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  LiveLocationSchema,
  LocationInputSchema,
  VendorLocationsSchema,
} from '../../../contracts/rides';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { eventActor } from '../teams/teams.service';
import { errorResponses } from '../../platform/http/error-responses';
import * as locations from './vendor-location.service';

const errors = errorResponses(400, 401, 403, 404, 409);
// Ids are UUIDs: anything else is a 400 here rather than a failed uuid cast in a query (a 500).
const EventParams = z.object({ eventId: z.uuid({ error: 'Event not found' }) });

/** Vendors sharing their live position with the organizer on the event day (decision 026). */
export const vendorLocationRoutes =
  (deps: locations.VendorLocationDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = { preHandler: requireAuth };
    // Grouped with the drivers' live positions in the API document: one place for live positions.
    const tags = ['rides'];

    app.put(
      '/events/:eventId/vendor-location',
      {
        ...signedIn,
        schema: {
          tags,
          summary:
            'Share my live position with the organizer as a vendor of the event (event day only)',
          params: EventParams,
          body: LocationInputSchema,
          response: { 200: LiveLocationSchema, ...errors },
        },
      },
      async (request) =>
        locations.shareVendorLocation(
          deps,
          await currentUser(request),
          request.params.eventId,
          request.body,
        ),
    );

    app.delete(
      '/events/:eventId/vendor-location',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Stop sharing my position with the organizer',
          params: EventParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) =>
        locations.stopVendorSharing(deps, await currentUser(request), request.params.eventId),
    );

    app.get(
      '/events/:eventId/vendor-locations',
      {
        ...signedIn,
        schema: {
          tags,
          summary: "The live positions of the event's vendors (its organizer)",
          params: EventParams,
          response: { 200: VendorLocationsSchema, ...errors },
        },
      },
      async (request) =>
        locations.vendorLocations(
          deps,
          await eventActor(deps.db, {
            actor: await currentUser(request),
            eventId: request.params.eventId,
            permission: 'vendors.bookings',
          }),
          request.params.eventId,
        ),
    );
  };
