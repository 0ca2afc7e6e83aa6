import { z } from 'zod';
import { isoDate, isoDateTime } from './bounds';
import { EVENT_CATEGORIES } from './enums';
import { EVENTS_DEFAULT_LIMIT } from './limits';
import { CURRENCY_CODES } from './currency';

export const EVENT_STATUSES = ['draft', 'published', 'cancelled', 'expired'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_VISIBILITIES = ['public', 'private'] as const;
/** Who sees who is going on /event/{id}/attending: names, only the count, or nothing. */
export const ATTENDEE_VISIBILITY = ['list', 'count', 'hidden'] as const;

export const EVENTS_MAX_LIMIT = 100;
export const EVENT_TITLE_MAX = 140;
export const EVENT_DESCRIPTION_MAX = 20_000;
/** Like a ticket type's quantity (TICKET_TYPE_MAX_QUANTITY); the column is int4. */
export const EVENT_CAPACITY_MAX = 1_000_000;

export const EVENT_MESSAGES = {
  titleRequired: 'Please enter a title for your event',
  categoryRequired: 'Please choose a category',
  currency: 'Please choose a currency from the list',
  startRequired: 'Please choose when the event starts',
  endBeforeStart: 'The event must end after it starts',
  timezone: 'Please choose a valid time zone',
  locationRequired: 'Please enter where the event takes place',
  onlineUrl: 'Please enter the link people use to join online',
  capacity: 'Capacity must be a whole number of 1 or more',
  capacityMax: 'Capacity can be at most 1,000,000',
  homeLoadFailedTitle: 'Error',
  homeLoadFailed: 'Failed to load events data. Please try again later.',
} as const;

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

// The fields without defaults, so an edit that leaves a field out leaves it as it is.
const EventFieldsBase = z.object({
  title: z.string().trim().min(1, { error: EVENT_MESSAGES.titleRequired }).max(EVENT_TITLE_MAX),
  description: z.string().max(EVENT_DESCRIPTION_MAX),
  category: z.enum(EVENT_CATEGORIES, { error: EVENT_MESSAGES.categoryRequired }),
  startsAt: isoDateTime({ error: EVENT_MESSAGES.startRequired }),
  endsAt: isoDateTime().nullish(),
  timezone: z.string().refine(isTimeZone, { error: EVENT_MESSAGES.timezone }),
  isOnline: z.boolean(),
  onlineUrl: z.url({ protocol: /^https?$/, error: EVENT_MESSAGES.onlineUrl }).nullish(),
  venueName: z.string().trim().max(140).nullish(),
  address: z.string().trim().max(240).nullish(),
  city: z.string().trim().max(100).nullish(),
  country: z.string().trim().max(100).nullish(),
  capacity: z
    .number({ error: EVENT_MESSAGES.capacity })
    .int({ error: EVENT_MESSAGES.capacity })
    .min(1, { error: EVENT_MESSAGES.capacity })
    .max(EVENT_CAPACITY_MAX, { error: EVENT_MESSAGES.capacityMax })
    .nullish(),
  isFree: z.boolean(),
  isReferralBased: z.boolean(),
  visibility: z.enum(EVENT_VISIBILITIES),
  attendeeVisibility: z.enum(ATTENDEE_VISIBILITY),
  vendorFeeAmount: z.number().min(0).max(100_000).nullish(),
  /** ISO 4217: the ticket types and orders of the event are in it (decision 060). */
  currency: z.enum(CURRENCY_CODES, { error: EVENT_MESSAGES.currency }),
  metadata: z.record(z.string(), z.unknown()),
});

const EventFields = EventFieldsBase.extend({
  description: EventFieldsBase.shape.description.default(''),
  timezone: EventFieldsBase.shape.timezone.default('UTC'),
  isOnline: EventFieldsBase.shape.isOnline.default(false),
  isFree: EventFieldsBase.shape.isFree.default(true),
  isReferralBased: EventFieldsBase.shape.isReferralBased.default(false),
  visibility: EventFieldsBase.shape.visibility.default('public'),
  attendeeVisibility: EventFieldsBase.shape.attendeeVisibility.default('count'),
  metadata: EventFieldsBase.shape.metadata.default({}),
  currency: EventFieldsBase.shape.currency.default('USD'),
});

function checkEventRules(value: z.infer<typeof EventFields>, ctx: z.RefinementCtx) {
  if (value.startsAt && value.endsAt && new Date(value.endsAt) <= new Date(value.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: EVENT_MESSAGES.endBeforeStart });
  }
  if (value.isOnline && !value.onlineUrl) {
    ctx.addIssue({ code: 'custom', path: ['onlineUrl'], message: EVENT_MESSAGES.onlineUrl });
  }
  if (!value.isOnline && !value.venueName && !value.address && !value.city) {
    ctx.addIssue({ code: 'custom', path: ['address'], message: EVENT_MESSAGES.locationRequired });
  }
}

export const CreateEventInputSchema = EventFields.superRefine(checkEventRules);
export type CreateEventInput = z.input<typeof CreateEventInputSchema>;

// Place rules need the stored event too, so an edit checks only what it can see; the service
// checks the merged result.
export const UpdateEventInputSchema = EventFieldsBase.partial().superRefine((value, ctx) => {
  if (value.startsAt && value.endsAt && new Date(value.endsAt) <= new Date(value.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: EVENT_MESSAGES.endBeforeStart });
  }
  if (value.isOnline === true && value.onlineUrl === null) {
    ctx.addIssue({ code: 'custom', path: ['onlineUrl'], message: EVENT_MESSAGES.onlineUrl });
  }
});
export type UpdateEventInput = z.input<typeof UpdateEventInputSchema>;

