import { z } from 'zod';
import { EVENT_STATUSES } from './events';

// The host dashboard (/organizer-dashboard and /venue-dashboard, spec §2): what an organizer or
// a venue sees first, counted from the rows themselves (tickets, paid orders, applications,
// messages), never from the events' running counters.

/** How many days the sales chart covers, today included. */
export const DASHBOARD_SALES_DAYS = 30;
/** How many upcoming events, applications' events and conversations the dashboard lists. */
export const DASHBOARD_LIST_LIMIT = 6;

export const DASHBOARD_MESSAGES = {
  timeZone: 'Please choose a valid time zone',
  forbidden: 'Only organizers and venues have a host dashboard',
} as const;

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const HostDashboardQuerySchema = z.object({
  /** The viewer's zone: "today" and the chart's days are the viewer's calendar days. */
  timeZone: z
    .string()
    .trim()
    .max(64, { error: DASHBOARD_MESSAGES.timeZone })
    .refine(isTimeZone, { error: DASHBOARD_MESSAGES.timeZone })
    .default('UTC'),
});
export type HostDashboardQuery = z.infer<typeof HostDashboardQuerySchema>;

/** An amount in one currency (integer cents). */
export const AmountSchema = z.object({ currency: z.string(), cents: z.number().int() });
export type Amount = z.infer<typeof AmountSchema>;

export const HostedEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(EVENT_STATUSES),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  timezone: z.string(),
  /** Tickets issued and not refunded (valid or checked in). */
  sold: z.number().int(),
  /** The event's capacity, else the sum of its ticket types' quantities; null when unlimited. */
  capacity: z.number().int().nullable(),
  checkedIn: z.number().int(),
  ticketTypes: z.number().int(),
  /** Paid ticket orders' lines for this event, less the refunded share, per currency. */
  revenue: z.array(AmountSchema),
});
export type HostedEvent = z.infer<typeof HostedEventSchema>;

export const SalesDaySchema = z.object({
  /** The viewer's calendar day, YYYY-MM-DD. */
  date: z.string(),
  tickets: z.number().int(),
  revenue: z.array(AmountSchema),
});
export type SalesDay = z.infer<typeof SalesDaySchema>;

export const NEXT_ACTION_KINDS = [
  'create_event',
  'publish_draft',
  'add_ticket_type',
  'answer_vendor_applications',
  'reply_to_messages',
] as const;
export type NextActionKind = (typeof NEXT_ACTION_KINDS)[number];

export const NextActionSchema = z.object({
  kind: z.enum(NEXT_ACTION_KINDS),
  /** The event the action is about (none for creating one or replying to messages). */
  eventId: z.uuid().nullable(),
  eventTitle: z.string().nullable(),
  /** How many things wait (applications, unread messages); 1 otherwise. */
  count: z.number().int(),
});
export type NextAction = z.infer<typeof NextActionSchema>;

/**
 * The parts of the dashboard: upcoming events (with their door counts), sales (the chart and
 * each event's revenue), today's check-ins, vendor applications, messages, and setting events up
 * (the next actions to create, publish or add tickets).
 */
export const DASHBOARD_SECTIONS = [
  'events',
  'sales',
  'checkIns',
  'vendorApplications',
  'messages',
  'setup',
] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

export const HostDashboardSchema = z.object({
  timeZone: z.string(),
  /** The viewer's today, YYYY-MM-DD. */
  today: z.string(),
  upcoming: z.object({
    /** All upcoming hosted events (drafts included); `events` lists the first few, soonest first. */
    total: z.number().int(),
    events: z.array(HostedEventSchema),
  }),
  sales: z.object({
    /** One entry per day, oldest first, DASHBOARD_SALES_DAYS of them, empty days included. */
    days: z.array(SalesDaySchema),
    tickets: z.number().int(),
    revenue: z.array(AmountSchema),
  }),
  checkIns: z.object({
    /** Tickets of the host's events checked in during the viewer's today. */
    today: z.number().int(),
    /** The hosted events happening today, with their doors' progress. */
    events: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        checkedIn: z.number().int(),
        sold: z.number().int(),
      }),
    ),
  }),
  vendorApplications: z.object({
    pending: z.number().int(),
    events: z.array(z.object({ id: z.uuid(), title: z.string(), pending: z.number().int() })),
  }),
  messages: z.object({
    /** Unread messages from others in the host's conversations. */
    unread: z.number().int(),
    chats: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        preview: z.string().nullable(),
        at: z.string().nullable(),
        unread: z.number().int(),
      }),
    ),
  }),
  nextActions: z.array(NextActionSchema),
  /**
   * The sections the viewer may see: all of them on their own account; a team member switched
   * to the owner's account (decision 073) sees the owner's events in their scope and the sections
   * their role opens, the others answering empty.
   */
  sections: z.array(z.enum(DASHBOARD_SECTIONS)),
});
export type HostDashboard = z.infer<typeof HostDashboardSchema>;
