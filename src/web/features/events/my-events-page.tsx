import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageBody, PageHeader } from '../../components/page-header';
import { MyEventsList } from './my-events-list';
import { paths } from '../../lib/paths';

export function MyEventsPage() {
  return (
    <PageBody>
      <PageHeader
        title="My Events"
        description="Every event you created, with its status and sales."
        actions={
          <>
            <Link to={paths.advancedEvents()} className={buttonClasses({ variant: 'outline' })}>
              Recurring events
            </Link>
            <Link to={paths.advanceAccess()} className={buttonClasses({ variant: 'outline' })}>
              Private links
            </Link>
            <Link to={paths.createEvent()} className={buttonClasses()}>
              <Plus aria-hidden="true" className="size-4" />
              Create event
            </Link>
          </>
        }
      />
      <MyEventsList />
    </PageBody>
  );
}
