import { Building2, CalendarDays, MessageSquare } from 'lucide-react';
import { AccountSummary } from '../../features/dashboard/account-summary';
import { EmptyPanel } from '../../features/dashboard/empty-panel';
import { QuickLinkGrid } from '../../features/dashboard/quick-link-grid';
import { quickLinks } from '../../features/dashboard/quick-links';
import { useSession } from '../../features/session/api';
import { paths } from '../../lib/paths';

/** /venue-dashboard: where venues land after signing in (spec §2). */
export function VenueDashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10">
      <AccountSummary user={user} title="Venue Dashboard" />
      <QuickLinkGrid links={quickLinks('venue').filter((l) => l.to !== '/venue-dashboard')} />
      <section aria-label="Your venue" className="grid gap-4 md:grid-cols-3">
        <EmptyPanel
          title="Upcoming bookings"
          icon={CalendarDays}
          message="No bookings yet. Events booked at your venue will appear here."
        />
        <EmptyPanel
          title="Your venue listing"
          icon={Building2}
          message="Your venue's public listing will be edited here once venue pages open."
          action={{ to: paths.profile(), label: 'Edit profile' }}
        />
        <EmptyPanel
          title="Unread messages"
          icon={MessageSquare}
          message="No unread messages. Enquiries from organizers will appear here."
          action={{ to: paths.messages(), label: 'Open messages' }}
        />
      </section>
    </div>
  );
}
