import type {
  ApiKey,
  ApiScope,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
} from '../../../contracts/developer';
import type { ApiKeyRow } from './developer.queries';
import type { DeliveryRow, WebhookEndpointRow } from './webhooks.queries';

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

export const presentKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: `mea_${row.prefix}_…`,
  scopes: row.scopes as ApiScope[],
  expiresAt: iso(row.expiresAt),
  lastUsedAt: iso(row.lastUsedAt),
  revokedAt: iso(row.revokedAt),
  createdAt: iso(row.createdAt) ?? '',
});

export const presentEvent = (row: Record<string, unknown>) => ({
  id: String(row.id),
  title: String(row.title),
  status: String(row.status),
  visibility: String(row.visibility),
  starts_at: iso(row.starts_at) ?? '',
  ends_at: iso(row.ends_at),
  timezone: String(row.timezone),
  venue_name: (row.venue_name as string | null) ?? null,
  city: (row.city as string | null) ?? null,
  capacity: row.capacity === null ? null : Number(row.capacity),
  tickets_sold: Number(row.tickets_sold ?? 0),
  updated_at: iso(row.updated_at) ?? '',
});

export const presentAttendee = (row: Record<string, unknown>) => ({
  ticket_id: String(row.ticket_id),
  order_id: (row.order_id as string | null) ?? null,
  name: String(row.name),
  email: String(row.email),
  ticket_type: String(row.ticket_type),
  status: String(row.status),
  checked_in_at: iso(row.checked_in_at),
  created_at: iso(row.created_at) ?? '',
});

export const presentEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes as WebhookEventType[],
  consecutiveFailures: row.consecutiveFailures,
  disabledAt: iso(row.disabledAt),
  disabledReason: row.disabledReason,
  createdAt: iso(row.createdAt) ?? '',
});

export const presentDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  createdAt: iso(row.createdAt) ?? '',
});
