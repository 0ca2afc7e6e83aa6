import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageBody, PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/ui/spinner';
import { eventQuery } from './api';
import { EventForm } from './event-form';
import { useSession } from '../session';
import { paths } from '../../lib/paths';
import { AccessDenied } from '../../app/guards/access-denied';

/** /edit-event/{id}: the owner or an admin. */
export function EditEventPage() {
  const { id = '' } = useParams();
  const { t } = useLingui();
  const { user } = useSession();
  const query = useQuery(eventQuery(id));
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <PageBody narrow>
        <PageHeader
          title={t`Event not found`}
          description={t`This event does not exist or you cannot see it.`}
        />
        <Link to={paths.myEvents()} className="font-medium text-primary underline">
          <Trans>Back to my events</Trans>
        </Link>
      </PageBody>
    );
  }
  const event = query.data;
  const canEdit = user && (user.id === event.organizer.id || user.roles.includes('admin'));
  if (!canEdit)
    return (
      <AccessDenied reason={t`Only the event's organizer can edit it.`}>
        <Link to={paths.event(event.id)} className="font-medium text-primary hover:underline">
          <Trans>Back to the event</Trans>
        </Link>
      </AccessDenied>
    );
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Edit Event`}
        description={
          <Link to={paths.event(event.id)} className="text-primary underline">
            {event.title}
          </Link>
        }
      />
      <EventForm key={event.id} event={event} />
    </PageBody>
  );
}
