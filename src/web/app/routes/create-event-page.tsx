import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageBody, PageHeader } from '../../components/page-header';
import { EventForm } from '../../features/events/event-form';
import { useSession } from '../../features/session/api';
import { paths } from '../../lib/paths';
import { hasRole } from '../guards/access';

/** /create-event and /events/create: organizers, venues and admins; others learn why not. */
export function CreateEventPage() {
  const { user } = useSession();
  const canCreate = user && (hasRole(user, 'organizer') || hasRole(user, 'venue'));
  return (
    <PageBody narrow>
      <PageHeader
        title="Create Event"
        description="Save a draft any time; publish when it is ready."
      />
      {canCreate ? (
        <EventForm />
      ) : (
        <section className="flex flex-col items-start gap-4 rounded-lg border border-border bg-primary-soft p-6">
          <Info aria-hidden="true" className="size-8 text-primary" />
          <h2 className="text-xl font-semibold">Only organizers and venues can create events</h2>
          <p className="text-muted-foreground">
            Your account is a {user?.userType ?? 'visitor'} account. Account types cannot be
            changed, so to host events, register a separate organizer or venue account.
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to={paths.events()} className={buttonClasses()}>
              Browse events
            </Link>
            <Link to={paths.help()} className={buttonClasses({ variant: 'outline' })}>
              Get help
            </Link>
          </div>
        </section>
      )}
    </PageBody>
  );
}
