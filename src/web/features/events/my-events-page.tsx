import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { PageBody, PageHeader } from '../../components/page-header';
import { ROLE_PERMISSIONS } from '../../../contracts/teams';
import { useActingFor } from '../teams';
import { MyEventsList } from './my-events-list';
import { paths } from '../../lib/paths';

export function MyEventsPage() {
  const { t } = useLingui();
  const { team, isLoading } = useActingFor();
  // Switched to a team, wait for the role: the list offers only what it opens.
  if (isLoading) return <PageSpinner />;
  if (team) {
    // Switched to a team: the owner's events the member works on (the server lists only those).
    const owner = team.ownerName;
    const canCreate = team.allEvents && ROLE_PERMISSIONS[team.role].includes('event.edit');
    return (
      <PageBody>
        <PageHeader
          title={t`My Events`}
          description={t`The events of ${owner}'s account you work on.`}
          actions={
            canCreate ? (
              <Link to={paths.createEvent()} className={buttonClasses()}>
                <Plus aria-hidden="true" className="size-4" />
                <Trans>Create event</Trans>
              </Link>
            ) : null
          }
        />
        <MyEventsList team={team} />
      </PageBody>
    );
  }
  return (
    <PageBody>
      <PageHeader
        title={t`My Events`}
        description={t`Every event you created, with its status and sales.`}
        actions={
          <>
            <Link to={paths.advancedEvents()} className={buttonClasses({ variant: 'outline' })}>
              <Trans>Recurring events</Trans>
            </Link>
            <Link to={paths.advanceAccess()} className={buttonClasses({ variant: 'outline' })}>
              <Trans>Private links</Trans>
            </Link>
            <Link to={paths.createEvent()} className={buttonClasses()}>
              <Plus aria-hidden="true" className="size-4" />
              <Trans>Create event</Trans>
            </Link>
          </>
        }
      />
      <MyEventsList team={null} />
    </PageBody>
  );
}
