import { CalendarDays, MessageSquare } from 'lucide-react';
import { AccountSummary } from '../../features/dashboard/account-summary';
import { EmptyPanel } from '../../features/dashboard/empty-panel';
import { QuickLinkGrid } from '../../features/dashboard/quick-link-grid';
import { quickLinks } from '../../features/dashboard/quick-links';
import { useSession } from '../../features/session/api';
import { MyTickets } from '../../features/tickets/my-tickets';
import { paths } from '../../lib/paths';

/** /dashboard (signed in): the landing page of every account type (spec §2). */
export function DashboardPage() {
  const { user } = useSession();
  if (!user) return null; // RequireAuth renders this page only with a user.
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10">
      <AccountSummary user={user} title="Dashboard" />
      <QuickLinkGrid links={quickLinks(user.userType)} />
      <MyTickets limit={5} />
      <section aria-label="Your activity" className="grid gap-4 md:grid-cols-2">
        <EmptyPanel
          title="Your next events"
          icon={CalendarDays}
          message="You have no upcoming events. Events you register for will appear here."
          action={{ to: paths.events(), label: 'Browse events' }}
        />
        <EmptyPanel
          title="Unread messages"
          icon={MessageSquare}
          message="No unread messages. New messages from organizers and vendors will appear here."
          action={{ to: paths.messages(), label: 'Open messages' }}
        />
      </section>
    </div>
  );
}
