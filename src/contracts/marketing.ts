import { z } from 'zod';
import { isoDate, isoDateTime } from './bounds';

// Organizer marketing (email lists, campaigns, funnels). Shared by server and web.

export const LIST_VISIBILITIES = ['public', 'private'] as const;
export const OPT_INS = ['single', 'double'] as const;
/** `manual`: people added by hand, import or form; the others are filled from ticket holders. */
export const LIST_KINDS = ['manual', 'event_attendees', 'all_attendees'] as const;
export const SUBSCRIBER_STATUSES = [
  'unconfirmed',
  'subscribed',
  'unsubscribed',
  'bounced',
  /** Marked the mail as spam (a provider's complaint report): suppressed like a bounce. */
  'complained',
] as const;
export const SUBSCRIBER_SOURCES = ['manual', 'import', 'form', 'funnel', 'attendees'] as const;
export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'cancelled',
  'sent',
] as const;
export const CAMPAIGN_EVENT_KINDS = ['open', 'click', 'unsubscribe', 'bounce'] as const;
export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'complaint'] as const;
/**
 * A recipient's send: `queued` on the mail lane (and then delivered unless it comes back),
 * `bounced` when the receiving server refused the address (5xx at RCPT TO: suppressed),
 * `failed` when it refused the message itself (another 5xx: not retried, address kept),
 * `bounced`/`complained` too when the provider reports it later (POST /api/marketing/bounces).
 */
export const CAMPAIGN_SEND_STATUSES = ['queued', 'bounced', 'failed', 'complained'] as const;
export type CampaignSendStatus = (typeof CAMPAIGN_SEND_STATUSES)[number];

export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const MARKETING_LIMITS = {
  listName: 120,
  description: 1000,
  subscriberName: 200,
  /** Rows per import request: the web app sends a large file in chunks of this size. */
  importChunkRows: 5000,
  /** Bytes of CSV text per import request (a chunk of 5,000 long rows fits). */
  importChunkChars: 2_000_000,
  subject: 200,
  preheader: 200,
  fromName: 100,
  bodyHtml: 200_000,
  exportRows: 1_000_000,
} as const;

export const MARKETING_MESSAGES = {
  listNotFound: 'List not found',
  campaignNotFound: 'Campaign not found',
  funnelNotFound: 'Funnel not found',
  forbidden: 'Only organizers, vendors and venues can use email lists',
  emailColumn: 'Choose the column that holds the email address',
  notEditable: 'Only a draft or scheduled campaign can be changed',
  noLists: 'Choose at least one list',
  cannotSend: 'This campaign has already been sent or cancelled',
  listNotPublic: 'This list does not take sign-ups',
  slugTaken: 'This address is already taken',
  slugReserved: 'This address is reserved',
  preferencesLink: 'This link is not valid',
} as const;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required' })
  .max(320, { error: 'Please enter a valid email address' })
  .pipe(z.email({ error: 'Please enter a valid email address' }));

const name = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const EmailListInputSchema = z.object({
  name: name(MARKETING_LIMITS.listName, 'Name'),
  description: z.string().trim().max(MARKETING_LIMITS.description).default(''),
  visibility: z.enum(LIST_VISIBILITIES).default('private'),
  optIn: z.enum(OPT_INS).default('double'),
  kind: z.enum(LIST_KINDS).default('manual'),
  /** For `event_attendees`: the event (one of the owner's). */
  eventId: z.uuid({ error: 'Choose an event' }).nullish(),
  welcomeSubject: z.string().trim().max(MARKETING_LIMITS.subject).default(''),
  welcomeText: z.string().trim().max(5000).default(''),
});
export type EmailListInput = z.infer<typeof EmailListInputSchema>;
export const UpdateEmailListInputSchema = EmailListInputSchema.partial().omit({
  kind: true,
  eventId: true,
});

export const SubscriberCountsSchema = z.object({
  unconfirmed: z.number(),
  subscribed: z.number(),
  unsubscribed: z.number(),
  bounced: z.number(),
  complained: z.number(),
});

export const EmailListSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  visibility: z.enum(LIST_VISIBILITIES),
  optIn: z.enum(OPT_INS),
  kind: z.enum(LIST_KINDS),
  eventId: z.string().nullable(),
  welcomeSubject: z.string(),
  welcomeText: z.string(),
  counts: SubscriberCountsSchema,
  createdAt: z.string(),
});
export type EmailList = z.infer<typeof EmailListSchema>;
export const EmailListsSchema = z.object({ lists: z.array(EmailListSchema) });
export type EmailListList = z.infer<typeof EmailListsSchema>;

