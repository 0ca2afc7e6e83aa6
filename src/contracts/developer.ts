import { z } from 'zod';
import { CreateEventInputSchema, UpdateEventInputSchema } from './events';
import { AnswerValueSchema, QUESTION_TYPES } from './questions';
import { TICKET_AVAILABILITY } from './tickets';
import { BOX_OFFICE_METHODS } from './box-office';

// API keys and the versioned public API (/api/v1): events (read and write), their
// orders, attendees, vendors, capacity pools, waiting lists and exports, and check-ins, always
// within the key owner's own events.

export const API_SCOPES = [
  'events:read',
  'events:write',
  'orders:read',
  'attendees:read',
  'vendors:read',
  'checkins:write',
  'waitlist:read',
  'waitlist:write',
  'exports:read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_KEY_LIMIT = { perMinute: 120 } as const;
export const API_KEYS_PER_OWNER = 20;

export const DEVELOPER_MESSAGES = {
  nameRequired: 'Give the key a name',
  scopesRequired: 'Choose at least one permission',
  tooMany: `You can have at most ${API_KEYS_PER_OWNER} active keys. Revoke one first.`,
  keyInvalid: 'The API key is missing, wrong, expired or revoked',
  scopeMissing: (scope: string) => `This API key does not have the ${scope} permission`,
  rateLimited: 'Too many requests for this API key. Try again shortly.',
  originRefused: (origin: string) =>
    `This API key does not allow browser requests from ${origin}. Add the origin to the key's allowed origins.`,
  originInvalid: 'Enter an origin such as https://www.example.com (no path)',
  tooManyOrigins: 'Use at most 10 origins',
} as const;

/** Browser origins one key may be called from (CORS, decision 029); none by default. */
export const API_KEY_ORIGINS_MAX = 10;
const OriginSchema = z
  .string({ error: DEVELOPER_MESSAGES.originInvalid })
  .trim()
  .max(200, { error: DEVELOPER_MESSAGES.originInvalid })
  .refine(
    (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && new URL(v).origin === v,
    { error: DEVELOPER_MESSAGES.originInvalid },
  );
export const UpdateApiKeyInputSchema = z.object({
  allowedOrigins: z
    .array(OriginSchema, { error: DEVELOPER_MESSAGES.originInvalid })
    .max(API_KEY_ORIGINS_MAX, { error: DEVELOPER_MESSAGES.tooManyOrigins }),
});

export const CreateApiKeyInputSchema = z.object({
  name: z
    .string({ error: DEVELOPER_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: DEVELOPER_MESSAGES.nameRequired })
    .max(80, { error: 'Use at most 80 characters' }),
  scopes: z
    .array(z.enum(API_SCOPES), { error: DEVELOPER_MESSAGES.scopesRequired })
    .min(1, { error: DEVELOPER_MESSAGES.scopesRequired })
    .max(API_SCOPES.length),
  /** Days until the key stops working; null never. */
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()]).default(null),
});

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The public part shown in lists: `mea_<prefix>_…`. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** Browser origins allowed to call /api/v1 with this key; empty: none (server-side only). */
  allowedOrigins: z.array(z.string()),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Who created it: the owner, or a team member acting for the owner's account (the key is the
   * account's either way). Null when that person's account is gone.
   */
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.object({ keys: z.array(ApiKeySchema) });
/** The whole key, shown this once. */
export const CreatedApiKeySchema = z.object({ key: ApiKeySchema, secret: z.string() });

export const V1ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
  /** Only items changed at or after this instant (ISO 8601), for syncing. */
  updated_since: z.iso.datetime({ offset: true }).optional(),
});

const EVENT_EXAMPLE = {
  id: '3f0c8a52-6a0e-4f7e-9d8c-2b1f6f1f2a10',
  title: 'Harbour Jazz Night',
  description: 'Three bands on the pier.',
  category: 'Music',
  status: 'published',
  visibility: 'public',
  starts_at: '2027-06-12T18:00:00.000Z',
  ends_at: '2027-06-12T22:00:00.000Z',
  timezone: 'Europe/London',
  is_online: false,
  venue_name: 'Pier Stage',
  address: '1 Harbour Road',
  city: 'Brighton',
  country: 'United Kingdom',
  capacity: 400,
  is_free: false,
  tickets_sold: 120,
  created_at: '2027-01-10T09:30:00.000Z',
  updated_at: '2027-02-01T14:05:12.123Z',
};

