import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageBody, PageHeader } from '../../components/page-header';
import { EventBrowser } from './event-browser';
import { paths } from '../../lib/paths';

export function EventsPage() {
  return (
    <PageBody>
      <PageHeader
        title="Events"
        description="Upcoming events, newest first."
        actions={
          <Link to={paths.createEvent()} className={buttonClasses({ variant: 'outline' })}>
            <Plus aria-hidden="true" className="size-4" />
            Create event
          </Link>
        }
      />
      <EventBrowser />
    </PageBody>
  );
}