export const SubscriberInputSchema = z.object({
  email,
  name: z.string().trim().max(MARKETING_LIMITS.subscriberName).default(''),
  attributes: z.record(z.string().max(100), z.string().max(1000)).default({}),
});

export const SubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  attributes: z.record(z.string(), z.string()),
  status: z.enum(SUBSCRIBER_STATUSES),
  source: z.enum(SUBSCRIBER_SOURCES),
  createdAt: z.string(),
});
export type Subscriber = z.infer<typeof SubscriberSchema>;

export const SubscriberListQuerySchema = z.object({
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  search: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export const SubscriberPageSchema = z.object({
  subscribers: z.array(SubscriberSchema),
  total: z.number(),
});

/**
 * One chunk of a CSV import. `header` is the file's first line (sent with every chunk, so each
 * chunk parses on its own); `mapping` names the column of each field by its index in the header.
 */
export const ImportChunkInputSchema = z.object({
  header: z.array(z.string().max(200)).min(1).max(100),
  rows: z.array(z.array(z.string().max(2000)).max(100)).max(MARKETING_LIMITS.importChunkRows, {
    error: `Send at most ${MARKETING_LIMITS.importChunkRows} rows at a time`,
  }),
  mapping: z.object({
    email: z.number({ error: MARKETING_MESSAGES.emailColumn }).int().min(0).max(99),
    name: z.number().int().min(0).max(99).nullish(),
    /** Columns kept as attributes, by their header name. */
    attributes: z.array(z.number().int().min(0).max(99)).max(50).default([]),
  }),
  /** Row number of the chunk's first row in the file (for the report), 2 when it follows the header. */
  firstRowNumber: z.number().int().min(1).max(100_000_000).default(2),
  /** The people were asked and agreed: subscribed at once; otherwise a double opt-in list mails them. */
  consent: z.boolean().default(true),
});
export type ImportChunkInput = z.infer<typeof ImportChunkInputSchema>;

export const IMPORT_SKIP_REASONS = ['invalid_email', 'duplicate', 'unsubscribed'] as const;
export const IMPORT_SKIP_LABELS: Record<(typeof IMPORT_SKIP_REASONS)[number], string> = {
  invalid_email: 'Invalid email address',
  duplicate: 'Already on the list (or twice in the file)',
  unsubscribed: 'Unsubscribed earlier: never re-subscribed',
};
export const ImportResultSchema = z.object({
  added: z.number(),
  skipped: z.array(
    z.object({ row: z.number(), email: z.string(), reason: z.enum(IMPORT_SKIP_REASONS) }),
  ),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const PublicSubscribeInputSchema = z.object({
  email,
  name: z.string().trim().max(MARKETING_LIMITS.subscriberName).default(''),
});
export const PublicListSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  optIn: z.enum(OPT_INS),
});
export const TokenQuerySchema = z.object({ token: z.string().max(400).default('') });
export const UnsubscribeResultSchema = z.object({ email: z.string(), lists: z.array(z.string()) });

// Campaigns.

/**
 * Segments (decision 024, "Segments"): `all` (AND) or `any` (OR) of 1–10 conditions on the
 * chosen lists' subscribers. A condition's field is a built-in (`email`, `name`, `subscribed_at`:
 * when they joined the list) or an imported column as `attr.COLUMN` (as in the {{attr.COLUMN}}
 * merge field). Text comparisons ignore case; dates are calendar days in UTC.
 */
export const SEGMENT_MATCHES = ['all', 'any'] as const;
export const SEGMENT_TEXT_OPERATORS = [
  'is',
  'is_not',
  'contains',
  'does_not_contain',
  'is_set',
  'is_not_set',
] as const;
export const SEGMENT_DATE_OPERATORS = ['before', 'after'] as const;
export const SEGMENT_OPERATORS = [...SEGMENT_TEXT_OPERATORS, ...SEGMENT_DATE_OPERATORS] as const;
export type SegmentOperator = (typeof SEGMENT_OPERATORS)[number];
export const SEGMENT_BUILTIN_FIELDS = ['email', 'name', 'subscribed_at'] as const;
/** An imported column's field: this prefix, then the column name (the attributes key). */
export const SEGMENT_ATTRIBUTE_PREFIX = 'attr.';
export const SEGMENT_LIMITS = { conditions: 10, column: 200, value: 1000 } as const;
export const SEGMENT_OPERATOR_LABELS: Record<SegmentOperator, string> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  does_not_contain: 'does not contain',
  is_set: 'is set',
  is_not_set: 'is not set',
  before: 'is before',
  after: 'is after',
};
export const SEGMENT_MESSAGES = {
  column: 'Choose a column',
  operator: 'Choose a condition',
  dateOperator: 'Choose before or after for a date',
  textOperator: 'Before and after are for dates',
  value: 'Enter a value',
  date: 'Enter a date',
  conditions: 'Add a condition',
  tooMany: `At most ${SEGMENT_LIMITS.conditions} conditions`,
} as const;

/** `date` for the sign-up date (before/after), `text` for every other field. */
export const segmentFieldKind = (field: string): 'date' | 'text' =>
  field === 'subscribed_at' ? 'date' : 'text';
/** `is set` and `is not set` take no value. */
export const segmentNeedsValue = (operator: SegmentOperator) =>
  operator !== 'is_set' && operator !== 'is_not_set';
const isSegmentField = (field: string) =>
  (SEGMENT_BUILTIN_FIELDS as readonly string[]).includes(field) ||
  (field.startsWith(SEGMENT_ATTRIBUTE_PREFIX) &&
    field.slice(SEGMENT_ATTRIBUTE_PREFIX.length).trim().length > 0);
const segmentDate = isoDate({ error: SEGMENT_MESSAGES.date });

/** A stored condition as the API returns it (the input rules are below). */
const SegmentConditionShape = z.object({
  field: z.string(),
  operator: z.enum(SEGMENT_OPERATORS),
  value: z.string(),
});
export const SegmentConditionSchema = z
  .object({
    field: z
      .string({ error: SEGMENT_MESSAGES.column })
      .trim()
      .min(1, { error: SEGMENT_MESSAGES.column })
      .max(SEGMENT_ATTRIBUTE_PREFIX.length + SEGMENT_LIMITS.column, {
        error: `Column names are at most ${SEGMENT_LIMITS.column} characters`,
      })
      .refine(isSegmentField, { error: SEGMENT_MESSAGES.column }),
    operator: z.enum(SEGMENT_OPERATORS, { error: SEGMENT_MESSAGES.operator }),
    /** Absent or empty for `is_set` / `is_not_set` (ignored there); YYYY-MM-DD for dates. */
    value: z
      .string({ error: SEGMENT_MESSAGES.value })
      .trim()
      .max(SEGMENT_LIMITS.value, { error: `At most ${SEGMENT_LIMITS.value} characters` })
      .default(''),
  })
  .superRefine((c, ctx) => {
    const date = segmentFieldKind(c.field) === 'date';
    const dateOperator = (SEGMENT_DATE_OPERATORS as readonly string[]).includes(c.operator);
    if (date !== dateOperator) {
      ctx.addIssue({
        code: 'custom',
        path: ['operator'],
        message: date ? SEGMENT_MESSAGES.dateOperator : SEGMENT_MESSAGES.textOperator,
      });
      return;
    }
    if (dateOperator) {
      const parsed = segmentDate.safeParse(c.value);
      if (!parsed.success)
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: c.value
            ? (parsed.error.issues[0]?.message ?? SEGMENT_MESSAGES.date)
            : SEGMENT_MESSAGES.date,
        });
    } else if (segmentNeedsValue(c.operator) && c.value === '') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: SEGMENT_MESSAGES.value });
    }
  });
