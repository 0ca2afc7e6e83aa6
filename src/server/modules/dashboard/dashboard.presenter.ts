import type {
  Amount,
  DashboardSection,
  HostDashboard,
  HostedEvent,
  NextAction,
  SalesDay,
} from '../../../contracts/dashboard';
import type {
  DoorRow,
  EventRevenueRow,
  HostedEventRow,
  HostSetupRow,
  PendingApplicationsRow,
  SalesBucketRow,
  UnreadChatRow,
} from './dashboard.queries';

const iso = (value: Date | string) => new Date(value).toISOString();
const int = (value: number | string | null) => Number(value ?? 0);

/** Amounts per currency, largest first, without the currencies that came to nothing. */
function amounts(rows: readonly { currency: string; cents: number | string }[]): Amount[] {
  const byCurrency = new Map<string, number>();
  for (const row of rows) {
    byCurrency.set(row.currency, (byCurrency.get(row.currency) ?? 0) + int(row.cents));
  }
  return [...byCurrency]
    .filter(([, cents]) => cents !== 0)
    .map(([currency, cents]) => ({ currency, cents }))
    .sort((a, b) => b.cents - a.cents || a.currency.localeCompare(b.currency));
}

export function presentHostedEvent(
  row: HostedEventRow,
  revenue: readonly EventRevenueRow[],
): HostedEvent {
  const typeQuantity = row.type_quantity === null ? null : int(row.type_quantity);
  return {
    id: row.id,
    title: row.title,
    status: row.event_status,
    startsAt: iso(row.starts_at),
    endsAt: row.ends_at ? iso(row.ends_at) : null,
    timezone: row.timezone,
    sold: row.sold,
    // What can be sold: the event's cap, else what its ticket types put on sale.
    capacity: row.capacity ?? typeQuantity,
    checkedIn: row.checked_in,
    ticketTypes: row.ticket_types,
    revenue: amounts(revenue.filter((r) => r.event_id === row.id)),
  };
}

/** One entry per day (empty days included), from the buckets of `findSalesByDay`. */
export function presentSalesDays(
  dates: readonly string[],
  buckets: readonly SalesBucketRow[],
): SalesDay[] {
  return dates.map((date, i) => {
    // width_bucket numbers the first day 1.
    const rows = buckets.filter((b) => int(b.bucket) === i + 1);
    return {
      date,
      tickets: rows.reduce((sum, r) => sum + int(r.tickets), 0),
      revenue: amounts(rows),
    };
  });
}

/** What the host should do next, most blocking first (the dashboard links each one). */
export function nextActions(input: {
  setup: HostSetupRow;
  applications: readonly PendingApplicationsRow[];
  unread: number;
}): NextAction[] {
  const { setup, applications, unread } = input;
  const actions: NextAction[] = [];
  if (setup.events === 0) {
    actions.push({ kind: 'create_event', eventId: null, eventTitle: null, count: 1 });
  }
  if (setup.draft_id) {
    actions.push({
      kind: 'publish_draft',
      eventId: setup.draft_id,
      eventTitle: setup.draft_title,
      count: 1,
    });
  }
  if (setup.untyped_id) {
    actions.push({
      kind: 'add_ticket_type',
      eventId: setup.untyped_id,
      eventTitle: setup.untyped_title,
      count: 1,
    });
  }
  const first = applications[0];
  if (first) {
    actions.push({
      kind: 'answer_vendor_applications',
      // The event with the most waiting; the dashboard lists the others.
      eventId: first.id,
      eventTitle: first.title,
      count: first.total,
    });
  }
  if (unread > 0) {
    actions.push({ kind: 'reply_to_messages', eventId: null, eventTitle: null, count: unread });
  }
  return actions;
}

/** The section a next action belongs to: a member sees the actions of the sections they see. */
const ACTION_SECTION: Record<NextAction['kind'], DashboardSection> = {
  create_event: 'setup',
  publish_draft: 'setup',
  add_ticket_type: 'setup',
  answer_vendor_applications: 'vendorApplications',
  reply_to_messages: 'messages',
};

export function presentDashboard(input: {
  timeZone: string;
  today: string;
  upcoming: readonly HostedEventRow[];
  revenue: readonly EventRevenueRow[];
  dates: readonly string[];
  buckets: readonly SalesBucketRow[];
  checkInsToday: number;
  doors: readonly DoorRow[];
  applications: readonly PendingApplicationsRow[];
  chats: readonly UnreadChatRow[];
  setup: HostSetupRow;
  sections: readonly DashboardSection[];
}): HostDashboard {
  const days = presentSalesDays(input.dates, input.buckets);
  const unread = input.chats[0]?.total ?? 0;
  return {
    timeZone: input.timeZone,
    today: input.today,
    upcoming: {
      total: input.upcoming[0]?.total ?? 0,
      events: input.upcoming.map((row) => presentHostedEvent(row, input.revenue)),
    },
    sales: {
      days,
      tickets: days.reduce((sum, d) => sum + d.tickets, 0),
      revenue: amounts(days.flatMap((d) => d.revenue)),
    },
    checkIns: {
      today: input.checkInsToday,
      events: input.doors.map((d) => ({
        id: d.id,
        title: d.title,
        checkedIn: d.checked_in,
        sold: d.sold,
      })),
    },
    vendorApplications: {
      pending: input.applications[0]?.total ?? 0,
      events: input.applications.map((a) => ({ id: a.id, title: a.title, pending: a.pending })),
    },
    messages: {
      unread,
      chats: input.chats.map((c) => ({
        id: c.id,
        name: c.name,
        preview: c.preview,
        at: c.at ? iso(c.at) : null,
        unread: c.unread,
      })),
    },
    nextActions: nextActions({
      setup: input.setup,
      applications: input.applications,
      unread,
    }).filter((action) => input.sections.includes(ACTION_SECTION[action.kind])),
    sections: [...input.sections],
  };
}
