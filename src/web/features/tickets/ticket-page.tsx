import { useParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { TicketView } from './ticket-view';

/** spec §2 ticket/{id}. */
export function TicketPage() {
  const { id = '' } = useParams();
  return (
    <PageBody narrow>
      <TicketView key={id} ticketId={id} />
    </PageBody>
  );
}