export const V1EventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    category: z.string(),
    status: z.string(),
    visibility: z.string(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    timezone: z.string(),
    is_online: z.boolean(),
    venue_name: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    capacity: z.number().nullable(),
    is_free: z.boolean(),
    tickets_sold: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ example: EVENT_EXAMPLE });
export const V1EventListSchema = z
  .object({
    data: z.array(V1EventSchema),
    next_cursor: z.string().nullable(),
  })
  .meta({ example: { data: [EVENT_EXAMPLE], next_cursor: 'MjAyNy0wMi0wMVQxNDowNTox…' } });

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * A v1 body in snake_case over one of the app's own input schemas: each field keeps its rules
 * and messages, the schema's cross-field rules run on the whole, and every problem names the
 * snake_case field (`body.starts_at`), so v1 validates exactly like the app does.
 */
function snakeCaseBody<T extends z.ZodObject>(schema: T) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [snake(name), field]),
  ) as z.ZodRawShape;
  return z.object(shape).transform((value, ctx): z.output<T> => {
    const input = Object.fromEntries(
      Object.entries(value).map(([name, field]) => [camel(name), field]),
    );
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: issue.path.map((part) => (typeof part === 'string' ? snake(part) : part)),
      });
    return z.NEVER;
  });
}

/** `POST /api/v1/events`: the app's event form in snake_case; the event starts as a draft. */
export const V1CreateEventInputSchema = snakeCaseBody(CreateEventInputSchema).meta({
  example: {
    title: 'Harbour Jazz Night',
    description: 'Three bands on the pier.',
    category: 'Music',
    starts_at: '2027-06-12T18:00:00Z',
    ends_at: '2027-06-12T22:00:00Z',
    timezone: 'Europe/London',
    venue_name: 'Pier Stage',
    city: 'Brighton',
    capacity: 400,
    is_free: false,
  },
});
/** `PATCH /api/v1/events/{id}`: only the fields sent change. */
export const V1UpdateEventInputSchema = snakeCaseBody(UpdateEventInputSchema).meta({
  example: { title: 'Harbour Jazz Night (late show)', starts_at: '2027-06-12T20:00:00Z' },
});

/** The snake_case name of an app field path (`body.startsAt` → `body.starts_at`). */
export const snakeCaseField = (field: string) => field.split('.').map(snake).join('.');

/**
 * A checkout answer: the question as the organizer wrote it and the value as stored (text, a
 * number, true/false for a checkbox, a list for multiple choice, an ISO country code, a date as
 * YYYY-MM-DD, `{ url, name }` for a file).
 */
const V1AnswerSchema = z.object({
  question_id: z.string(),
  question: z.string().describe('The question as the organizer wrote it.'),
  type: z.enum(QUESTION_TYPES).describe("The question's type, which tells the value's shape."),
  value: AnswerValueSchema.describe(
    'Text; a number; true/false (checkbox); a list (multiple choice); an ISO 3166 country code; a date as YYYY-MM-DD; { url, name } for a file, url being the path to download it from this server (/media/answers/…).',
  ),
});
/** An order's answer: its own (`ticket_type_id` null) or one ticket's. */
export const V1OrderAnswerSchema = V1AnswerSchema.extend({
  ticket_type_id: z
    .string()
    .nullable()
    .describe("The ticket's type for a per-ticket question; null for a per-order one."),
  ticket_index: z
    .number()
    .nullable()
    .describe(
      'The n-th ticket (from 0) of ticket_type_id in the order, as the checkout sent it; null for a per-order answer.',
    ),
  ticket_id: z
    .string()
    .nullable()
    .describe('The ticket, once the order is paid; null for a per-order answer.'),
});
export type V1Answer = z.infer<typeof V1AnswerSchema>;
export type V1OrderAnswer = z.infer<typeof V1OrderAnswerSchema>;

export const V1AttendeeSchema = z.object({
  ticket_id: z.string(),
  order_id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  ticket_type: z.string(),
  seat: z
    .string()
    .nullable()
    .describe('The seat ("A-Row C-12") when the event is sold by seat; null otherwise.'),
  status: z.string(),
  checked_in_at: z.string().nullable(),
  created_at: z.string(),
  answers: z
    .array(V1AnswerSchema)
    .describe(
      "The ticket's answers to the event's checkout questions, its order's per-order answers included; empty when the event asks none.",
    ),
});
export const V1AttendeeListSchema = z.object({
  data: z.array(V1AttendeeSchema),
  next_cursor: z.string().nullable(),
});