export type SegmentCondition = z.infer<typeof SegmentConditionShape>;
export const CampaignSegmentSchema = z.object({
  match: z.enum(SEGMENT_MATCHES, { error: 'Choose all or any' }).default('all'),
  conditions: z
    .array(SegmentConditionSchema, { error: SEGMENT_MESSAGES.conditions })
    .min(1, { error: SEGMENT_MESSAGES.conditions })
    .max(SEGMENT_LIMITS.conditions, { error: SEGMENT_MESSAGES.tooMany }),
});
export const CampaignSegmentViewSchema = z.object({
  match: z.enum(SEGMENT_MATCHES),
  conditions: z.array(SegmentConditionShape),
});
export type CampaignSegment = z.infer<typeof CampaignSegmentViewSchema>;
export const CampaignInputSchema = z.object({
  subject: name(MARKETING_LIMITS.subject, 'Subject'),
  preheader: z.string().trim().max(MARKETING_LIMITS.preheader).default(''),
  fromName: z.string().trim().max(MARKETING_LIMITS.fromName).default(''),
  bodyHtml: z
    .string()
    .max(MARKETING_LIMITS.bodyHtml, { error: 'The message is too long' })
    .default(''),
  listIds: z
    .array(z.uuid({ error: 'Choose a list' }))
    .max(50)
    .default([]),
  trackOpens: z.boolean().default(false),
  trackClicks: z.boolean().default(true),
  /** One of the owner's events: its details fill the {{event.*}} merge fields. */
  eventId: z.uuid({ error: 'Choose one of your events' }).nullish(),
  /** A segment of the lists (absent or null: every subscriber of the lists). */
  segment: CampaignSegmentSchema.nullish(),
});
export type CampaignInput = z.infer<typeof CampaignInputSchema>;
export const UpdateCampaignInputSchema = CampaignInputSchema.partial();

