import type {
  AdminEvent,
  AdminOrder,
  AdminUser,
  AdminUserDetail,
  AuditEntry,
} from '../../../contracts/admin';
import type { EventStatus } from '../../../contracts/events';
import type { Role, UserType } from '../../../contracts/enums';
import type { OrderStatus } from '../../../contracts/tickets';
import type { EventRow, getUserDetail, OrderRow, UserRow } from './admin.queries';
import type { AuditRow } from './audit.queries';

// Raw queries may hand back timestamps as Date or as text depending on the driver's parsers.
const iso = (value: Date | string) => new Date(value).toISOString();

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  actor: row.actorId ? { id: row.actorId, email: row.actorEmail ?? '(erased account)' } : null,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  details: row.details,
  requestId: row.requestId,
  createdAt: iso(row.createdAt),
});

export const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  email: row.email,
  fullName: row.fullName,
  userType: row.userType as UserType,
  roles: row.roles as Role[],
  confirmed: row.confirmed,
  suspended: row.suspended,
  createdAt: iso(row.createdAt),
});

type Detail = NonNullable<Awaited<ReturnType<typeof getUserDetail>>>;

export const toAdminUserDetail = (detail: Detail): AdminUserDetail => ({
  ...toAdminUser(detail.user),
  phone: detail.user.phone,
  businessName: detail.user.businessName,
  suspension: detail.user.suspendedAt
    ? { reason: detail.user.suspensionReason ?? '', suspendedAt: iso(detail.user.suspendedAt) }
    : null,
  events: detail.events.map((e) => ({ ...e, status: e.status as EventStatus })),
  orders: detail.orders.map((o) => ({
    ...o,
    status: o.status as OrderStatus,
    createdAt: iso(o.createdAt),
  })),
  ticketCount: detail.ticketCount,
  sessions: detail.sessions.map((s) => ({ ...s, lastSeenAt: iso(s.lastSeenAt) })),
  passkeys: detail.passkeys.map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
});

export const toAdminEvent = (row: EventRow): AdminEvent => ({
  id: row.id,
  title: row.title,
  status: row.status as EventStatus,
  startsAt: iso(row.startsAt),
  createdAt: iso(row.createdAt),
  organizer: { id: row.organizerId, name: row.organizerName, email: row.organizerEmail },
  ticketsSold: row.ticketsSold,
  featured: row.featured,
});

export const toAdminOrder = (row: OrderRow): AdminOrder => ({
  id: row.id,
  kind: row.kind as AdminOrder['kind'],
  status: row.status as OrderStatus,
  currency: row.currency,
  totalCents: row.totalCents,
  refundedCents: row.refundedCents,
  createdAt: iso(row.createdAt),
  buyer: { id: row.buyerId, name: row.buyerName, email: row.buyerEmail },
  eventTitle: row.eventTitle,
});

/** One CSV field: quoted when it holds a separator, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const ORDER_CSV_HEADER =
  'id,created_at,status,kind,currency,total,refunded,buyer_name,buyer_email,event\n';

export const orderCsvLine = (row: OrderRow) =>
  [
    row.id,
    iso(row.createdAt),
    row.status,
    row.kind,
    row.currency,
    (row.totalCents / 100).toFixed(2),
    (row.refundedCents / 100).toFixed(2),
    row.buyerName,
    row.buyerEmail,
    row.eventTitle,
  ]
    .map(csvField)
    .join(',') + '\n';
