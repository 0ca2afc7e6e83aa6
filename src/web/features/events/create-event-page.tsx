import { PageBody, PageHeader } from '../../components/page-header';
import { EventForm } from './event-form';

/**
 * /create-event and /events/create. Who may create (organizers, venues, admins) is the route's
 * RoleGuard, declared in features/events/routes.tsx.
 */
export function CreateEventPage() {
  return (
    <PageBody narrow>
      <PageHeader
        title="Create Event"
        description="Save a draft any time; publish when it is ready."
      />
      <EventForm />
    </PageBody>
  );
}