export const CampaignStatsSchema = z.object({
  recipients: z.number(),
  sent: z.number(),
  opens: z.number(),
  clicks: z.number(),
  unsubscribes: z.number(),
  bounces: z.number(),
  /** Refused by the receiving server for another reason than the address (not retried). */
  failed: z.number(),
  /** Recipients who marked it as spam (reported by the mail provider). */
  complaints: z.number(),
  /** Per hour since the send started: opens and clicks over time. */
  timeline: z.array(
    z.object({ hour: z.string(), opens: z.number(), clicks: z.number(), sent: z.number() }),
  ),
});
export type CampaignStats = z.infer<typeof CampaignStatsSchema>;

export const CampaignSchema = z.object({
  id: z.string(),
  subject: z.string(),
  preheader: z.string(),
  fromName: z.string(),
  bodyHtml: z.string(),
  bodyText: z.string(),
  listIds: z.array(z.string()),
  trackOpens: z.boolean(),
  trackClicks: z.boolean(),
  eventId: z.string().nullable(),
  segment: CampaignSegmentViewSchema.nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  stats: CampaignStatsSchema,
});
export type Campaign = z.infer<typeof CampaignSchema>;
export const CampaignsSchema = z.object({ campaigns: z.array(CampaignSchema) });
export type EmailCampaignList = z.infer<typeof CampaignsSchema>;
export const SendCampaignInputSchema = z.object({
  /** Absent: now. */
  scheduledAt: isoDateTime({ error: 'Choose a valid date and time' }).nullish(),
});
export const TestSendResultSchema = z.object({ to: z.string() });

/** POST /api/marketing/segments/count: who a campaign to these lists and segment would reach. */
export const SegmentCountInputSchema = z.object({
  listIds: z
    .array(z.uuid({ error: 'Choose a list' }))
    .max(50)
    .default([]),
  segment: CampaignSegmentSchema.nullish(),
});
export type SegmentCountInput = z.infer<typeof SegmentCountInputSchema>;
export const SegmentCountSchema = z.object({
  /** Distinct addresses the send would mail now (subscribed, not suppressed). */
  count: z.number(),
  /** The imported columns the lists' subscribers have, for the editor's field choice. */
  columns: z.array(z.string()),
});
export type SegmentCount = z.infer<typeof SegmentCountSchema>;

// The manage-preferences page (a signed link in every campaign mail; no sign-in).
export const PreferencesSchema = z.object({
  email: z.string(),
  /** Who sends: the lists' owner. */
  sender: z.string(),
  lists: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      status: z.enum(SUBSCRIBER_STATUSES),
    }),
  ),
});
export type Preferences = z.infer<typeof PreferencesSchema>;
export const PreferenceChangeInputSchema = z.object({
  listId: z.uuid({ error: 'Choose a list' }),
  subscribed: z.boolean({ error: 'Say whether to subscribe' }),
});

// Funnels.
export const FUNNEL_SLUG_RESERVED = [
  'admin',
  'api',
  'app',
  'new',
  'edit',
  'login',
  'signin',
  'signup',
  'pay',
  'static',
  'assets',
  'media',
  'www',
  'help',
  'support',
] as const;
export const FunnelSlugSchema = z
  .string({ error: 'Address is required' })
  .trim()
  .toLowerCase()
  .min(3, { error: 'Address must be at least 3 characters' })
  .max(60, { error: 'Address must be at most 60 characters' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: 'Use lowercase letters, digits and single dashes',
  })
  .refine((s) => !(FUNNEL_SLUG_RESERVED as readonly string[]).includes(s), {
    error: MARKETING_MESSAGES.slugReserved,
  });

