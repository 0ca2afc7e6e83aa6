import { z } from 'zod';
import { VENDOR_SERVICE_TYPES } from './enums';
import {
  BOOKING_STATUSES,
  VENDOR_APPLICATION_MESSAGE_MAX,
  VENDOR_DIRECTORY_PAGE_SIZE,
  VENDOR_DIRECTORY_PAGE_SIZE_MAX,
  VENDOR_DIRECTORY_SORTS,
  VENDOR_LINKS_MAX,
  VENDOR_MESSAGES,
  VENDOR_PAYMENT_STATUSES,
  VENDOR_RATING_MAX,
  VENDOR_RATING_MIN,
  VENDOR_REQUEST_STATUSES,
  VENDOR_SERVICES_MAX,
  VendorLinkSchema,
  VendorProfileSchema,
  VendorSummarySchema,
} from './vendor-profile';

// Vendor marketplace: vendor profiles, the directory, events asking for vendors,
// applications (spec §2 "Vendor applications screen", §3 vendor_requests / event_vendors,
// §4 approval and rejection), fee payment, hiring (bookings) and the organizer's tracker.
//
// Routes (all JSON under /api; errors are the usual { error: { code, message, details? } },
// validation errors are 400 VALIDATION_FAILED with details.fields[].field such as
// `body.businessName`; 401 UNAUTHENTICATED when signed out wherever "signed in" is required).
//
// Vendor profile (the person's own; vendors only: profiles.user_type 'vendor', admin passes)
//   GET    /api/vendor-profile                  vendor|admin   → VendorProfileSchema
//                                               403 FORBIDDEN VENDOR_MESSAGES.vendorsOnly
//   PUT    /api/vendor-profile                  vendor|admin   body VendorProfileInputSchema
//                                               → VendorProfileSchema; 400 body.<field>
//   POST   /api/vendor-profile/gallery          vendor|admin   multipart field "image" (images
//                                               only, 5 MB, resized to WebP) → VendorProfileSchema;
//                                               400 field "image"; 409 CONFLICT when the gallery
//                                               already holds VENDOR_GALLERY_MAX images
//   DELETE /api/vendor-profile/gallery/:imageId vendor|admin   → VendorProfileSchema; 404
//
// Directory and public pages (anyone, signed in or not)
//   GET    /api/vendors                         query VendorDirectoryQuerySchema
//                                               → VendorDirectoryResponseSchema
//   GET    /api/vendors/:vendorId               → VendorPageSchema (profile, events worked,
//                                               ratings and their average); 404 when the
//                                               person is not a vendor
//   POST   /api/vendors/:vendorId/ratings       signed in; only the organizer of an event the
//                                               vendor was approved for, once it has started
//                                               body VendorRatingInputSchema → VendorRatingSchema
//                                               (one per event+vendor: a second call replaces
//                                               it); 403 VENDOR_MESSAGES.rateOnlyOrganizer
//
// Events asking for vendors
//   GET    /api/vendor-opportunities            anyone; query VendorOpportunityQuerySchema
//                                               → VendorOpportunityListSchema (published,
//                                               upcoming events with a fee or requirements)
//   GET    /api/events/:eventId/vendor-info     anyone (event must be visible) →
//                                               VendorOpportunitySchema (+ myRequest when the
//                                               caller is signed in); 404
//   The organizer sets requirements through the existing event edit
//   (PATCH /api/events/:id with vendorFeeAmount and metadata.vendor_requirements, see
//   VendorRequirementsSchema).
//
// Applications
//   POST   /api/events/:eventId/vendor-requests vendor|admin   body VendorApplyInputSchema
//                                               → 201 VendorRequestSchema; 409 CONFLICT
//                                               VENDOR_MESSAGES.duplicatePending; 409
//                                               VENDOR_MESSAGES.ownEvent; 404 event
//   GET    /api/vendor-applications             vendor|admin (own) →
//                                               VendorApplicationListSchema
//   POST   /api/vendor-applications/:requestId/pay  the applicant → PayVendorFeeResponseSchema
//                                               (a fresh checkout URL); 409 when nothing is due;
//                                               503 SERVICE_UNAVAILABLE when checkout fails
//   GET    /api/events/:eventId/vendor-requests signed in → VendorRequestListSchema. The event
//                                               owner and admins see every request
//                                               (canManage true); anyone else sees only the
//                                               requests they made themselves (canManage false,
//                                               so Contact instead of Accept/Reject). 404 event.
//   POST   /api/events/:eventId/vendor-requests/read   owner|admin → MarkReadResponseSchema
//                                               (unread requests and their vendor_request
//                                               notifications marked read); others 403
//   POST   /api/events/:eventId/vendor-requests/:requestId/approve  owner|admin
//                                               → ApproveVendorResponseSchema;
//                                               403 FORBIDDEN VENDOR_MESSAGES.onlyCreatorApprove;
//                                               409 CONFLICT when already rejected;
//                                               approving twice: 200, nothing happens again
//                                               (alreadyProcessed true)
//   POST   /api/events/:eventId/vendor-requests/:requestId/reject   owner|admin
//                                               → RejectVendorResponseSchema;
//                                               403 VENDOR_MESSAGES.onlyCreatorReject;
//                                               409 when already approved
//
// Hiring (bookings) and tracker
//   POST   /api/bookings                        signed in, owner of the event (admin passes)
//                                               body CreateBookingInputSchema → 201 BookingSchema
//                                               (a booking chat is opened: chatId); 409 CONFLICT
//                                               VENDOR_MESSAGES.bookingOpen; 404 vendor/event
//   GET    /api/bookings                        signed in; query BookingListQuerySchema
//                                               → BookingListSchema (as organizer or vendor)
//   GET    /api/bookings/:bookingId             organizer|vendor of it|admin → BookingSchema
//   POST   /api/bookings/:bookingId/accept      the vendor → BookingSchema; 409 not pending
//   POST   /api/bookings/:bookingId/decline     the vendor → BookingSchema; 409 not pending
//   POST   /api/bookings/:bookingId/cancel      the organizer → BookingSchema; 409 when closed
//   GET    /api/vendor-tracker                  signed in (own events; admin: own too)
//                                               → VendorTrackerSchema
//
// Realtime: frame { type: 'vendor_requests', events: { op, request: VendorRequest }[] } goes
// to the organizer and the vendor of a request on every insert and update (see realtime.ts).

