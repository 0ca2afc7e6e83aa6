import { Trans } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { EventGroupChat } from './event-group-chat';
import { useSession } from '../session';
import { paths } from '../../lib/paths';

/** spec §2 /event-group-chat?event={id} (signed in). */
export function EventGroupChatPage() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const eventId = params.get('event');
  if (!eventId)
    return (
      <PageBody narrow>
        <h1 className="text-2xl font-bold">
          <Trans>Group chat</Trans>
        </h1>
        <p className="mt-2 text-muted-foreground">
          <Trans>Open an event&apos;s group chat from the event&apos;s page.</Trans>
        </p>
        <Link to={paths.events()} className={buttonClasses({ className: 'mt-4' })}>
          <Trans>Browse events</Trans>
        </Link>
      </PageBody>
    );
  if (!user) return <PageSpinner />;
  return <EventGroupChat key={`${user.id}:${eventId}`} eventId={eventId} me={user} />;
}
