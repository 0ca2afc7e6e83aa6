import { useParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { OrderProductsCard } from './order-products';
import { TicketView } from './ticket-view';
import { TicketAnswersCard } from '../questions';
import { TicketTransferCard } from '../transfers';

/** spec §2 ticket/{id}. */
export function TicketPage() {
  const { id = '' } = useParams();
  return (
    <PageBody narrow>
      <TicketView key={id} ticketId={id} />
      {/* The answers to the organizer's questions, changed here until the cut-off. */}
      <div className="mx-auto mt-5 max-w-md print:hidden">
        <TicketAnswersCard key={id} ticketId={id} />
      </div>
      {/* The products bought with the order (the buyer's, as on the receipt). */}
      <div className="mx-auto mt-5 max-w-md print:hidden">
        <OrderProductsCard key={id} ticketId={id} />
      </div>
      {/* Passing the ticket on, when the organizer allows it. */}
      <div className="mx-auto mt-5 max-w-md print:hidden">
        <TicketTransferCard key={id} ticketId={id} />
      </div>
    </PageBody>
  );
}
