import type {
  ApiKey,
  ApiScope,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
  V1Answer,
  V1OrderAnswer,
} from '../../../contracts/developer';
import { BOX_OFFICE_METHODS, type BoxOfficeMethod } from '../../../contracts/box-office';
import type { ApiKeyRow } from './developer.queries';
import type { DeliveryRow, WebhookEndpointRow } from './webhooks.queries';

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
/** A time the query already wrote as ISO text (developer.queries' ISO), or a Date. */
const isoText = (value: unknown) => (typeof value === 'string' ? value : iso(value));

/** A key as its owner sees it; `creatorName` is the name of the person in `createdBy`. */
export const presentKey = (row: ApiKeyRow, creatorName: string | null): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: `mea_${row.prefix}_…`,
  scopes: row.scopes as ApiScope[],
  allowedOrigins: row.allowedOrigins,
  expiresAt: iso(row.expiresAt),
  lastUsedAt: iso(row.lastUsedAt),
  revokedAt: iso(row.revokedAt),
  createdAt: iso(row.createdAt) ?? '',
  createdBy: row.createdBy ? { id: row.createdBy, name: creatorName ?? '' } : null,
});

const text = (value: unknown) => (value as string | null) ?? null;

export const presentEvent = (row: Record<string, unknown>) => ({
  id: String(row.id),
  title: String(row.title),
  description: String(row.description ?? ''),
  category: String(row.category),
  status: String(row.status),
  visibility: String(row.visibility),
  starts_at: isoText(row.starts_at) ?? '',
  ends_at: isoText(row.ends_at),
  timezone: String(row.timezone),
  is_online: Boolean(row.is_online),
  venue_name: text(row.venue_name),
  address: text(row.address),
  city: text(row.city),
  country: text(row.country),
  capacity: row.capacity === null ? null : Number(row.capacity),
  is_free: Boolean(row.is_free),
  tickets_sold: Number(row.tickets_sold ?? 0),
  created_at: isoText(row.created_at) ?? '',
  updated_at: isoText(row.updated_at) ?? '',
});

interface OrderItemRow {
  ticket_type_id: string;
  ticket_type: string;
  kind: string;
  quantity: number;
  unit_price_cents: number;
  discount_cents: number;
}

interface TaxLineRow {
  name: string | null;
  rate_thousandths: number;
  amount_cents: number;
}

interface InvoiceRow {
  number: string;
  kind: string;
}

export const presentOrder = (row: Record<string, unknown>) => ({
  id: String(row.id),
  status: String(row.status),
  currency: String(row.currency),
  total_cents: Number(row.total_cents),
  net_cents: Number(row.net_cents ?? row.total_cents),
  tax_cents: Number(row.tax_cents ?? 0),
  // Per rate as sold (decision 058); the rate in percent, e.g. 19 or 8.875.
  tax_lines: ((row.tax_lines as TaxLineRow[] | null) ?? []).map((line) => ({
    name: line.name,
    rate: line.rate_thousandths / 1000,
    amount_cents: Number(line.amount_cents),
  })),
  invoices: ((row.invoices as InvoiceRow[] | null) ?? []).map((invoice) => ({
    number: String(invoice.number),
    kind: invoice.kind === 'credit_note' ? ('credit_note' as const) : ('invoice' as const),
  })),
  refunded_cents: Number(row.refunded_cents ?? 0),
  buyer: { id: String(row.buyer_id), name: String(row.name ?? ''), email: String(row.email) },
  items: ((row.items as OrderItemRow[] | null) ?? []).map((item) => ({
    ticket_type_id: String(item.ticket_type_id),
    ticket_type: String(item.ticket_type),
    kind: item.kind === 'product' ? ('product' as const) : ('admission' as const),
    quantity: Number(item.quantity),
    unit_price_cents: Number(item.unit_price_cents),
    discount_cents: Number(item.discount_cents),
  })),
  access_code:
    row.access_code === null || row.access_code === undefined ? null : String(row.access_code),
  sales_channel: row.box_office_method ? ('box_office' as const) : ('online' as const),
  box_office_method: boxOfficeMethod(row.box_office_method),
  // Shaped by the query (jsonb_build_object) in the API's names already.
  answers: (row.answers as V1OrderAnswer[] | null) ?? [],
  paid_at: iso(row.paid_at),
  created_at: iso(row.created_at) ?? '',
  updated_at: iso(row.updated_at) ?? '',
});

const boxOfficeMethod = (value: unknown): BoxOfficeMethod | null =>
  BOX_OFFICE_METHODS.find((method) => method === value) ?? null;

export const presentVendor = (row: Record<string, unknown>) => ({
  vendor_id: String(row.id),
  name: String(row.name ?? ''),
  status: String(row.status),
  payment_status: String(row.payment_status),
  // The fee is kept in dollars (numeric); the API speaks cents like every other amount.
  fee_cents:
    row.vendor_fee_amount === null || row.vendor_fee_amount === undefined
      ? null
      : Math.round(Number(row.vendor_fee_amount) * 100),
  paid_at: iso(row.paid_at),
  request_id: text(row.request_id),
  created_at: iso(row.created_at) ?? '',
  updated_at: iso(row.updated_at) ?? '',
});

export const presentAttendee = (row: Record<string, unknown>) => ({
  ticket_id: String(row.ticket_id),
  order_id: (row.order_id as string | null) ?? null,
  name: String(row.name),
  email: String(row.email),
  ticket_type: String(row.ticket_type),
  seat: (row.seat as string | null) ?? null,
  status: String(row.status),
  checked_in_at: iso(row.checked_in_at),
  created_at: iso(row.created_at) ?? '',
  answers: (row.answers as V1Answer[] | null) ?? [],
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
