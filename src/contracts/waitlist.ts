import { z } from 'zod';
import { LOCALES } from './locales';

// Waiting lists for sold-out ticket types (decision 054). A place is held in list order; when
// stock returns, the first places get an offer that sets those tickets aside for them until
// the event's offer time runs out.

/** Hours an offer holds its tickets unless the organizer chooses otherwise. */
export const DEFAULT_OFFER_HOURS = 24;
export const OFFER_HOURS_MIN = 1;
export const OFFER_HOURS_MAX = 24 * 14;

/**
 * `unconfirmed`: joined signed out, waiting for the mailed link to be opened (not yet in line);
 * `waiting`: in line; `offered`: tickets set aside until `offerExpiresAt`; `claimed`: the
 * person started or finished the purchase; `expired`/`declined`: the offer went to the next;
 * `left`: the person left; `removed`: the organizer took the place away.
 */
export const WAITLIST_STATUSES = [
  'unconfirmed',
  'waiting',
  'offered',
  'claimed',
  'expired',
  'declined',
  'left',
  'removed',
] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const WAITLIST_MESSAGES = {
  email: 'Please enter a valid email address',
  quantity: 'Quantity must be a whole number of 1 or more',
  offerHours: 'Please choose between 1 and 336 hours',
  notFound: 'Waiting list place not found',
  notSoldOut: 'Tickets of this type are still on sale: buy them instead',
  notOpen: 'This ticket type has no waiting list',
  alreadyOnList: 'You are already on the waiting list for these tickets',
  noOffer: 'There is no offer to claim for this place',
  offerExpired: 'This offer has expired',
  notWaiting: 'This place is no longer on the waiting list',
  nothingToOffer: 'No tickets are free to offer right now',
} as const;

const M = WAITLIST_MESSAGES;

export const WaitlistJoinInputSchema = z.object({
  ticketTypeId: z.uuid(),
  /** Ignored when signed in: the account's address is used. */
  email: z.email({ error: M.email }).max(254, { error: M.email }).optional(),
  quantity: z
    .number({ error: M.quantity })
    .int({ error: M.quantity })
    .min(1, { error: M.quantity })
    .max(1000, { error: M.quantity }),
  /** The page's language, for the mails of someone without an account. */
  language: z.enum(LOCALES).optional(),
});
export type WaitlistJoinInput = z.input<typeof WaitlistJoinInputSchema>;

export const WaitlistTokenParamsSchema = z.object({
  token: z.string().trim().min(10).max(200),
});

export const WaitlistSettingsSchema = z.object({
  offerHours: z
    .number({ error: M.offerHours })
    .int({ error: M.offerHours })
    .min(OFFER_HOURS_MIN, { error: M.offerHours })
    .max(OFFER_HOURS_MAX, { error: M.offerHours }),
});
export type WaitlistSettings = z.infer<typeof WaitlistSettingsSchema>;

/** What the person on the list sees of their place (through their link or their account). */
export const WaitlistPlaceSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventTitle: z.string(),
  ticketTypeId: z.uuid(),
  ticketTypeName: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  email: z.string(),
  quantity: z.number().int(),
  status: z.enum(WAITLIST_STATUSES),
  /** 1 for the next in line; null when not in line. */
  ahead: z.number().int().nullable(),
  offeredQuantity: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  orderId: z.uuid().nullable(),
  joinedAt: z.string(),
  /** The secret link token, only to its owner (signed in) or to the link's holder. */
  token: z.string(),
});
export type WaitlistPlace = z.infer<typeof WaitlistPlaceSchema>;

export const WaitlistJoinResultSchema = z.object({
  /** `confirm`: a link was mailed (signed out); `joined`: in line now. */
  outcome: z.enum(['confirm', 'joined']),
  place: WaitlistPlaceSchema.nullable(),
});
export type WaitlistJoinResult = z.infer<typeof WaitlistJoinResultSchema>;

export const MyWaitlistPlacesSchema = z.object({ places: z.array(WaitlistPlaceSchema) });
export type MyWaitlistPlaces = z.infer<typeof MyWaitlistPlacesSchema>;

/** Per ticket type of an event: whether a buyer would be offered the list. */
export const WaitlistAvailabilitySchema = z.object({
  ticketTypes: z.array(
    z.object({
      ticketTypeId: z.uuid(),
      /** Sold out (or its returned stock is set aside for the list): "Join waiting list". */
      open: z.boolean(),
      waiting: z.number().int(),
    }),
  ),
});
export type WaitlistAvailability = z.infer<typeof WaitlistAvailabilitySchema>;

