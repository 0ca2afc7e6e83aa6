import { PageBody, PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/ui/spinner';
import { MyUpcomingPast } from './my-upcoming-past';
import { useSession } from '../session';
import { MyTickets } from '../tickets';
import { PublicUpcoming, SignInPrompt } from './signed-out-preview';

/**
 * /attending and /mea-attending: my tickets (upcoming first), then events I follow. Public in
 * spec §2: signed out, who is going to upcoming public events, and a prompt to sign in.
 */
export function AttendingPage() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user)
    return (
      <PageBody>
        <PageHeader title="Attending" description="Who is going to upcoming events." />
        <div className="flex flex-col gap-10">
          <SignInPrompt>Sign in to see your tickets and the events you follow.</SignInPrompt>
          <PublicUpcoming title="Upcoming events" />
        </div>
      </PageBody>
    );
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
