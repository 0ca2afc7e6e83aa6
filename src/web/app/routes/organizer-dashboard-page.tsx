import { CalendarPlus, Ticket } from 'lucide-react';
import { AccountSummary } from '../../features/dashboard/account-summary';
import { EmptyPanel } from '../../features/dashboard/empty-panel';
import { QuickLinkGrid } from '../../features/dashboard/quick-link-grid';
import { quickLinks } from '../../features/dashboard/quick-links';
import { useSession } from '../../features/session/api';
import { VendorApplicationsPanel } from '../../features/vendors/vendor-applications-panel';
import { paths } from '../../lib/paths';

/** /organizer-dashboard: where organizers land after signing in (spec §2). */
export function OrganizerDashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10">
      <AccountSummary user={user} title="Organizer Dashboard" />
      <QuickLinkGrid links={quickLinks('organizer')} />
      <section aria-label="Your events" className="grid gap-4 md:grid-cols-3">
        <EmptyPanel
          title="Your upcoming events"
          icon={CalendarPlus}
          message="You have not published an event yet. Create one to start selling tickets."
          action={{ to: paths.createEvent(), label: 'Create an event' }}
        />
        <EmptyPanel
          title="Ticket sales"
          icon={Ticket}
          message="No ticket sales yet. Sales of your events will be summed up here."
        />
        <VendorApplicationsPanel />
      </section>
    </div>
  );
}
