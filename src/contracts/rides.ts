import { z } from 'zod';
import { isoDateTime } from './bounds';

// Rides to events ("ryder"): offers, bookings, requests, live trip sharing, ratings.
// docs/decisions/026-rides.md.
//
// Routes (JSON under /api; errors are the usual { error: { code, message, details? } };
// validation errors name the field, e.g. `body.seats`):
//   POST   /api/rides                          signed in; RideInputSchema → 201 RideSchema
//   GET    /api/events/:eventId/rides          anyone who may see the event; query
//                                              RideListQuerySchema → EventRidesSchema
//   POST   /api/events/:eventId/ride-requests  signed in; RideRequestInputSchema → 201
//                                              RideRequestSchema (nearby drivers told)
//   GET    /api/rides/mine                     signed in → MyRidesSchema
//   GET    /api/rides/:rideId                  anyone → RideDetailSchema (riders and contact
//                                              only for the driver and confirmed riders)
//   GET    /api/rides/:rideId/shared           anyone → SharedRideSchema (no private data)
//   PATCH  /api/rides/:rideId                  the driver; RideUpdateSchema → RideSchema
//   POST   /api/rides/:rideId/cancel           the driver → RideSchema (riders told, refunds)
//   POST   /api/rides/:rideId/bookings         signed in; BookSeatsInputSchema → 201
//                                              BookingResultSchema (checkoutUrl for paid
//                                              instant bookings); 409 RIDE_MESSAGES.full
//   POST   /api/ride-bookings/:bookingId/accept|decline  the driver → RideBookingSchema
//   POST   /api/ride-bookings/:bookingId/pay   the rider → BookingResultSchema
//   POST   /api/ride-bookings/:bookingId/cancel the rider → RideBookingSchema
//   PUT    /api/rides/:rideId/location         the driver; LocationInputSchema → LiveLocation
//   GET    /api/rides/:rideId/location         the driver and confirmed riders → LiveLocation
//   DELETE /api/rides/:rideId/location         the driver (stops sharing)
//   POST   /api/rides/:rideId/ratings          driver or confirmed rider after the event;
//                                              RideRatingInputSchema → 201
//   GET    /api/rides/map                      anyone → MapSettingsSchema (tile server)
//   PUT    /api/events/:eventId/vendor-location    a vendor approved for the event, on the
//                                              event day; LocationInputSchema → LiveLocation
//                                              (the organizer is told once a day and follows it)
//   DELETE /api/events/:eventId/vendor-location    the vendor stops sharing
//   GET    /api/events/:eventId/vendor-locations   the organizer → VendorLocationsSchema

export const RIDE_SEATS_MAX = 8;
export const RIDE_PRICE_MAX_CENTS = 100_000;
/** How long a live position counts after its update; never kept longer (decision 026). */
export const LIVE_LOCATION_TTL_MS = 2 * 60_000;
/** Live sharing is for the trip: from this long before departure… */
export const LIVE_SHARING_BEFORE_MS = 2 * 3600_000;
/** …until this long after it (or after the return trip's departure). */
export const LIVE_SHARING_AFTER_MS = 12 * 3600_000;
/** How long seats of a paid booking are held for payment. */
export const RIDE_PAYMENT_HOLD_MS = 30 * 60_000;
/** Requests and offers this close (km) match each other. */
export const RIDE_MATCH_RADIUS_KM = 25;
/** Vendors share their position with the organizer from this long before the event starts… */
export const VENDOR_SHARING_BEFORE_MS = 12 * 3600_000;
/** …until this long after it ends (after its start when it has no end). */
export const VENDOR_SHARING_AFTER_MS = 6 * 3600_000;
/**
 * Everyone but the driver and confirmed riders sees an approximate area, never the exact point
 * (decision 026): the point is snapped to a grid of this many decimals (0.01°,
 * about 1 km), then moved by a deterministic per-ride offset of up to a quarter cell.
 */
