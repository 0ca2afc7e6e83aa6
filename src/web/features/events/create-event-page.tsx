import { useLingui } from '@lingui/react/macro';
import { PageBody, PageHeader } from '../../components/page-header';
import { EventForm } from './event-form';

/**
 * /create-event and /events/create. Who may create (organizers, venues, admins) is the route's
 * RoleGuard, declared in features/events/routes.tsx.
 */
export function CreateEventPage() {
  const { t } = useLingui();
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Create Event`}
        description={t`Save a draft any time; publish when it is ready.`}
      />
      <EventForm />
    </PageBody>
  );
}
