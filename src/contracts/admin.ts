import { z } from 'zod';
import { RatingsByTypeSchema } from './ratings';
import { INT4_MAX, isoDate } from './bounds';
import { ROLES, USER_TYPES } from './enums';
import { EVENT_STATUSES } from './events';
import { CURRENCIES, ORDER_KINDS, ORDER_STATUSES } from './tickets';

// The admin and moderation console (spec §2 "Admin area", §6).

const page = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};
const searchText = z.string().trim().max(200).optional();
const sortDir = z.enum(['asc', 'desc']).default('desc');
const flag = z.enum(['true', 'false']).optional();

// ---------- users ----------

export const USER_STATUSES = ['active', 'suspended'] as const;
export const USER_SORTS = ['created', 'email', 'name'] as const;

export const AdminUserQuerySchema = z.object({
  ...page,
  q: searchText,
  type: z.enum(USER_TYPES).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  confirmed: flag,
  createdFrom: isoDate().optional(),
  createdTo: isoDate().optional(),
  sort: z.enum(USER_SORTS).default('created'),
  dir: sortDir,
});
export type AdminUserQuery = z.infer<typeof AdminUserQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  userType: z.enum(USER_TYPES),
  roles: z.array(z.enum(ROLES)),
  confirmed: z.boolean(),
  suspended: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserPageSchema = z.object({
  rows: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

export const AdminUserDetailSchema = AdminUserSchema.extend({
  phone: z.string().nullable(),
  businessName: z.string().nullable(),
  suspension: z.object({ reason: z.string(), suspendedAt: z.string() }).nullable(),
  events: z.array(z.object({ id: z.uuid(), title: z.string(), status: z.enum(EVENT_STATUSES) })),
  orders: z.array(
    z.object({
      id: z.uuid(),
      status: z.enum(ORDER_STATUSES),
      totalCents: z.number().int(),
      currency: z.string(),
      createdAt: z.string(),
    }),
  ),
  ticketCount: z.number().int(),
  sessions: z.array(
    z.object({ id: z.uuid(), userAgent: z.string().nullable(), lastSeenAt: z.string() }),
  ),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string() })),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const RoleChangeSchema = z.object({
  role: z.enum(ROLES, { error: 'Choose admin, blog_admin or moderator' }),
  granted: z.boolean({ error: 'Say whether the role is granted (true) or revoked (false)' }),
});
export type RoleChange = z.infer<typeof RoleChangeSchema>;

export const SuspendSchema = z.object({
  reason: z.string().trim().max(500).default(''),
});

/** What a suspended person is told when they try to sign in. */
export const SUSPENDED_MESSAGE =
  'This account is suspended. Please contact support if you think this is a mistake.';
export const LAST_ADMIN_MESSAGE = 'You cannot remove your own admin role: you are the last admin.';
export const SELF_SUSPEND_MESSAGE = 'You cannot suspend your own account.';
export const SELF_ERASE_MESSAGE = 'You cannot delete your own account from the console.';
export const LAST_ADMIN_ERASE_MESSAGE =
  'This is the last admin: grant admin to someone else first.';
export const ALREADY_CONFIRMED_MESSAGE = 'This email address is already confirmed.';
export const ERASED_MESSAGE = 'This account was deleted.';

/** Deleting an account: the admin types its email address to confirm they mean this one. */
export const EraseAccountSchema = z.object({
  confirmEmail: z
    .string({ error: 'Type the account’s email address to confirm' })
    .trim()
    .min(1, { error: 'Type the account’s email address to confirm' })
    .max(320),
});

// ---------- events ----------

export const EVENT_SORTS = ['created', 'starts', 'title'] as const;

export const AdminEventQuerySchema = z.object({
  ...page,
  q: searchText,
  status: z.enum(EVENT_STATUSES).optional(),
  featured: flag,
  sort: z.enum(EVENT_SORTS).default('created'),
  dir: sortDir,
});
export type AdminEventQuery = z.infer<typeof AdminEventQuerySchema>;

export const AdminEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(EVENT_STATUSES),
  startsAt: z.string(),
  createdAt: z.string(),
  organizer: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  ticketsSold: z.number().int(),
  featured: z.boolean(),
});
export type AdminEvent = z.infer<typeof AdminEventSchema>;

