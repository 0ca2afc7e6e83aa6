import { Trans } from '@lingui/react/macro';
import { Printer } from 'lucide-react';
import type { BoxOfficeSale } from '../../../contracts/box-office';

// What the desk does with a sale once it is paid (decision 117): print its tickets.

const enc = encodeURIComponent;

/** The sale's tickets as one PDF, a page each, opened in the browser's viewer to print. */
const saleTicketsPdfUrl = (eventId: string, orderId: string) =>
  `/api/door/events/${enc(eventId)}/box-office/sales/${enc(orderId)}/tickets.pdf`;

export function PrintTickets({ eventId, sale }: { eventId: string; sale: BoxOfficeSale }) {
  if (sale.status !== 'paid' || !sale.tickets.length) return null;
  return (
    <a
      href={saleTicketsPdfUrl(eventId, sale.orderId)}
      target="_blank"
      rel="noopener"
      className="inline-flex items-center gap-2 self-start rounded-md border border-input px-3 py-2 text-sm font-medium hover:bg-muted"
    >
      <Printer aria-hidden="true" className="size-4" />
      <Trans>Print tickets</Trans>
    </a>
  );
}
