import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '../../../contracts/accounts';
import {
  ApproveVendorResponseSchema,
  BookingListQuerySchema,
  BookingListSchema,
  BookingSchema,
  CreateBookingInputSchema,
  MarkReadResponseSchema,
  PayVendorFeeResponseSchema,
  RejectVendorResponseSchema,
  VendorApplicationListSchema,
  VendorApplyInputSchema,
  VendorDirectoryQuerySchema,
  VendorDirectoryResponseSchema,
  VendorOpportunityListSchema,
  VendorOpportunityQuerySchema,
  VendorOpportunitySchema,
  VendorPageSchema,
  VendorProfileInputSchema,
  VendorProfileSchema,
  VendorRatingInputSchema,
  VendorRatingSchema,
  VendorRequestListSchema,
  VendorRequestSchema,
  VendorTrackerSchema,
} from '../../../contracts/vendors';
import { actorFor } from '../teams/teams.service';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { readUploadedFile } from '../../platform/http/uploads';
import * as bookings from './bookings.service';
import * as requests from './vendor-requests.service';
import * as vendors from './vendors.service';
import type { VendorDeps } from './vendors.service';
import { errorResponses } from '../../platform/http/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);
// Ids are UUIDs: anything else is a 400 here rather than a failed uuid cast in a query (a 500).
const EventParams = z.object({ eventId: z.uuid() });
const RequestParams = EventParams.extend({ requestId: z.uuid() });
const VendorParams = z.object({ vendorId: z.uuid() });
const BookingParams = z.object({ bookingId: z.uuid() });
const ApplicationParams = z.object({ requestId: z.uuid() });
const ImageParams = z.object({ imageId: z.uuid() });

