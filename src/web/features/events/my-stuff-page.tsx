import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user)
    return (
      <PageBody>
        <PageHeader title={title} description={t`Upcoming public events.`} />
        <div className="flex flex-col gap-10">
          <SignInPrompt>
            <Trans>Sign in to see the events you created or follow.</Trans>
          </SignInPrompt>
          <PublicUpcoming title={t`Upcoming events`} />
        </div>
      </PageBody>
    );
  return (
    <PageBody>
      <PageHeader
        title={title}
        description={t`Events you created or whose organizers you follow.`}
      />
      <MyUpcomingPast />
    </PageBody>
  );
}