// The vocabulary (statuses, limits, messages, shared rules) and the vendor profile live in
// vendor-profile.ts; everything is exported from here.
export * from './vendor-profile';

// ---------- directory and public page ----------

export const VendorDirectoryQuerySchema = z.object({
  /** Searches business name, full name and description. */
  q: z.string().trim().max(100).optional(),
  category: z.enum(VENDOR_SERVICE_TYPES).optional(),
  /** Matches the service area (contains, case-insensitive). */
  area: z.string().trim().max(100).optional(),
  sort: z.enum(VENDOR_DIRECTORY_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(VENDOR_DIRECTORY_PAGE_SIZE_MAX)
    .default(VENDOR_DIRECTORY_PAGE_SIZE),
});
export type VendorDirectoryQuery = z.input<typeof VendorDirectoryQuerySchema>;

export const VendorCardSchema = VendorSummarySchema.extend({
  description: z.string(),
  serviceArea: z.string(),
  /** Lowest service price in cents, null when none is priced. */
  priceFromCents: z.number().nullable(),
  ratingAverage: z.number().nullable(),
  ratingCount: z.number(),
  eventsWorked: z.number(),
  createdAt: z.string(),
});
export type VendorCard = z.infer<typeof VendorCardSchema>;

export const VendorDirectoryResponseSchema = z.object({
  vendors: z.array(VendorCardSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type VendorDirectoryResponse = z.infer<typeof VendorDirectoryResponseSchema>;

export const VendorEventWorkedSchema = z.object({
  eventId: z.uuid(),
  title: z.string(),
  date: z.string(),
  time: z.string(),
  location: z.string(),
  startsAt: z.string(),
});

export const VendorRatingInputSchema = z.object({
  eventId: z.uuid({ error: 'Please choose the event' }),
  rating: z
    .number({ error: VENDOR_MESSAGES.ratingRange })
    .int({ error: VENDOR_MESSAGES.ratingRange })
    .min(VENDOR_RATING_MIN, { error: VENDOR_MESSAGES.ratingRange })
    .max(VENDOR_RATING_MAX, { error: VENDOR_MESSAGES.ratingRange }),
  /** Trimmed; empty is stored as null. */
  comment: z.string().trim().max(2000).nullish(),
});
export type VendorRatingInput = z.input<typeof VendorRatingInputSchema>;

export const VendorRatingSchema = z.object({
  id: z.uuid(),
  vendorId: z.uuid(),
  eventId: z.uuid(),
  eventTitle: z.string(),
  organizer: z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() }),
  rating: z.number(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type VendorRating = z.infer<typeof VendorRatingSchema>;

export const VendorPageSchema = z.object({
  vendor: VendorProfileSchema,
  eventsWorked: z.array(VendorEventWorkedSchema),
  ratings: z.array(VendorRatingSchema),
  ratingAverage: z.number().nullable(),
  ratingCount: z.number(),
});
export type VendorPage = z.infer<typeof VendorPageSchema>;

// ---------- events asking for vendors ----------

export const VendorOpportunityQuerySchema = z.object({
  category: z.enum(VENDOR_SERVICE_TYPES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The subset of a vendor request the caller made, shown on the apply page. */
export const MyVendorRequestSchema = z.object({
  id: z.uuid(),
  status: z.enum(VENDOR_REQUEST_STATUSES),
  paymentStatus: z.enum(VENDOR_PAYMENT_STATUSES).nullable(),
  createdAt: z.string(),
});

export const VendorOpportunitySchema = z.object({
  eventId: z.uuid(),
  title: z.string(),
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  location: z.string(),
  category: z.string(),
  organizer: z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() }),
  /** resolveVendorFee() in the event's currency, and in its minor units. */
  vendorFee: z.number(),
  vendorFeeCents: z.number(),
  currency: z.string(),
  categories: z.array(z.string()),
  spots: z.number().nullable(),
  approvedCount: z.number(),
  /** spec §2: /vendors/apply?event={id}&name={title} */
  applyPath: z.string(),
  /** The caller's latest request for this event (signed in only), else null. */
  myRequest: MyVendorRequestSchema.nullable(),
});
export type VendorOpportunity = z.infer<typeof VendorOpportunitySchema>;

export const VendorOpportunityListSchema = z.object({
  events: z.array(VendorOpportunitySchema),
});
export type VendorOpportunityList = z.infer<typeof VendorOpportunityListSchema>;

// ---------- applications ----------

export const VendorApplyInputSchema = z.object({
  message: z
    .string({ error: VENDOR_MESSAGES.messageRequired })
    .trim()
    .min(1, { error: VENDOR_MESSAGES.messageRequired })
    .max(VENDOR_APPLICATION_MESSAGE_MAX),
  /** The services offered for this event (names, usually from the profile). */
  services: z.array(z.string().trim().min(1).max(120)).max(VENDOR_SERVICES_MAX).default([]),
  links: z.array(VendorLinkSchema).max(VENDOR_LINKS_MAX).default([]),
});
export type VendorApplyInput = z.input<typeof VendorApplyInputSchema>;

/** spec §3 vendor_requests, plus what the application carried and the realtime cursor. */
export const VendorRequestSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  vendorId: z.uuid(),
  organizerId: z.uuid(),
  status: z.enum(VENDOR_REQUEST_STATUSES),
  message: z.string(),
  read: z.boolean(),
  services: z.array(z.string()),
  links: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Grows on every insert or update (the realtime socket's cursor). */
  seq: z.number(),
});
export type VendorRequest = z.infer<typeof VendorRequestSchema>;

export const VendorRequestEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** Local date and time of the start in the event's time zone (spec §3). */
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  organizerId: z.uuid(),
  /** The event's currency (ISO 4217): its vendor fee is charged in it. */
  currency: z.string(),
});

/** One card of the Vendor Applications screen (spec §2). */
export const VendorRequestCardSchema = VendorRequestSchema.extend({
  event: VendorRequestEventSchema,
  vendor: VendorSummarySchema,
  /** event_vendors state once approved (null before). */
  paymentStatus: z.enum(VENDOR_PAYMENT_STATUSES).nullable(),
  vendorFeeAmount: z.number().nullable(),
  /** spec §2 Contact: /messages?chat={vendor id}&name={name} */
  contactPath: z.string(),
});
export type VendorRequestCard = z.infer<typeof VendorRequestCardSchema>;

export const VendorRequestListSchema = z.object({
  event: VendorRequestEventSchema,
  /** True for the event owner and admins: Accept/Reject on pending cards; else Contact. */
  canManage: z.boolean(),
  /** Newest first. */
  requests: z.array(VendorRequestCardSchema),
  pendingCount: z.number(),
});
export type VendorRequestList = z.infer<typeof VendorRequestListSchema>;

export const MarkReadResponseSchema = z.object({
  requestsMarked: z.number(),
  notificationsMarked: z.number(),
});

/**
 * The outcome of an approval (spec §4): `approved` (no fee: vendor_approved notification and
 * e-mail), `payment_required` (checkout created, vendor_payment_required notification with the
 * link), `checkout_failed` (plain approval notification asking the vendor to contact the
 * organizer; the web shows the destructive toast VENDOR_MESSAGES.checkoutFailedToast).
 */
export const APPROVAL_OUTCOMES = ['approved', 'payment_required', 'checkout_failed'] as const;
export type ApprovalOutcome = (typeof APPROVAL_OUTCOMES)[number];

export const ApproveVendorResponseSchema = z.object({
  request: VendorRequestSchema,
  outcome: z.enum(APPROVAL_OUTCOMES),
  /** The fee (resolveVendorFee) and its minor units, in the event's currency; 0 when none. */
  vendorFee: z.number(),
  vendorFeeCents: z.number(),
  currency: z.string(),
  paymentStatus: z.enum(VENDOR_PAYMENT_STATUSES),
  /** The checkout link sent to the vendor (payment_required only). */
  paymentUrl: z.string().nullable(),
  /** True when the request was already approved: nothing happened again. */
  alreadyProcessed: z.boolean(),
});
export type ApproveVendorResponse = z.infer<typeof ApproveVendorResponseSchema>;

export const RejectVendorResponseSchema = z.object({
  request: VendorRequestSchema,
  alreadyProcessed: z.boolean(),
});
export type RejectVendorResponse = z.infer<typeof RejectVendorResponseSchema>;

/** The vendor's own application on /vendor_applications. */
export const VendorApplicationSchema = VendorRequestSchema.extend({
  event: VendorRequestEventSchema.extend({ location: z.string() }),
  organizer: z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() }),
  paymentStatus: z.enum(VENDOR_PAYMENT_STATUSES).nullable(),
  /** Fee in the event's currency recorded at approval (null before approval). */
  vendorFeeAmount: z.number().nullable(),
  /** True when approved with a fee not yet paid: show the Pay button. */
  feeDue: z.boolean(),
  /** True once the vendor may enter the event group chat. */
  canAccessChat: z.boolean(),
  /** /event-group-chat?event={id} when canAccessChat. */
  chatPath: z.string().nullable(),
});
export type VendorApplication = z.infer<typeof VendorApplicationSchema>;

export const VendorApplicationListSchema = z.object({
  applications: z.array(VendorApplicationSchema),
});
export type VendorApplicationList = z.infer<typeof VendorApplicationListSchema>;

export const PayVendorFeeResponseSchema = z.object({
  url: z.string(),
  sessionId: z.string(),
  amountCents: z.number(),
});

// ---------- hiring ----------

export const CreateBookingInputSchema = z.object({
  vendorId: z.uuid({ error: 'Please choose a vendor' }),
  eventId: z.uuid({ error: 'Please choose one of your events' }),
  message: z
    .string({ error: 'Please write a short message' })
    .trim()
    .min(1, { error: 'Please write a short message' })
    .max(2000),
});
export type CreateBookingInput = z.input<typeof CreateBookingInputSchema>;

export const BookingSchema = z.object({
  id: z.uuid(),
  status: z.enum(BOOKING_STATUSES),
  message: z.string(),
  event: z.object({ id: z.uuid(), title: z.string(), date: z.string(), time: z.string() }),
  organizer: z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() }),
  vendor: VendorSummarySchema,
  /** The booking's chat (open with /messages?chat={chatId}); null if it could not be opened. */
  chatId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type Booking = z.infer<typeof BookingSchema>;

export const BookingListQuerySchema = z.object({
  /** organizer: hire requests I sent; vendor: ones I received. Default: both. */
  as: z.enum(['organizer', 'vendor']).optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
});
export const BookingListSchema = z.object({ bookings: z.array(BookingSchema) });
export type BookingList = z.infer<typeof BookingListSchema>;

// ---------- tracker ----------

export const VendorTrackerRowSchema = z.object({
  vendor: VendorSummarySchema,
  /** Latest hire request state, null when not invited. */
  invited: z.enum(BOOKING_STATUSES).nullable(),
  bookingId: z.uuid().nullable(),
  /** Latest application state, null when the vendor did not apply. */
  applied: z.enum(VENDOR_REQUEST_STATUSES).nullable(),
  requestId: z.uuid().nullable(),
  approved: z.boolean(),
  paymentStatus: z.enum(VENDOR_PAYMENT_STATUSES).nullable(),
  paid: z.boolean(),
});
export type VendorTrackerRow = z.infer<typeof VendorTrackerRowSchema>;

export const VendorTrackerSchema = z.object({
  events: z.array(
    z.object({
      event: VendorRequestEventSchema,
      vendorFee: z.number(),
      rows: z.array(VendorTrackerRowSchema),
      counts: z.object({
        invited: z.number(),
        applied: z.number(),
        approved: z.number(),
        paid: z.number(),
      }),
    }),
  ),
});
export type VendorTracker = z.infer<typeof VendorTrackerSchema>;