const ORDER_EXAMPLE = {
  id: '9b2d4c1e-0f3a-4b5c-8d6e-7f8091a2b3c4',
  status: 'paid',
  currency: 'USD',
  total_cents: 5000,
  net_cents: 4202,
  tax_cents: 798,
  tax_lines: [{ name: 'VAT', rate: 19, amount_cents: 798 }],
  invoices: [{ number: 'INV-2027-00042', kind: 'invoice' }],
  refunded_cents: 0,
  buyer: {
    id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
  },
  items: [
    {
      ticket_type_id: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
      ticket_type: 'Standard',
      kind: 'admission',
      quantity: 2,
      unit_price_cents: 2500,
      discount_cents: 0,
    },
  ],
  access_code: null,
  sales_channel: 'online',
  box_office_method: null,
  answers: [
    {
      question_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      question: 'Company',
      type: 'short_text',
      value: 'Harbour Ltd',
      ticket_type_id: null,
      ticket_index: null,
      ticket_id: null,
    },
    {
      question_id: '1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
      question: 'Dietary needs',
      type: 'single_choice',
      value: 'Vegetarian',
      ticket_type_id: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
      ticket_index: 0,
      ticket_id: '2c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f',
    },
  ],
  paid_at: '2027-02-01T14:05:12.123Z',
  created_at: '2027-02-01T14:03:40.000Z',
  updated_at: '2027-02-01T14:05:12.123Z',
};

/** An order with the items it holds for this event (an order may span several events). */
export const V1OrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  currency: z.string(),
  total_cents: z.number().describe('What was charged: the gross, tax included.'),
  net_cents: z.number().describe('The order without its tax (total_cents − tax_cents).'),
  tax_cents: z
    .number()
    .describe('The tax in total_cents; 0 for an untaxed or reverse-charged order.'),
  tax_lines: z
    .array(
      z.object({
        name: z.string().nullable(),
        /** In percent, e.g. 19 or 8.875. */
        rate: z.number(),
        amount_cents: z.number(),
      }),
    )
    .describe('The tax per rate as sold (decision 058); empty when the order has no tax.'),
  invoices: z
    .array(z.object({ number: z.string(), kind: z.enum(['invoice', 'credit_note']) }))
    .describe("The order's invoices and credit notes, in the order they were issued."),
  refunded_cents: z.number(),
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  items: z.array(
    z.object({
      ticket_type_id: z.string(),
      ticket_type: z.string(),
      /** 'product': merchandise, parking, a meal… sold alone or as an add-on; it admits no one. */
      kind: z.enum(['admission', 'product']),
      quantity: z.number(),
      unit_price_cents: z.number(),
      discount_cents: z.number(),
    }),
  ),
  access_code: z
    .string()
    .nullable()
    .describe(
      "The access code that revealed the order's hidden ticket types, if any (access codes reveal types; they give no discount).",
    ),
  sales_channel: z
    .enum(['online', 'box_office'])
    .describe('Where the order was sold: online, or at the door by the box office.'),
  box_office_method: z
    .enum(BOX_OFFICE_METHODS)
    .nullable()
    .describe('How a box-office sale was paid; null for an order sold online.'),
  answers: z
    .array(V1OrderAnswerSchema)
    .describe(
      "The answers to the event's checkout questions given with the order: the per-order ones first, then each ticket's by type and place; empty when the event asks none.",
    ),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const V1OrderListSchema = z
  .object({ data: z.array(V1OrderSchema), next_cursor: z.string().nullable() })
  .meta({ example: { data: [ORDER_EXAMPLE], next_cursor: null } });