export const SHARED_POINT_DECIMALS = 2;
/** The approximate point is always within this distance of the exact one (the circle drawn). */
export const APPROXIMATE_AREA_KM = 1.2;

export const RIDE_MESSAGES = {
  notFound: 'Ride not found',
  bookingNotFound: 'Booking not found',
  full: 'Not enough seats left on this ride',
  ownRide: 'You cannot book a seat on your own ride',
  alreadyBooked: 'You already have a booking on this ride',
  cancelled: 'This ride was cancelled',
  departed: 'This ride has already left',
  notPending: 'This booking is no longer waiting for an answer',
  notPayable: 'Nothing is due on this booking',
  seatsBelowBooked: 'Seats cannot go below the seats already booked',
  notSharing: 'Live location is shared during the trip only',
  notAllowed: 'Only the driver and confirmed riders can see this',
  rateAfterEvent: 'Rides can be rated after the event',
  rateOnlyTogether: 'Only the driver and confirmed riders of this ride can rate each other',
  rateSelf: 'You cannot rate yourself',
  eventOver: 'This event is over',
  blocked: 'You cannot book a seat with this driver',
  eventNotFound: 'Event not found',
  notVendor: 'Only vendors approved for this event can share their location with its organizer',
  vendorSharingDay: 'Vendors share their location on the event day only',
} as const;

const Lat = z.number({ error: 'Latitude must be a number' }).min(-90).max(90);
const Lng = z.number({ error: 'Longitude must be a number' }).min(-180).max(180);
const PointSchema = z.object({ lat: Lat, lng: Lng });
export type Point = z.infer<typeof PointSchema>;

const Text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });

export const RideInputSchema = z
  .object({
    eventId: z.uuid({ error: 'Choose an event' }),
    departureArea: Text(120, 'Departure area').min(2, { error: 'Say where you leave from' }),
    departurePoint: PointSchema.nullish(),
    departsAt: isoDateTime({ error: 'Choose the departure time' }),
    returnDepartsAt: isoDateTime({ error: 'Choose the return time' }).nullish(),
    seats: z
      .number({ error: 'Seats must be a number' })
      .int({ error: 'Seats must be a whole number' })
      .min(1, { error: 'Offer at least one seat' })
      .max(RIDE_SEATS_MAX, { error: `At most ${RIDE_SEATS_MAX} seats` }),
    priceCents: z
      .number({ error: 'Price must be a number' })
      .int({ error: 'Price must be in cents' })
      .min(0, { error: 'Price cannot be negative' })
      .max(RIDE_PRICE_MAX_CENTS, { error: 'Price is too high' })
      .default(0),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, { error: 'Currency is a 3-letter code' })
      .default('USD'),
    car: Text(120, 'Car').default(''),
    luggage: z.boolean().default(true),
    smoking: z.boolean().default(false),
    pets: z.boolean().default(false),
    notes: Text(1000, 'Notes').default(''),
    bookingMode: z.enum(['instant', 'approval']).default('approval'),
  })
  .refine((v) => !v.returnDepartsAt || v.returnDepartsAt > v.departsAt, {
    path: ['returnDepartsAt'],
    error: 'The return must be after the departure',
  });
export type RideInput = z.input<typeof RideInputSchema>;

export const RideUpdateSchema = z
  .object({
    departureArea: Text(120, 'Departure area').min(2, { error: 'Say where you leave from' }),
    departurePoint: PointSchema.nullable(),
    departsAt: isoDateTime({ error: 'Choose the departure time' }),
    returnDepartsAt: isoDateTime({ error: 'Choose the return time' }).nullable(),
    seats: z
      .number({ error: 'Seats must be a number' })
      .int({ error: 'Seats must be a whole number' })
      .min(1, { error: 'Offer at least one seat' })
      .max(RIDE_SEATS_MAX, { error: `At most ${RIDE_SEATS_MAX} seats` }),
    car: Text(120, 'Car'),
    luggage: z.boolean(),
    smoking: z.boolean(),
    pets: z.boolean(),
    notes: Text(1000, 'Notes'),
    bookingMode: z.enum(['instant', 'approval']),
  })
  .partial();

