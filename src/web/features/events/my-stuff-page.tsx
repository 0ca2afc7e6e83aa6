import { PageBody, PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/ui/spinner';
import { MyUpcomingPast } from './my-upcoming-past';
import { useSession } from '../session';
import { PublicUpcoming, SignInPrompt } from './signed-out-preview';

/**
 * /mea-events and /mea-mystuff. Public in spec §2: signed out, upcoming public events and a
 * prompt to sign in for one's own.
 */
export function MyStuffPage({ title }: { title: string }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user)
    return (
      <PageBody>
        <PageHeader title={title} description="Upcoming public events." />
        <div className="flex flex-col gap-10">
          <SignInPrompt>Sign in to see the events you created or follow.</SignInPrompt>
          <PublicUpcoming title="Upcoming events" />
        </div>
      </PageBody>
    );
  return (
    <PageBody>
      <PageHeader title={title} description="Events you created or whose organizers you follow." />
      <MyUpcomingPast />
    </PageBody>
  );
}
