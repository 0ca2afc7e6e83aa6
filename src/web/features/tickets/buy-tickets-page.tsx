import { Ticket } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { EmptyState } from '../../components/query-states';
import { buttonClasses } from '../../components/ui/button';
import { TicketPicker } from './ticket-picker';
import { paths } from '../../lib/paths';

/** spec §2 `ticket?event_id=`: pick tickets for one event. */
export function BuyTicketsPage() {
  const [params] = useSearchParams();
  const eventId = params.get('event_id');
  return (
    <PageBody narrow>
      {eventId ? (
        <TicketPicker key={eventId} eventId={eventId} access={params.get('access')} />
      ) : (
        <EmptyState icon={Ticket} title="Which event?">
          <p className="text-muted-foreground">Open an event and choose Get tickets.</p>
          <Link to={paths.events()} className={buttonClasses({ variant: 'outline' })}>
            Browse events
          </Link>
        </EmptyState>
      )}
    </PageBody>
  );
}