export const CoverImageSchema = z.object({
  small: z.string(),
  medium: z.string(),
  large: z.string(),
});

export const EventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  location: z.string(),
  venueName: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  isOnline: z.boolean(),
  onlineUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  timezone: z.string(),
  /** spec §3 `date` and `time`: the local date and time of the start in the event's time zone. */
  date: z.string(),
  time: z.string(),
  capacity: z.number().nullable(),
  isFree: z.boolean(),
  eventStatus: z.enum(EVENT_STATUSES),
  visibility: z.enum(EVENT_VISIBILITIES),
  attendeeVisibility: z.enum(ATTENDEE_VISIBILITY),
  isReferralBased: z.boolean(),
  /** Shown to vendors on the event page before they apply (with metadata.vendor_requirements). */
  vendorFeeAmount: z.number().nullable(),
  currency: z.enum(CURRENCY_CODES),
  coverImage: CoverImageSchema.nullable(),
  metadata: z.record(z.string(), z.unknown()),
  organizer: z.object({
    id: z.uuid(),
    fullName: z.string(),
    businessName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
/** An event as anyone may read it: what the public pages show, nothing of the organizer's books. */
export type Event = z.infer<typeof EventSchema>;

/** The newest listed event, or none (GET /api/events/featured). */
export const FeaturedEventSchema = z.object({ event: EventSchema.nullable() });
export type FeaturedEvent = z.infer<typeof FeaturedEventSchema>;

/** A title suggestion for the header search box (GET /api/events/suggest). */
export const SuggestionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  date: z.string(),
  location: z.string(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;
export const SuggestionListSchema = z.object({ suggestions: z.array(SuggestionSchema) });
export type SuggestionList = z.infer<typeof SuggestionListSchema>;

/**
 * Fields only the event's owner and admins read: sales counters, earnings, the referral code
 * and the secret link of a private event.
 */
export const OwnedEventSchema = EventSchema.extend({
  referralCode: z.string().nullable(),
  totalTicketsSold: z.number(),
  freeTicketsSold: z.number(),
  paidTicketsSold: z.number(),
  signupCount: z.number(),
  earnings: z.number(),
  accessToken: z.string().nullable(),
});
export type OwnedEvent = z.infer<typeof OwnedEventSchema>;

/** One event: the owner's view for its owner and admins, the public view for everyone else. */
export const EventDetailSchema = z.union([
  OwnedEventSchema,
  EventSchema.extend({ accessToken: z.null() }),
]);
export type EventDetail = z.infer<typeof EventDetailSchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

// spec §7 GET events filters.
export const EventListQuerySchema = z.object({
  category: z.enum(EVENT_CATEGORIES).optional(),
  date: isoDate().optional(),
  is_free: booleanQuery,
  event_status: z.enum(['published', 'cancelled']).optional(),
  is_referral_based: booleanQuery,
  search: z.string().trim().max(200).optional(),
  organizer_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(EVENTS_MAX_LIMIT).default(EVENTS_DEFAULT_LIMIT),
  cursor: z.string().max(200).optional(),
});
export type EventListQuery = z.input<typeof EventListQuerySchema>;
export type EventListFilters = z.output<typeof EventListQuerySchema>;

export const EventListResponseSchema = z.object({
  events: z.array(EventSchema),
  nextCursor: z.string().nullable(),
});

export const MyEventsResponseSchema = z.object({ events: z.array(OwnedEventSchema) });
export type MyEventsResponse = z.infer<typeof MyEventsResponseSchema>;

export const CategorySchema = z.object({
  name: z.string(),
  slug: z.string(),
  eventCount: z.number(),
});
export const CategoryListSchema = z.object({ categories: z.array(CategorySchema) });
export type CategoryList = z.infer<typeof CategoryListSchema>;

export const SeriesInputSchema = z.object({
  frequency: z.enum(['weekly', 'monthly'], { error: 'Please choose weekly or monthly' }),
  occurrences: z
    .number({ error: 'Choose between 2 and 52 occurrences' })
    .int({ error: 'Choose between 2 and 52 occurrences' })
    .min(2, { error: 'Choose between 2 and 52 occurrences' })
    .max(52, { error: 'Choose between 2 and 52 occurrences' }),
});
export type SeriesInput = z.infer<typeof SeriesInputSchema>;

export const MyTimelineSchema = z.object({
  upcoming: z.array(EventSchema),
  past: z.array(EventSchema),
});
export type MyTimeline = z.infer<typeof MyTimelineSchema>;

export const PublicProfileSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  businessName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  userType: z.enum(['attendee', 'organizer', 'vendor', 'venue']),
  category: z.string().nullable(),
  followerCount: z.number(),
  isFollowing: z.boolean(),
});
export const OrganizerPageSchema = z.object({
  profile: PublicProfileSchema,
  upcomingEvents: z.array(EventSchema),
});
export const FollowStateSchema = z.object({ following: z.boolean(), followerCount: z.number() });

export const DIRECTORY_TYPES = ['organizer', 'venue', 'provider'] as const;
export const DirectoryQuerySchema = z.object({
  type: z.enum(DIRECTORY_TYPES),
  q: z.string().trim().max(100).optional(),
  category: z.string().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(24),
});
export const DirectoryResponseSchema = z.object({
  people: z.array(
    z.object({
      id: z.uuid(),
      fullName: z.string(),
      businessName: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      userType: z.enum(['attendee', 'organizer', 'vendor', 'venue']),
      category: z.string().nullable(),
      upcomingEventCount: z.number(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const NewsletterInputSchema = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, { error: 'Please enter your email address' })
    .max(254)
    .pipe(z.email({ error: 'Please enter a valid email address' })),
});