export const RideSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventTitle: z.string(),
  eventStartsAt: z.string(),
  driver: z.object({
    id: z.uuid(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    rating: z.number().nullable(),
    ratingCount: z.number().int(),
  }),
  departureArea: z.string(),
  /**
   * The exact point: only for the driver, confirmed riders and admins; null for everyone else
   * (and when the driver gave none).
   */
  departurePoint: PointSchema.nullable(),
  /** For everyone: within APPROXIMATE_AREA_KM of the exact point, the same for every request. */
  approximatePoint: PointSchema.nullable(),
  departsAt: z.string(),
  returnDepartsAt: z.string().nullable(),
  seats: z.number().int(),
  seatsLeft: z.number().int(),
  priceCents: z.number().int(),
  currency: z.string(),
  car: z.string(),
  luggage: z.boolean(),
  smoking: z.boolean(),
  pets: z.boolean(),
  notes: z.string(),
  bookingMode: z.enum(['instant', 'approval']),
  status: z.enum(['active', 'cancelled']),
  /**
   * Kilometres from the point the rider gave to the ride's ~1 km grid cell (list sorted by
   * distance); never from the exact point, which would let three queries locate it.
   */
  distanceKm: z.number().nullable(),
});
export type Ride = z.infer<typeof RideSchema>;

export const RIDE_BOOKING_STATUS = [
  'pending',
  'awaiting_payment',
  'confirmed',
  'declined',
  'cancelled',
] as const;

export const RideBookingSchema = z.object({
  id: z.uuid(),
  rideId: z.uuid(),
  rider: z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() }),
  seats: z.number().int(),
  status: z.enum(RIDE_BOOKING_STATUS),
  message: z.string(),
  holdUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type RideBooking = z.infer<typeof RideBookingSchema>;

export const RideDetailSchema = RideSchema.extend({
  role: z.enum(['driver', 'rider', 'pending', 'none']),
  /** Only for the driver (every booking) and confirmed riders (confirmed ones). */
  bookings: z.array(RideBookingSchema).nullable(),
  myBooking: RideBookingSchema.nullable(),
  /** The driver's email once the viewer's seat is confirmed (contact stays hidden before). */
  driverContact: z.string().nullable(),
  /**
   * The ride's group chat (driver and confirmed riders) for the driver and confirmed riders;
   * null for everyone else and until the first rider is confirmed.
   */
  chatId: z.uuid().nullable(),
  eventOver: z.boolean(),
  canRate: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type RideDetail = z.infer<typeof RideDetailSchema>;

export const SharedRideSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventTitle: z.string(),
  driverFirstName: z.string(),
  departureArea: z.string(),
  /** Within APPROXIMATE_AREA_KM of the exact point (never the exact point). */
  approximatePoint: PointSchema.nullable(),
  departsAt: z.string(),
  returnDepartsAt: z.string().nullable(),
  seatsLeft: z.number().int(),
  priceCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['active', 'cancelled']),
});
export type SharedRide = z.infer<typeof SharedRideSchema>;

export const RideListQuerySchema = z.object({
  sort: z.enum(['time', 'distance']).default('time'),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  minSeats: z.coerce.number().int().min(1).max(RIDE_SEATS_MAX).optional(),
  price: z.enum(['any', 'free', 'paid']).default('any'),
  returnTrip: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type RideListQuery = z.input<typeof RideListQuerySchema>;

export const RideRequestInputSchema = z.object({
  area: Text(120, 'Area').min(2, { error: 'Say where you leave from' }),
  point: PointSchema.nullish(),
  seats: z
    .number({ error: 'Seats must be a number' })
    .int({ error: 'Seats must be a whole number' })
    .min(1, { error: 'Ask for at least one seat' })
    .max(RIDE_SEATS_MAX, { error: `At most ${RIDE_SEATS_MAX} seats` }),
  note: Text(500, 'Note').default(''),
});

export const RideRequestSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  rider: z.object({ id: z.uuid(), name: z.string() }),
  area: z.string(),
  seats: z.number().int(),
  note: z.string(),
  createdAt: z.string(),
  mine: z.boolean(),
  /** Offers near the request (on creation only); distances in whole kilometres. */
  matches: z.array(z.object({ rideId: z.uuid(), distanceKm: z.number().nullable() })).optional(),
});
export type RideRequest = z.infer<typeof RideRequestSchema>;

