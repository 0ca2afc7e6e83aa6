import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
import { Suspense, type ReactNode } from 'react';
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
import { lazyPage } from '../../app/lazy-page';

// chart.js loads only when a dashboard with sales draws its chart.
const SalesChart = lazyPage(() => import('./sales-chart').then((m) => m.SalesChart));

const money = (amounts: readonly Amount[], none = '—') =>
  amounts.length ? amounts.map((a) => formatMoney(a.cents, a.currency)).join(' · ') : none;

// The whole "last N days" phrase is one message, so each language places the number itself.
const salesDays = DASHBOARD_SALES_DAYS;

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
  const { i18n } = useLingui();
  if (board.nextActions.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Nothing waits for you. Well done.</Trans>
      </p>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {board.nextActions.map((action) => {
        const link = nextActionLink(action, i18n);
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
              <ArrowRight
                aria-hidden="true"
                className="size-4 shrink-0 text-primary rtl:-scale-x-100"
              />
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
  const { t } = useLingui();
  return (
    <ul
      aria-label={t`At a glance`}
      className="grid grid-cols-2 gap-3 lg:grid-cols-5 [&>li:last-child]:col-span-2 lg:[&>li:last-child]:col-span-1"
    >
      <Figure
        icon={CalendarPlus}
        label={t`Upcoming events`}
        value={String(board.upcoming.total)}
        to={paths.myEvents()}
      />
      <Figure
        icon={Ticket}
        label={t`Sold, last ${salesDays} days`}
        value={String(board.sales.tickets)}
        to="#sales-title"
      />
      <Figure
        icon={DoorOpen}
        label={t`Checked in today`}
        value={String(board.checkIns.today)}
        to="#doors-title"
      />
      <Figure
        icon={ClipboardList}
        label={t`Vendor applications`}
        value={String(board.vendorApplications.pending)}
        to="#applications-title"
      />
      <Figure
        icon={MessageSquare}
        label={t`Unread messages`}
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
  const { t } = useLingui();
  const { sold: soldCount, capacity, title } = event;
  const sold = capacity === null ? t`${soldCount} sold` : t`${soldCount} of ${capacity} sold`;
  const revenue = money(event.revenue);
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
        {event.status === 'draft' ? (
          <Badge variant="warning">
            <Trans>Draft</Trans>
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <span className="font-medium">{sold}</span>
          <span>
            <Trans>Revenue {revenue}</Trans>
          </span>
        </div>
        {event.capacity ? (
          <Meter label={t`${title}: tickets sold`} value={event.sold} max={event.capacity} />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          to={paths.eventTickets(event.id)}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          {event.ticketTypes === 0 ? <Trans>Tickets (none yet)</Trans> : <Trans>Tickets</Trans>}
        </Link>
        <Link
          to={paths.eventCheckIn(event.id)}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          <Trans>Check-in</Trans>
        </Link>
        <Link
          to={paths.editEvent(event.id)}
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
        >
          <Trans>Edit</Trans>
        </Link>
      </div>
    </li>
  );
}

function UpcomingEvents({ board }: { board: HostDashboard }) {
  const { events, total } = board.upcoming;
  const { t } = useLingui();
  return (
    <Section
      id="upcoming-title"
      title={t`Upcoming events`}
      action={
        total > events.length ? (
          <Link to={paths.myEvents()} className="text-sm font-medium text-primary hover:underline">
            <Trans>See all {total}</Trans>
          </Link>
        ) : null
      }
    >
      {events.length === 0 ? (
        <EmptyState icon={CalendarPlus} title={t`No upcoming events`}>
          <p className="text-sm text-muted-foreground">
            <Trans>Create an event to start selling tickets.</Trans>
          </p>
          <Link to={paths.createEvent()} className={buttonClasses({ size: 'sm' })}>
            <Trans>Create an event</Trans>
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
  const { t } = useLingui();
  const amount = money(revenue, t`no revenue`);
  return (
    <Section id="sales-title" title={t`Sales, last ${salesDays} days`}>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <p className="text-sm">
            <Trans>
              <span className="font-semibold">
                <Plural value={tickets} one="# ticket" other="# tickets" />
              </span>{' '}
              · <span className="font-semibold">{amount}</span>
            </Trans>
          </p>
          {tickets === 0 && revenue.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>No tickets sold in the last {salesDays} days.</Trans>
            </p>
          ) : (
            <>
              <Suspense fallback={<Spinner label={t`Loading the chart`} />}>
                <SalesChart days={days} />
              </Suspense>
              <div className="overflow-x-auto">
                <table className="w-full text-start text-sm">
                  <caption className="mb-2 text-start text-sm font-semibold">
                    <Trans>Days with sales</Trans>
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col" className="px-2 py-1">
                        <Trans>Day</Trans>
                      </th>
                      <th scope="col" className="px-2 py-1 text-end">
                        <Trans>Tickets</Trans>
                      </th>
                      {currencies.map((c) => (
                        <th key={c} scope="col" className="px-2 py-1 text-end">
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
                        <td className="px-2 py-1 text-end">{day.tickets}</td>
                        {currencies.map((c) => (
                          <td key={c} className="px-2 py-1 text-end">
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
  const { t } = useLingui();
  const today = board.checkIns.today;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Panel id="doors-title" title={t`Today's check-ins`}>
        <p className="text-sm">
          <Trans>
            <span className="text-2xl font-bold">{today}</span> checked in today
          </Trans>
        </p>
        {board.checkIns.events.length === 0
          ? quiet(t`None of your events runs today.`)
          : board.checkIns.events.map(({ id, title, checkedIn, sold }) => (
              <Link
                key={id}
                to={paths.eventCheckIn(id)}
                className="flex flex-wrap items-center justify-between gap-2 text-sm hover:underline"
              >
                <span className="min-w-0 font-medium break-words">{title}</span>
                <span>
                  <Trans>
                    {checkedIn} of {sold} in
                  </Trans>
                </span>
              </Link>
            ))}
      </Panel>
      <Panel id="applications-title" title={t`Vendor applications`}>
        {board.vendorApplications.events.length === 0
          ? quiet(t`No applications waiting. Vendors who apply to your events appear here.`)
          : board.vendorApplications.events.map(({ id, title, pending }) => (
              <Link
                key={id}
                to={`/vendor_requests/${encodeURIComponent(id)}`}
                className="flex flex-wrap items-center justify-between gap-2 text-sm hover:underline"
              >
                <span className="min-w-0 font-medium break-words">{title}</span>
                <Badge variant="warning">
                  <Trans>{pending} pending</Trans>
                </Badge>
              </Link>
            ))}
      </Panel>
      <Panel id="messages-title" title={t`Unread messages`}>
        {board.messages.chats.length === 0
          ? quiet(t`No unread messages.`)
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
          <Trans>Open messages</Trans>
        </Link>
      </Panel>
    </div>
  );
}

/** The host dashboard's body: what an organizer or venue sees first after signing in. */
export function HostDashboardView() {
  const query = useQuery(hostDashboardQuery(viewerTimeZone()));
  const { t } = useLingui();
  if (query.isPending) return <Spinner label={t`Loading your dashboard`} />;
  if (query.isError) {
    return (
      <LoadFailed
        title={t`Your dashboard could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const board = query.data;
  return (
    <>
      <Section id="next-title" title={t`Next actions`}>
        <NextActions board={board} />
      </Section>
      <Figures board={board} />
      <UpcomingEvents board={board} />
      <Sales board={board} />
      <Panels board={board} />
      <QuickLinkGrid links={[...HOST_TOOLS]} title={t`Your tools`} />
    </>
  );
}