/** A vendor taking part in the event (an approved application). */
export const V1VendorSchema = z.object({
  vendor_id: z.string(),
  name: z.string(),
  status: z.string(),
  payment_status: z.string(),
  fee_cents: z.number().nullable(),
  paid_at: z.string().nullable(),
  request_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const V1VendorListSchema = z
  .object({ data: z.array(V1VendorSchema), next_cursor: z.string().nullable() })
  .meta({
    example: {
      data: [
        {
          vendor_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
          name: 'Seaside Tacos',
          status: 'approved',
          payment_status: 'paid',
          fee_cents: 7500,
          paid_at: '2027-03-02T10:00:00.000Z',
          request_id: '1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
          created_at: '2027-03-01T09:00:00.000Z',
          updated_at: '2027-03-02T10:00:00.000Z',
        },
      ],
      next_cursor: null,
    },
  });

// Outgoing webhooks (decision 029): signed POSTs to an organizer's endpoint when something
// happens to their orders and tickets.

export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.refunded',
  'attendee.registered',
  'ticket.checked_in',
  'ticket.transferred',
  'vendor_request.created',
  'vendor_request.approved',
  'event.updated',
  'waitlist.offered',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent only by the "Send test event" button. */
export const WEBHOOK_TEST_TYPE = 'webhook.test';

export const WEBHOOK_LIMITS = {
  endpointsPerOwner: 10,
  /** Attempts per delivery: the retries span about 29 hours (WEBHOOK_RETRY_DELAYS). */
  maxAttempts: 12,
  /** An endpoint is turned off after this many failed attempts in a row… */
  disableAfterFailures: 20,
  /** …when its failures have also lasted this long (a burst of failures is not "for days"). */
  disableAfterMs: 3 * 86_400_000,
  timeoutMs: 10_000,
} as const;

export const WEBHOOK_SIGNATURE_HEADER = 'MEA-Signature';

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter an http:// or https:// address',
  typesRequired: 'Choose at least one event',
  tooMany: `You can have at most ${WEBHOOK_LIMITS.endpointsPerOwner} webhook endpoints.`,
  disabled: 'This endpoint is turned off. Turn it on first.',
} as const;

export const CreateWebhookInputSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlInvalid })
    .trim()
    .max(2000, { error: 'Use at most 2000 characters' })
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
      error: WEBHOOK_MESSAGES.urlInvalid,
    }),
  description: z.string().trim().max(200, { error: 'Use at most 200 characters' }).default(''),
  eventTypes: z
    .array(z.enum(WEBHOOK_EVENT_TYPES), { error: WEBHOOK_MESSAGES.typesRequired })
    .min(1, { error: WEBHOOK_MESSAGES.typesRequired })
    .max(WEBHOOK_EVENT_TYPES.length),
});

export const UpdateWebhookInputSchema = z.object({ enabled: z.boolean() });

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  consecutiveFailures: z.number(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
export const WebhookEndpointListSchema = z.object({ endpoints: z.array(WebhookEndpointSchema) });
/** The signing secret, shown this once. */
export const CreatedWebhookSchema = z.object({
  endpoint: WebhookEndpointSchema,
  secret: z.string(),
});

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });

/** A v1 write may carry `Idempotency-Key`: the same key and body within 24 hours get the first answer. */
export const IDEMPOTENCY_MESSAGES = {
  reused: 'This Idempotency-Key was used with a different request',
  inProgress: 'A request with this Idempotency-Key is still being processed',
} as const;

export const V1CheckInInputSchema = z.object({
  /** The ticket's code (its QR code's text). */
  code: z
    .string({ error: 'Send the ticket code' })
    .trim()
    .min(1, { error: 'Send the ticket code' })
    .max(200),
});
export const V1CheckInSchema = z.object({
  result: z.enum(['checked_in', 'already_checked_in']),
  ticket_id: z.string(),
  status: z.string(),
  checked_in_at: z.string().nullable(),
  ticket_type: z.string(),
  holder_name: z.string(),
});

/**
 * The ticket widget's live availability (public, no key): what any visitor of the event page may
 * see about its tickets and nothing more. The framed widget asks for it every few seconds with
 * If-None-Match, so an unchanged answer is a 304.
 */
export const WidgetAvailabilitySchema = z.object({
  eventId: z.string(),
  /** Whether any type can be bought now (the widget's Buy button). */
  buyable: z.boolean(),
  ticketTypes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      priceCents: z.number().int(),
      currency: z.string(),
      status: z.enum(TICKET_AVAILABILITY),
      remaining: z.number().int(),
      /** What the widget shows beside the name: "12 left", "Sold out"… */
      label: z.string(),
    }),
  ),
});
export type WidgetAvailability = z.infer<typeof WidgetAvailabilitySchema>;
