import { z } from 'zod';

// Issue 25: API keys and the versioned public API (/api/v1). Read-only for now: events, their
// orders and attendees, always within the key owner's own events.

export const API_SCOPES = [
  'events:read',
  'orders:read',
  'attendees:read',
  'checkins:write',
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
} as const;

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
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
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

export const V1EventSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  visibility: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  timezone: z.string(),
  venue_name: z.string().nullable(),
  city: z.string().nullable(),
  capacity: z.number().nullable(),
  tickets_sold: z.number(),
  updated_at: z.string(),
});
export const V1EventListSchema = z.object({
  data: z.array(V1EventSchema),
  next_cursor: z.string().nullable(),
});

export const V1AttendeeSchema = z.object({
  ticket_id: z.string(),
  order_id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  ticket_type: z.string(),
  status: z.string(),
  checked_in_at: z.string().nullable(),
  created_at: z.string(),
});
export const V1AttendeeListSchema = z.object({
  data: z.array(V1AttendeeSchema),
  next_cursor: z.string().nullable(),
});

// Outgoing webhooks (decision 029): signed POSTs to an organizer's endpoint when something
// happens to their orders and tickets.

export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.refunded',
  'attendee.registered',
  'ticket.checked_in',
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
