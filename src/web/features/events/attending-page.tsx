import { Trans, useLingui } from '@lingui/react/macro';
import { PageBody, PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/ui/spinner';
import { MyUpcomingPast } from './my-upcoming-past';
import { useSession } from '../session';
import { MyTickets } from '../tickets';
import { MyWaitlistPlaces } from '../waitlist';
import { PublicUpcoming, SignInPrompt } from './signed-out-preview';

/**
 * /attending and /mea-attending: my tickets (upcoming first), then events I follow. Public in
 * spec §2: signed out, who is going to upcoming public events, and a prompt to sign in.
 */
export function AttendingPage() {
  const { t } = useLingui();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user)
    return (
      <PageBody>
        <PageHeader title={t`Attending`} description={t`Who is going to upcoming events.`} />
        <div className="flex flex-col gap-10">
          <SignInPrompt>
            <Trans>Sign in to see your tickets and the events you follow.</Trans>
          </SignInPrompt>
          <PublicUpcoming title={t`Upcoming events`} />
        </div>
      </PageBody>
    );
  return (
    <PageBody>
      <PageHeader title={t`Attending`} description={t`Your tickets, upcoming events first.`} />
      <div className="flex flex-col gap-10">
        <MyTickets title={t`Your tickets`} />
        <MyWaitlistPlaces />
        <section aria-labelledby="created-or-followed" className="flex flex-col gap-3">
          <h2 id="created-or-followed" className="text-xl font-bold">
            <Trans>Events you created or follow</Trans>
          </h2>
          <MyUpcomingPast />
        </section>
      </div>
    </PageBody>
  );
}