/** Issue #7 vendor marketplace (the route list is in src/contracts/vendors.ts). */
export const vendorRoutes =
  (deps: VendorDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = { preHandler: requireAuth };
    const tags = ['vendors'];

    // ---------- own profile ----------
    app.get(
      '/vendor-profile',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'My vendor profile (vendors only)',
          response: { 200: VendorProfileSchema, ...errors },
        },
      },
      async (request) => vendors.getMyVendorProfile(deps, await currentUser(request)),
    );

    app.put(
      '/vendor-profile',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Save my vendor profile (vendors only)',
          body: VendorProfileInputSchema,
          response: { 200: VendorProfileSchema, ...errors },
        },
      },
      async (request) =>
        vendors.saveMyVendorProfile(deps, {
          user: await currentUser(request),
          input: request.body,
        }),
    );

    app.post(
      '/vendor-profile/gallery',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Add a gallery photo (multipart field "image"; images only, 5 MB at most)',
          consumes: ['multipart/form-data'],
          response: { 200: VendorProfileSchema, ...errors, ...errorResponses(413) },
        },
      },
      async (request) => {
        const user = await currentUser(request);
        const data = await readUploadedFile(request, {
          field: 'image',
          maxBytes: AVATAR_MAX_BYTES,
          missingMessage: AVATAR_MESSAGES.missing,
          tooLargeMessage: AVATAR_MESSAGES.tooLarge,
        });
        return vendors.addGalleryImage(deps, { user, data });
      },
    );

    app.delete(
      '/vendor-profile/gallery/:imageId',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Remove a gallery photo',
          params: ImageParams,
          response: { 200: VendorProfileSchema, ...errors },
        },
      },
      async (request) =>
        vendors.deleteGalleryImage(deps, {
          user: await currentUser(request),
          imageId: request.params.imageId,
        }),
    );

    // ---------- directory and public pages ----------
    app.get(
      '/vendors',
      {
        schema: {
          tags,
          summary: 'Vendor directory: search, service type, area, sort, pages',
          querystring: VendorDirectoryQuerySchema,
          response: { 200: VendorDirectoryResponseSchema, ...errorResponses(400) },
        },
      },
      async (request) => vendors.listVendors(deps, request.query),
    );

    app.get(
      '/vendors/:vendorId',
      {
        schema: {
          tags,
          summary: 'A vendor’s public page: profile, events worked, ratings',
          params: VendorParams,
          response: { 200: VendorPageSchema, ...errors },
        },
      },
      async (request) => vendors.getVendorPage(deps, { vendorId: request.params.vendorId }),
    );

    app.post(
      '/vendors/:vendorId/ratings',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Rate a vendor who worked your event (one rating per event)',
          params: VendorParams,
          body: VendorRatingInputSchema,
          response: { 200: VendorRatingSchema, ...errors, ...errorResponses(422) },
        },
      },
      async (request) =>
        vendors.rateVendor(deps, {
          actor: await currentUser(request),
          vendorId: request.params.vendorId,
          input: request.body,
        }),
    );

    // ---------- events asking for vendors ----------
    app.get(
      '/vendor-opportunities',
      {
        schema: {
          tags,
          summary: 'Upcoming public events asking for vendors',
          querystring: VendorOpportunityQuerySchema,
          response: { 200: VendorOpportunityListSchema, ...errorResponses(400) },
        },
      },
      async (request) =>
        vendors.listOpportunities(deps, { user: await request.getUser(), query: request.query }),
    );

    app.get(
      '/events/:eventId/vendor-info',
      {
        schema: {
          tags,
          summary: 'What an event asks of vendors (fee, categories, spots) and my application',
          params: EventParams,
          response: { 200: VendorOpportunitySchema, ...errors },
        },
      },
      async (request) =>
        vendors.getEventVendorInfo(deps, {
          user: await request.getUser(),
          eventId: request.params.eventId,
        }),
    );

    // ---------- applications ----------
    app.post(
      '/events/:eventId/vendor-requests',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Apply to an event as a vendor',
          params: EventParams,
          body: VendorApplyInputSchema,
          response: { 201: VendorRequestSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await requests.applyToEvent(deps, {
          actor: await currentUser(request),
          eventId: request.params.eventId,
          input: request.body,
        });
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/events/:eventId/vendor-requests',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'The Vendor Applications screen (owner and admins: all; others: their own)',
          params: EventParams,
          response: { 200: VendorRequestListSchema, ...errors },
        },
      },
      async (request) =>
        requests.listEventRequests(deps, {
          actor: await currentUser(request),
          eventId: request.params.eventId,
        }),
    );

    app.post(
      '/events/:eventId/vendor-requests/read',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Mark the event’s unread applications and their notifications read (owner)',
          params: EventParams,
          response: { 200: MarkReadResponseSchema, ...errors },
        },
      },
      async (request) =>
        requests.markEventRequestsRead(deps, {
          actor: await currentUser(request),
          eventId: request.params.eventId,
        }),
    );

    app.post(
      '/events/:eventId/vendor-requests/:requestId/approve',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Approve a vendor application (event owner or admin; spec §4)',
          params: RequestParams,
          response: { 200: ApproveVendorResponseSchema, ...errors },
        },
      },
      async (request) =>
        requests.approveRequest(deps, { actor: await currentUser(request), ...request.params }),
    );

    app.post(
      '/events/:eventId/vendor-requests/:requestId/reject',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Reject a vendor application (event owner or admin; spec §4)',
          params: RequestParams,
          response: { 200: RejectVendorResponseSchema, ...errors },
        },
      },
      async (request) =>
        requests.rejectRequest(deps, { actor: await currentUser(request), ...request.params }),
    );

    app.get(
      '/vendor-applications',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'My applications with their status and any fee due',
          response: { 200: VendorApplicationListSchema, ...errors },
        },
      },
      async (request) => requests.listMyApplications(deps, await currentUser(request)),
    );

    app.post(
      '/vendor-applications/:requestId/pay',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'A checkout for the vendor fee of an approved application',
          params: ApplicationParams,
          response: { 200: PayVendorFeeResponseSchema, ...errors, ...errorResponses(503) },
        },
      },
      async (request) =>
        requests.payVendorFee(deps, {
          actor: await currentUser(request),
          requestId: request.params.requestId,
        }),
    );

    // ---------- hiring and tracker ----------
    app.post(
      '/bookings',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Send a vendor a hire request for one of your events (opens a chat)',
          body: CreateBookingInputSchema,
          response: { 201: BookingSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await bookings.createBooking(deps, {
          actor: await actorFor(deps.db, request, {
            permission: 'vendors.bookings',
            action: 'booking.create',
          }),
          input: request.body,
        });
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/bookings',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Hire requests I sent or received',
          querystring: BookingListQuerySchema,
          response: { 200: BookingListSchema, ...errors },
        },
      },
      async (request) =>
        bookings.listBookings(deps, {
          actor: await actorFor(deps.db, request, { permission: 'vendors.bookings' }),
          query: request.query,
        }),
    );

    app.get(
      '/bookings/:bookingId',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'One hire request (its organizer, its vendor or an admin)',
          params: BookingParams,
          response: { 200: BookingSchema, ...errors },
        },
      },
      async (request) =>
        bookings.getBookingFor(deps, {
          actor: await actorFor(deps.db, request, { permission: 'vendors.bookings' }),
          bookingId: request.params.bookingId,
        }),
    );

    for (const answer of ['accept', 'decline', 'cancel'] as const) {
      app.post(
        `/bookings/:bookingId/${answer}`,
        {
          ...signedIn,
          schema: {
            tags,
            summary:
              answer === 'cancel'
                ? 'Cancel a hire request (its organizer)'
                : `${answer === 'accept' ? 'Accept' : 'Decline'} a hire request (its vendor)`,
            params: BookingParams,
            response: { 200: BookingSchema, ...errors },
          },
        },
        async (request) =>
          bookings.answerBooking(deps, {
            actor: await actorFor(deps.db, request, {
              permission: 'vendors.bookings',
              action: `booking.${answer}`,
            }),
            bookingId: request.params.bookingId,
            answer,
          }),
      );
    }

    app.get(
      '/vendor-tracker',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'For each of my events: vendors invited, applied, approved, paid',
          response: { 200: VendorTrackerSchema, ...errors },
        },
      },
      async (request) =>
        bookings.getTracker(deps, await actorFor(deps.db, request, { permission: 'vendors.fees' })),
    );
  };
