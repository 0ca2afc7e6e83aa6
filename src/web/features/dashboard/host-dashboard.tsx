import { useQuery } from '@tanstack/react-query';
import {
  ArrowRight,
  CalendarPlus,
  ClipboardList,
  DoorOpen,
  MessageSquare,
  Ticket,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Amount, HostDashboard, HostedEvent } from '../../../contracts/dashboard';
import { DASHBOARD_SALES_DAYS } from '../../../contracts/dashboard';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { formatMoney } from '../../lib/money';
import { paths } from '../../lib/paths';
import { formatCardDate, viewerTimeZone } from '../events';
import { hostDashboardQuery } from './api';
import { dayLabel } from './day-label';
import { HOST_TOOLS } from './host-tools';
import { nextActionLink } from './next-actions';
import { QuickLinkGrid } from './quick-link-grid';

// chart.js loads only when a dashboard with sales draws its chart.
const SalesChart = lazy(() => import('./sales-chart').then((m) => ({ default: m.SalesChart })));

const money = (amounts: readonly Amount[], none = '—') =>
  amounts.length ? amounts.map((a) => formatMoney(a.cents, a.currency)).join(' · ') : none;

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function NextActions({ board }: { board: HostDashboard }) {
  if (board.nextActions.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing waits for you. Well done.</p>;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {board.nextActions.map((action) => {
        const link = nextActionLink(action);
        return (
          <li key={`${action.kind}-${action.eventId ?? ''}`}>
            <Link
              to={link.to}
              className="group flex h-full items-center justify-between gap-3 rounded-lg border border-primary/40 bg-primary-soft p-4 shadow-sm transition-colors hover:border-primary"
            >
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold">{link.label}</span>
                <span className="text-sm break-words text-muted-foreground">{link.detail}</span>
              </span>
              <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-primary" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Figure({
  icon: Icon,
  label,
  value,
  to,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  to: string;
}) {
  const className =
    'flex h-full flex-col gap-1 rounded-lg border border-border bg-card p-4 shadow-sm hover:border-primary';
  const body = (
    <>
      <span className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </span>
      <span className="text-2xl font-bold break-words">{value}</span>
    </>
  );
  // A figure explained further down the page jumps there; the others open their page.
  return (
    <li>
      {to.startsWith('#') ? (
        <a href={to} className={className}>
          {body}
        </a>
      ) : (
        <Link to={to} className={className}>
          {body}
        </Link>
      )}
    </li>
  );
}

function Figures({ board }: { board: HostDashboard }) {
  return (
    <ul
      aria-label="At a glance"
      className="grid grid-cols-2 gap-3 lg:grid-cols-5 [&>li:last-child]:col-span-2 lg:[&>li:last-child]:col-span-1"
    >
      <Figure
        icon={CalendarPlus}
        label="Upcoming events"
        value={String(board.upcoming.total)}
        to={paths.myEvents()}
      />
      <Figure
        icon={Ticket}
        label={`Sold, last ${DASHBOARD_SALES_DAYS} days`}
        value={String(board.sales.tickets)}
        to="#sales-title"
      />
      <Figure
        icon={DoorOpen}
        label="Checked in today"
        value={String(board.checkIns.today)}
        to="#doors-title"
      />
      <Figure
        icon={ClipboardList}
        label="Vendor applications"
        value={String(board.vendorApplications.pending)}
        to="#applications-title"
      />
      <Figure
        icon={MessageSquare}
        label="Unread messages"
        value={String(board.messages.unread)}
        to={paths.messages()}
      />
    </ul>
  );
}

function Meter({ label, value, max }: { label: string; value: number; max: number }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
    </div>
  );
}

function EventRow({ event }: { event: HostedEvent }) {
  const sold =
    event.capacity === null ? `${event.sold} sold` : `${event.sold} of ${event.capacity} sold`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <Link to={paths.event(event.id)} className="font-semibold break-words hover:underline">
            {event.title}
          </Link>
          <span className="text-sm text-muted-foreground">
            {formatCardDate(event.startsAt, event.timezone)}
          </span>
        </div>
        {event.status === 'draft' ? <Badge variant="warning">Draft</Badge> : null}
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <span className="font-medium">{sold}</span>
          <span>Revenue {money(event.revenue)}</span>
        </div>
        {event.capacity ? (
          <Meter label={`${event.title}: tickets sold`} value={event.sold} max={event.capacity} />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          to={paths.eventTickets(event.id)}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          Tickets{event.ticketTypes === 0 ? ' (none yet)' : ''}
        </Link>
        <Link
          to={paths.eventCheckIn(event.id)}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          Check-in
        </Link>
        <Link
          to={paths.editEvent(event.id)}
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
        >
          Edit
        </Link>
      </div>
    </li>
  );
}

function UpcomingEvents({ board }: { board: HostDashboard }) {
  const { events, total } = board.upcoming;
  return (
    <Section
      id="upcoming-title"
      title="Upcoming events"
      action={
        total > events.length ? (
          <Link to={paths.myEvents()} className="text-sm font-medium text-primary hover:underline">
            See all {total}
          </Link>
        ) : null
      }
    >
      {events.length === 0 ? (
        <EmptyState icon={CalendarPlus} title="No upcoming events">
          <p className="text-sm text-muted-foreground">Create an event to start selling tickets.</p>
          <Link to={paths.createEvent()} className={buttonClasses({ size: 'sm' })}>
            Create an event
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {events.map((event) => (
            <EventRow key={event.id} event={event} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function Sales({ board }: { board: HostDashboard }) {
  const { days, tickets, revenue } = board.sales;
  const currencies = [...new Set(days.flatMap((d) => d.revenue.map((r) => r.currency)))].sort();
  const sold = days.filter((d) => d.tickets > 0 || d.revenue.length > 0);
  return (
    <Section id="sales-title" title={`Sales, last ${DASHBOARD_SALES_DAYS} days`}>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <p className="text-sm">
            <span className="font-semibold">{tickets}</span> tickets ·{' '}
            <span className="font-semibold">{money(revenue, 'no revenue')}</span>
          </p>
          {tickets === 0 && revenue.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No tickets sold in the last {DASHBOARD_SALES_DAYS} days.
            </p>
          ) : (
            <>
              <Suspense fallback={<Spinner label="Loading the chart" />}>
                <SalesChart days={days} />
              </Suspense>
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="mb-2 text-left text-sm font-semibold">
                    Days with sales
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col" className="px-2 py-1">
                        Day
                      </th>
                      <th scope="col" className="px-2 py-1 text-right">
                        Tickets
                      </th>
                      {currencies.map((c) => (
                        <th key={c} scope="col" className="px-2 py-1 text-right">
                          {c}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {sold.map((day) => (
                      <tr key={day.date} className="border-t border-border">
                        <th scope="row" className="px-2 py-1 font-normal">
                          {dayLabel(day.date)}
                        </th>
                        <td className="px-2 py-1 text-right">{day.tickets}</td>
                        {currencies.map((c) => (
                          <td key={c} className="px-2 py-1 text-right">
                            {formatMoney(day.revenue.find((r) => r.currency === c)?.cents ?? 0, c)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </Section>
  );
}

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card className="flex min-w-0 flex-col">
      <CardHeader>
        <CardTitle id={id} className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-2">{children}</CardContent>
    </Card>
  );
}

const quiet = (text: string) => <p className="text-sm text-muted-foreground">{text}</p>;

function Panels({ board }: { board: HostDashboard }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Panel id="doors-title" title="Today's check-ins">
        <p className="text-sm">
          <span className="text-2xl font-bold">{board.checkIns.today}</span> checked in today
        </p>
        {board.checkIns.events.length === 0
          ? quiet('None of your events runs today.')
          : board.checkIns.events.map((event) => (
              <Link
                key={event.id}
                to={paths.eventCheckIn(event.id)}
                className="flex flex-wrap items-center justify-between gap-2 text-sm hover:underline"
              >
                <span className="min-w-0 font-medium break-words">{event.title}</span>
                <span>
                  {event.checkedIn} of {event.sold} in
                </span>
              </Link>
            ))}
      </Panel>
      <Panel id="applications-title" title="Vendor applications">
        {board.vendorApplications.events.length === 0
          ? quiet('No applications waiting. Vendors who apply to your events appear here.')
          : board.vendorApplications.events.map((event) => (
              <Link
                key={event.id}
                to={`/vendor_requests/${encodeURIComponent(event.id)}`}
                className="flex flex-wrap items-center justify-between gap-2 text-sm hover:underline"
              >
                <span className="min-w-0 font-medium break-words">{event.title}</span>
                <Badge variant="warning">{event.pending} pending</Badge>
              </Link>
            ))}
      </Panel>
      <Panel id="messages-title" title="Unread messages">
        {board.messages.chats.length === 0
          ? quiet('No unread messages.')
          : board.messages.chats.map((chat) => (
              <Link
                key={chat.id}
                to={`/messages?chat=${encodeURIComponent(chat.id)}`}
                className="flex flex-col text-sm hover:underline"
              >
                <span className="flex justify-between gap-2 font-medium">
                  <span className="min-w-0 break-words">{chat.name}</span>
                  <Badge>{chat.unread >= 100 ? '99+' : chat.unread}</Badge>
                </span>
                {chat.preview ? (
                  <span className="truncate text-muted-foreground">{chat.preview}</span>
                ) : null}
              </Link>
            ))}
        <Link
          to={paths.messages()}
          className="mt-auto text-sm font-medium text-primary hover:underline"
        >
          Open messages
        </Link>
      </Panel>
    </div>
  );
}

/** The host dashboard's body: what an organizer or venue sees first after signing in. */
export function HostDashboardView() {
  const query = useQuery(hostDashboardQuery(viewerTimeZone()));
  if (query.isPending) return <Spinner label="Loading your dashboard" />;
  if (query.isError) {
    return (
      <LoadFailed
        title="Your dashboard could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const board = query.data;
  return (
    <>
      <Section id="next-title" title="Next actions">
        <NextActions board={board} />
      </Section>
      <Figures board={board} />
      <UpcomingEvents board={board} />
      <Sales board={board} />
      <Panels board={board} />
      <QuickLinkGrid links={[...HOST_TOOLS]} title="Your tools" />
    </>
  );
}