export const AdminEventPageSchema = z.object({
  rows: z.array(AdminEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminEventPage = z.infer<typeof AdminEventPageSchema>;

/** Cancelling from the console: the reason goes to the ticket holders' notification. */
export const AdminCancelEventSchema = z.object({
  reason: z.string().trim().max(300, { error: 'Keep the reason under 300 characters' }).default(''),
});
export const CancelledSchema = z.object({ notified: z.number().int() });

export const EVENT_MODERATIONS = ['unpublish', 'republish', 'feature', 'unfeature'] as const;
export type EventModeration = (typeof EVENT_MODERATIONS)[number];
export const EventModerationSchema = z.object({
  action: z.enum(EVENT_MODERATIONS, {
    error: 'Choose unpublish, republish, feature or unfeature',
  }),
});

// ---------- orders ----------

export const ORDER_SORTS = ['created', 'total'] as const;

export const AdminOrderQuerySchema = z.object({
  ...page,
  /** Buyer email or name, event title, or an order id. */
  q: searchText,
  status: z.enum(ORDER_STATUSES).optional(),
  kind: z.enum(ORDER_KINDS).optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
  minCents: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
  maxCents: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
  sort: z.enum(ORDER_SORTS).default('created'),
  dir: sortDir,
});
export type AdminOrderQuery = z.infer<typeof AdminOrderQuerySchema>;

export const AdminOrderSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  createdAt: z.string(),
  buyer: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  eventTitle: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderPageSchema = z.object({
  rows: z.array(AdminOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>;

export const AdminRefundSchema = z.object({
  /** Leave out for a full refund of what is left. */
  amountCents: z.number().int().min(1).max(INT4_MAX).optional(),
  reason: z.string().trim().max(500).optional(),
});

// ---------- overview ----------

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  actor: z.object({ id: z.uuid(), email: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const OverviewQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});

const figure = z.object({ current: z.number(), previous: z.number() });
export const OverviewSchema = z.object({
  days: z.number().int(),
  newUsers: figure,
  activeEvents: z.number().int(),
  ticketsSold: figure,
  grossSales: z.array(
    z.object({ currency: z.string(), currentCents: z.number(), previousCents: z.number() }),
  ),
  refunds: z.array(
    z.object({ currency: z.string(), currentCents: z.number(), previousCents: z.number() }),
  ),
  /** Paid orders per day over the period, per currency (cents). */
  salesByDay: z.array(
    z.object({ day: z.string(), currency: z.string(), cents: z.number(), orders: z.number() }),
  ),
  recentActivity: z.array(AuditEntrySchema),
});
export type Overview = z.infer<typeof OverviewSchema>;

// ---------- settings ----------

export const SiteSettingsSchema = z.object({
  siteName: z.string().trim().min(1, { error: 'Enter the site name' }).max(80),
  contactEmail: z.email({ error: 'Enter a valid email address' }).max(200),
  contactPhone: z.string().trim().min(1, { error: 'Enter a phone number' }).max(40),
  defaultCurrency: z.enum(CURRENCIES, { error: 'Choose a supported currency' }),
  /** Platform fee on ticket sales, in basis points (250 = 2.5%). */
  platformFeeBps: z
    .number({ error: 'Enter the fee as a number' })
    .int()
    .min(0, { error: 'The fee cannot be negative' })
    .max(5000, { error: 'The fee can be at most 50%' }),
  registrationOpen: z.boolean(),
  vendorApplicationsOpen: z.boolean(),
  maintenanceBanner: z.string().trim().max(300),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
export const SiteSettingsPatchSchema = SiteSettingsSchema.partial();

// ---------- audit ----------

export const AuditQuerySchema = z.object({
  ...page,
  action: z.string().trim().max(100).optional(),
  targetType: z.string().trim().max(50).optional(),
  actorId: z.uuid({ error: 'Not a valid user id' }).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  rows: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

// ---------- global search ----------

export const AdminSearchQuerySchema = z.object({
  q: z.string().trim().min(1, { error: 'Type something to search for' }).max(200),
});
export const AdminSearchSchema = z.object({
  users: z.array(z.object({ id: z.uuid(), email: z.string(), fullName: z.string() })),
  events: z.array(z.object({ id: z.uuid(), title: z.string() })),
  orders: z.array(z.object({ id: z.uuid(), buyerEmail: z.string(), totalCents: z.number() })),
});
export type AdminSearch = z.infer<typeof AdminSearchSchema>;

// ---------- reports (users flag content; moderators review the queue) ----------

/** What can be reported: the kinds that exist today (blog comments have no table yet). */
export const REPORT_TARGETS = ['event', 'message', 'user', 'event_feedback', 'ride'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_REASONS = [
  'spam',
  'scam',
  'harassment',
  'hate',
  'violence',
  'sexual',
  'impersonation',
  'misleading',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  scam: 'Scam or fraud',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  violence: 'Violence or threats',
  sexual: 'Sexual content',
  impersonation: 'Impersonation',
  misleading: 'Misleading or false',
  other: 'Something else',
};
export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const CreateReportSchema = z.object({
  targetType: z.enum(REPORT_TARGETS, { error: 'Choose what you are reporting' }),
  targetId: z.uuid({ error: 'Not a valid id' }),
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  details: z
    .string()
    .trim()
    .max(1000, { error: 'Keep the details under 1000 characters' })
    .default(''),
});
export type CreateReport = z.input<typeof CreateReportSchema>;
export const REPORT_DUPLICATE_MESSAGE = 'You already reported this; a moderator will look at it.';

export const ReportCreatedSchema = z.object({ id: z.uuid(), status: z.enum(REPORT_STATUSES) });

export const ReportQuerySchema = z.object({
  ...page,
  status: z.enum(REPORT_STATUSES).default('open'),
  targetType: z.enum(REPORT_TARGETS).optional(),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/** What the moderator sees of the reported thing (null when it was deleted since). */
export const ReportPreviewSchema = z.object({
  title: z.string(),
  text: z.string(),
  /** The person responsible: the organizer, sender, author or the reported profile itself. */
  author: z.object({ id: z.uuid(), name: z.string(), suspended: z.boolean() }).nullable(),
  /** Whether the thing is currently off the site (unpublished event, hidden comment…). */
  hidden: z.boolean(),
  /** A link to see it in context, when there is a page for it. */
  href: z.string().nullable(),
});
export type ReportPreview = z.infer<typeof ReportPreviewSchema>;

export const REPORT_ACTIONS = ['dismiss', 'hide', 'suspend_author'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const ReportSchema = z.object({
  id: z.uuid(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  reporter: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Open reports on the same target, this one included. */
  openOnTarget: z.number().int(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  resolution: z.string().nullable(),
  preview: ReportPreviewSchema.nullable(),
  /** The actions the queue offers for this kind of target. */
  actions: z.array(z.enum(REPORT_ACTIONS)),
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportPageSchema = z.object({
  rows: z.array(ReportSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportPage = z.infer<typeof ReportPageSchema>;

export const ReportActionSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: 'Choose dismiss, hide or suspend_author' }),
  note: z.string().trim().max(500).default(''),
});
export type ReportActionBody = z.input<typeof ReportActionSchema>;

// ---------- analytics breakdowns ----------

export const AnalyticsSchema = z.object({
  days: z.number().int(),
  /** Ticket revenue of paid orders in the period by event category (line totals, cents). */
  revenueByCategory: z.array(
    z.object({
      category: z.string(),
      currency: z.string(),
      cents: z.number(),
      tickets: z.number().int(),
    }),
  ),
  /** Accounts created in the period by account type. */
  signupsByType: z.array(z.object({ userType: z.string(), count: z.number().int() })),
  /** Events by tickets issued in the period (top 10). */
  topEvents: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      tickets: z.number().int(),
      cents: z.number(),
      currency: z.string(),
    }),
  ),
  /** Vendors by fees paid to take part in events in the period (top 10). */
  topVendors: z.array(
    z.object({ id: z.uuid(), name: z.string(), orders: z.number().int(), cents: z.number() }),
  ),
  /**
   * From event page views to paid ticket orders in the period: the totals over every event, and
   * the 10 most viewed events with their orders.
   */
  conversion: z.object({
    views: z.number().int(),
    orders: z.number().int(),
    events: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        views: z.number().int(),
        orders: z.number().int(),
      }),
    ),
  }),
  /** Experience ratings (spec §2 dialog, 1-10) given in the period, per rating type. */
  ratingsByType: RatingsByTypeSchema,
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

/** `POST /api/event-views`: the event page reports one view (browsers: once per event a day). */
export const EventViewSchema = z.object({ eventId: z.uuid({ error: 'Not a valid event id' }) });

// ---------- ownership transfer ----------

/** Moving an event to another organizer (or venue) from /admin/events. */
export const TransferEventSchema = z.object({
  toUserId: z.uuid({ error: 'Choose the new owner' }),
  reason: z.string().trim().max(300, { error: 'Keep the reason under 300 characters' }).default(''),
});
export type TransferEvent = z.input<typeof TransferEventSchema>;
export const TransferredSchema = z.object({
  eventId: z.uuid(),
  from: z.object({ id: z.uuid(), name: z.string() }),
  to: z.object({ id: z.uuid(), name: z.string() }),
});
