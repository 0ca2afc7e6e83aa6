import { Trans, useLingui } from '@lingui/react/macro';
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
import { Link } from 'react-router';
import type { DashboardSection, HostDashboard } from '../../../contracts/dashboard';
import { LoadFailed } from '../../components/query-states';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { viewerTimeZone } from '../events';
import { isActingForTeam } from '../teams';
import { hostDashboardQuery } from './api';
import { DashboardPanels } from './dashboard-panels';
import { salesDays, Section } from './dashboard-section';
import { HOST_TOOLS } from './host-tools';
import { nextActionLink } from './next-actions';
import { QuickLinkGrid } from './quick-link-grid';
import { SalesSection } from './sales-section';
import { UpcomingEvents } from './upcoming-events';

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
  const shows = (section: DashboardSection) => board.sections.includes(section);
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
      {shows('sales') ? (
        <Figure
          icon={Ticket}
          label={t`Sold, last ${salesDays} days`}
          value={String(board.sales.tickets)}
          to="#sales-title"
        />
      ) : null}
      {shows('checkIns') ? (
        <Figure
          icon={DoorOpen}
          label={t`Checked in today`}
          value={String(board.checkIns.today)}
          to="#doors-title"
        />
      ) : null}
      {shows('vendorApplications') ? (
        <Figure
          icon={ClipboardList}
          label={t`Vendor applications`}
          value={String(board.vendorApplications.pending)}
          to="#applications-title"
        />
      ) : null}
      {shows('messages') ? (
        <Figure
          icon={MessageSquare}
          label={t`Unread messages`}
          value={String(board.messages.unread)}
          to={paths.messages()}
        />
      ) : null}
    </ul>
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
  // A team member switched to the owner's account sees the sections their role opens; the
  // owner's own tools (billing, the team, messages) stay the owner's.
  const acting = isActingForTeam();
  return (
    <>
      <Section id="next-title" title={t`Next actions`}>
        <NextActions board={board} />
      </Section>
      <Figures board={board} />
      <UpcomingEvents board={board} />
      {board.sections.includes('sales') ? <SalesSection board={board} /> : null}
      <DashboardPanels board={board} />
      {acting ? null : <QuickLinkGrid links={[...HOST_TOOLS]} title={t`Your tools`} />}
    </>
  );
}