/** A Puck document: { root: { props }, content: [{ type, props }] }; checked block by block on save. */
const PuckBlockSchema = z.object({
  type: z.string().max(60),
  props: z.record(z.string(), z.unknown()),
});
export const FunnelPageSchema = z.object({
  root: z.object({ props: z.record(z.string(), z.unknown()).default({}) }).default({ props: {} }),
  content: z.array(PuckBlockSchema).max(100).default([]),
  zones: z.record(z.string(), z.unknown()).optional(),
});
export type FunnelPage = z.infer<typeof FunnelPageSchema>;
export const FunnelStepSchema = z.object({
  title: z.string().trim().min(1, { error: 'Step title is required' }).max(120),
  page: FunnelPageSchema,
});
export const FunnelDocumentSchema = z.object({
  steps: z.array(FunnelStepSchema).min(1, { error: 'Add a step' }).max(10),
  seoTitle: z.string().trim().max(120).default(''),
  seoDescription: z.string().trim().max(300).default(''),
  socialImage: z.string().trim().max(500).default(''),
});
export type FunnelDocument = z.infer<typeof FunnelDocumentSchema>;

export const FUNNEL_TEMPLATES = ['event_launch', 'early_bird', 'vendor_showcase'] as const;
export const FUNNEL_TEMPLATE_LABELS: Record<(typeof FUNNEL_TEMPLATES)[number], string> = {
  event_launch: 'Event launch',
  early_bird: 'Early-bird tickets',
  vendor_showcase: 'Vendor showcase',
};
export const CreateFunnelInputSchema = z.object({
  name: name(120, 'Name'),
  slug: FunnelSlugSchema,
  template: z.enum(FUNNEL_TEMPLATES).default('event_launch'),
  eventId: z.uuid().nullish(),
  listId: z.uuid().nullish(),
});
export const UpdateFunnelInputSchema = z.object({
  name: name(120, 'Name').optional(),
  slug: FunnelSlugSchema.optional(),
  listId: z.uuid().nullable().optional(),
  draft: FunnelDocumentSchema.optional(),
});

export const FunnelStepStatsSchema = z.object({
  step: z.number(),
  title: z.string(),
  views: z.number(),
  /** Opt-ins plus paid ticket orders that came through this step. */
  conversions: z.number(),
  optIns: z.number(),
  /** Paid ticket orders bought through this step's event card (each counted once). */
  orders: z.number(),
  /** Their revenue net of refunds, per currency. */
  revenue: z.array(z.object({ currency: z.string(), cents: z.number() })),
});
export const FunnelSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  listId: z.string().nullable(),
  draft: FunnelDocumentSchema,
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Funnel = z.infer<typeof FunnelSchema>;
export const FunnelsSchema = z.object({
  funnels: z.array(FunnelSchema.omit({ draft: true }).extend({ steps: z.number() })),
});
export type FunnelList = z.infer<typeof FunnelsSchema>;
export const FunnelReportSchema = z.object({ steps: z.array(FunnelStepStatsSchema) });

export const PublicFunnelSchema = z.object({
  slug: z.string(),
  name: z.string(),
  document: FunnelDocumentSchema,
  /** Events the event-card blocks name, with live availability. */
  events: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      startsAt: z.string(),
      location: z.string(),
      remaining: z.number().nullable(),
    }),
  ),
});
export type PublicFunnel = z.infer<typeof PublicFunnelSchema>;
export const FunnelOptInInputSchema = PublicSubscribeInputSchema.extend({
  step: z.number().int().min(0).max(9).default(0),
});
export const FunnelViewInputSchema = z.object({ step: z.number().int().min(0).max(9) });
export const FunnelGoQuerySchema = z.object({
  step: z.coerce.number().int().min(0).max(9).default(0),
  event: z.uuid({ error: 'Not found' }),
});
/** After a checkout creates an order, the browser names it; the signed funnel cookie says where it came from. */
export const FunnelSaleInputSchema = z.object({ orderId: z.uuid({ error: 'Not found' }) });
export const FUNNEL_SALE_OUTCOMES = [
  'recorded',
  'already',
  'no_funnel',
  'expired',
  'not_eligible',
] as const;
export const FunnelSaleResultSchema = z.object({
  attributed: z.boolean(),
  reason: z.enum(FUNNEL_SALE_OUTCOMES),
});

/** POST /api/marketing/bounces: what became of each report (a provider retries only on errors). */
export const BOUNCE_OUTCOMES = [
  'bounced',
  'complained',
  /** Already recorded for that message (a repeated report). */
  'duplicate',
  /** Not a message of ours to that address (another sender's, or a forged id). */
  'unknown_message',
  /** A temporary failure: the provider retries, nothing is suppressed. */
  'soft_bounce',
] as const;
export const BounceResultSchema = z.object({
  received: z.number(),
  results: z.array(z.object({ messageId: z.string(), outcome: z.enum(BOUNCE_OUTCOMES) })),
});
export type BounceResult = z.infer<typeof BounceResultSchema>;
