import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LayoutDashboard, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { useUnreadCount } from '../notifications';
import { useSession } from '../session';
import { ActingForTeams } from '../teams';
import { MyTickets } from '../tickets';
import { AccountSummary } from './account-summary';
import { EmptyPanel } from './empty-panel';
import { hostDashboardPath } from './host-dashboard-path';
import { NextEventsPanel } from './next-events';
import { QuickLinkGrid } from './quick-link-grid';
import { quickLinks } from './quick-links';

/** /dashboard (signed in): the landing page of every account type (spec §2). */
export function DashboardPage() {
  const { user } = useSession();
  // The menu's Messages count, so the two never disagree.
  const unread = useUnreadCount({ type: 'message' });
  const { t } = useLingui();
  if (!user) return null; // RequireAuth renders this page only with a user.
  const host = hostDashboardPath(user.userType);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10">
      <AccountSummary user={user} title={t`Dashboard`} />
      {host ? (
        // Hosts come here for their own tickets; their events' numbers are on their dashboard.
        <p className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-primary-soft p-4 text-sm">
          <LayoutDashboard aria-hidden="true" className="size-5 text-primary" />
          <span className="flex-1">
            {user.userType === 'venue' ? (
              <Trans>
                Sales, check-ins and applications of your events are on your Venue Dashboard.
              </Trans>
            ) : (
              <Trans>
                Sales, check-ins and applications of your events are on your Organizer Dashboard.
              </Trans>
            )}
          </span>
          <Link to={host.to} className={buttonClasses({ size: 'sm' })}>
            {user.userType === 'venue' ? (
              <Trans>Open your Venue Dashboard</Trans>
            ) : (
              <Trans>Open your Organizer Dashboard</Trans>
            )}
          </Link>
        </p>
      ) : null}
      <ActingForTeams />
      <QuickLinkGrid links={quickLinks(user.userType)} />
      <MyTickets limit={5} />
      <section aria-label={t`Your activity`} className="grid gap-4 md:grid-cols-2">
        <NextEventsPanel />
        <EmptyPanel
          title={t`Unread messages`}
          icon={MessageSquare}
          message={
            unread
              ? t`You have ${plural(unread, { one: '# unread message', other: '# unread messages' })}.`
              : t`No unread messages. New messages from organizers and vendors will appear here.`
          }
          action={{ to: paths.messages(), label: t`Open messages` }}
        />
      </section>
    </div>
  );
}