export const EventRidesSchema = z.object({
  event: z.object({ id: z.uuid(), title: z.string(), startsAt: z.string() }),
  rides: z.array(RideSchema),
  requests: z.array(RideRequestSchema),
});
export type EventRides = z.infer<typeof EventRidesSchema>;

export const BookSeatsInputSchema = z.object({
  seats: z
    .number({ error: 'Seats must be a number' })
    .int({ error: 'Seats must be a whole number' })
    .min(1, { error: 'Book at least one seat' })
    .max(RIDE_SEATS_MAX, { error: `At most ${RIDE_SEATS_MAX} seats` }),
  message: Text(500, 'Message').default(''),
});

export const BookingResultSchema = z.object({
  booking: RideBookingSchema,
  checkoutUrl: z.string().nullable(),
});
export type BookingResult = z.infer<typeof BookingResultSchema>;

export const MyRidesSchema = z.object({
  driving: z.array(RideSchema),
  riding: z.array(z.object({ ride: RideSchema, booking: RideBookingSchema })),
});
export type MyRides = z.infer<typeof MyRidesSchema>;

export const LocationInputSchema = PointSchema;
export const LiveLocationSchema = z.object({
  sharing: z.boolean(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  updatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type LiveLocation = z.infer<typeof LiveLocationSchema>;

export const RideRatingInputSchema = z.object({
  userId: z.uuid({ error: 'Choose who you rate' }),
  rating: z
    .number({ error: 'Rating must be a number' })
    .int({ error: 'Rating must be a whole number' })
    .min(1, { error: 'Rating is 1 to 5' })
    .max(5, { error: 'Rating is 1 to 5' }),
  comment: Text(1000, 'Comment').default(''),
});

/** The map tiles the ride pages draw (MAP_TILE_URL, MAP_TILE_ATTRIBUTION in the server config). */
export const MapSettingsSchema = z.object({
  /** Leaflet's template: `{z}/{x}/{y}`, `{s}` for a subdomain. */
  tileUrl: z.string(),
  /** The credit the tile server requires (HTML allowed by Leaflet: a link). */
  attribution: z.string(),
});
export type MapSettings = z.infer<typeof MapSettingsSchema>;

/**
 * The Content-Security-Policy `img-src` source that lets the browser load a tile template's
 * images: its scheme and host, with a `{s}` subdomain label widened to `*` (CSP allows a
 * wildcard only as the leftmost label, which is where tile servers put it).
 */
export function mapTileSource(template: string): string {
  const match = /^(https?:\/\/)([^/?#]+)/.exec(template);
  if (!match) return '';
  const [, scheme, host = ''] = match;
  const labels = host.split('.');
  const first = labels.findIndex((label) => label.includes('{s}'));
  if (first === -1) return `${scheme}${host}`;
  return `${scheme}*.${labels.slice(first + 1).join('.')}`;
}

/** A vendor's live position as the event's organizer sees it. */
export const VendorLocationSchema = z.object({
  vendor: z.object({ id: z.uuid(), name: z.string() }),
  lat: z.number(),
  lng: z.number(),
  updatedAt: z.string(),
  expiresAt: z.string(),
});
export type VendorLocation = z.infer<typeof VendorLocationSchema>;

export const VendorLocationsSchema = z.object({
  eventId: z.uuid(),
  eventTitle: z.string(),
  /** Fresh positions only (each expires LIVE_LOCATION_TTL_MS after its update). */
  items: z.array(VendorLocationSchema),
});
export type VendorLocations = z.infer<typeof VendorLocationsSchema>;