/** One row of the organizer's list. */
export const WaitlistEntrySchema = z.object({
  id: z.uuid(),
  ticketTypeId: z.uuid(),
  ticketTypeName: z.string(),
  /** Place in line among everyone confirmed for this type (1 first); null if unconfirmed. */
  position: z.number().int().nullable(),
  email: z.string(),
  quantity: z.number().int(),
  status: z.enum(WAITLIST_STATUSES),
  offeredQuantity: z.number().int().nullable(),
  offeredAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  orderId: z.uuid().nullable(),
  joinedAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

/**
 * One page of the organizer's list: `q` finds a place by email or ticket type name, `status`
 * keeps one status. Pages are 1-based, as the attendee list's.
 */
export const WaitlistPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  q: z.string().trim().max(200).default(''),
  status: z.enum(WAITLIST_STATUSES).optional(),
});
export type WaitlistPageQuery = z.infer<typeof WaitlistPageQuerySchema>;

export const WaitlistOverviewSchema = z.object({
  settings: WaitlistSettingsSchema,
  ticketTypes: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      remaining: z.number().int(),
      waiting: z.number().int(),
      offered: z.number().int(),
    }),
  ),
  /** The asked page of the places matching the search, in list order. */
  entries: z.array(WaitlistEntrySchema),
  /** Places matching the search on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WaitlistOverview = z.infer<typeof WaitlistOverviewSchema>;

/** Public API v1: one place on an event's waiting list, with its offer if it has one. */
const V1_WAITLIST_ENTRY_EXAMPLE = {
  id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  ticket_type_id: '0b6c2f7e-3a1d-4c5b-9e8f-1a2b3c4d5e6f',
  ticket_type_name: 'Standing',
  position: 1,
  email: 'ada@example.com',
  quantity: 2,
  status: 'offered',
  offered_quantity: 2,
  offered_at: '2027-03-01T09:00:00.000Z',
  offer_expires_at: '2027-03-02T09:00:00.000Z',
  order_id: null,
  joined_at: '2027-02-20T18:30:00.000Z',
};
export const V1WaitlistEntrySchema = z
  .object({
    id: z.uuid(),
    ticket_type_id: z.uuid(),
    ticket_type_name: z.string(),
    position: z.number().int().nullable(),
    email: z.string(),
    quantity: z.number().int(),
    status: z.enum(WAITLIST_STATUSES),
    offered_quantity: z.number().int().nullable(),
    offered_at: z.string().nullable(),
    offer_expires_at: z.string().nullable(),
    order_id: z.uuid().nullable(),
    joined_at: z.string(),
  })
  .meta({
    example: V1_WAITLIST_ENTRY_EXAMPLE,
  });
export type V1WaitlistEntry = z.infer<typeof V1WaitlistEntrySchema>;

export const V1WaitlistSchema = z
  .object({
    /** Hours an offer holds its tickets at this event. */
    offer_hours: z.number().int(),
    data: z.array(V1WaitlistEntrySchema),
  })
  .meta({ example: { offer_hours: 24, data: [V1_WAITLIST_ENTRY_EXAMPLE] } });

export const V1WaitlistQuerySchema = z.object({
  status: z.enum(WAITLIST_STATUSES).optional(),
  ticket_type_id: z.uuid({ error: 'Not found' }).optional(),
});

/** Adding someone through API v1: they confirm by the mailed link before they are in line. */
export const V1WaitlistAddInputSchema = z
  .object({
    ticket_type_id: z.uuid({ error: 'Choose a ticket type of this event' }),
    email: z.email({ error: M.email }).max(254, { error: M.email }),
    quantity: z
      .number({ error: M.quantity })
      .int({ error: M.quantity })
      .min(1, { error: M.quantity })
      .max(1000, { error: M.quantity }),
    language: z.enum(LOCALES).optional(),
  })
  .meta({
    example: {
      ticket_type_id: '0b6c2f7e-3a1d-4c5b-9e8f-1a2b3c4d5e6f',
      email: 'ada@example.com',
      quantity: 2,
      language: 'en',
    },
  });
export type V1WaitlistAddInput = z.infer<typeof V1WaitlistAddInputSchema>;

/** An entry as API v1 shows it. */
export function toV1WaitlistEntry(entry: WaitlistEntry): V1WaitlistEntry {
  return {
    id: entry.id,
    ticket_type_id: entry.ticketTypeId,
    ticket_type_name: entry.ticketTypeName,
    position: entry.position,
    email: entry.email,
    quantity: entry.quantity,
    status: entry.status,
    offered_quantity: entry.offeredQuantity,
    offered_at: entry.offeredAt,
    offer_expires_at: entry.offerExpiresAt,
    order_id: entry.orderId,
    joined_at: entry.joinedAt,
  };
}
