import { PageBody, PageHeader } from '../../components/page-header';
import { MyUpcomingPast } from '../../features/events/my-upcoming-past';
import { MyTickets } from '../../features/tickets/my-tickets';

/** /attending and /mea-attending: my tickets (upcoming first), then events I follow. */
export function AttendingPage() {
  return (
    <PageBody>
      <PageHeader title="Attending" description="Your tickets, upcoming events first." />
      <div className="flex flex-col gap-10">
        <MyTickets title="Your tickets" />
        <section aria-label="Events you created or follow" className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">Events you created or follow</h2>
          <MyUpcomingPast />
        </section>
      </div>
    </PageBody>
  );
}
