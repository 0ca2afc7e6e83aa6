import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { QrCode } from 'lucide-react';
import { Link } from 'react-router';
import type { TicketStatus } from '../../../../contracts/tickets';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../lib/paths';

export const TICKET_STATUS_LABEL: Record<TicketStatus, MessageDescriptor> = {
  valid: msg`Valid`,
  checked_in: msg`Checked in`,
  void: msg`Refunded`,
};

/**
 * A ticket's state; once its event is over (`isPast`, decided by the server) an unused ticket
 * reads "Past event", not "Valid": it admits no one any more.
 */
export function TicketStatusBadge({
  status,
  isPast = false,
}: {
  status: TicketStatus;
  isPast?: boolean;
}) {
  const { i18n } = useLingui();
  if (isPast && status === 'valid')
    return (
      <Badge variant="outline">
        <Trans>Past event</Trans>
      </Badge>
    );
  return (
    <Badge variant={status === 'valid' ? 'success' : status === 'void' ? 'danger' : 'outline'}>
      {i18n._(TICKET_STATUS_LABEL[status])}
    </Badge>
  );
}

/** The tickets of an order, each a link to its page with the QR code. */
export function TicketLinks({
  tickets,
}: {
  tickets: readonly { id: string; ticketTypeName: string; status: TicketStatus }[];
}) {
  return (
    <ul className="flex flex-col gap-2">
      {tickets.map((ticket, i) => {
        const number = i + 1;
        const ticketType = ticket.ticketTypeName;
        return (
          <li key={ticket.id}>
            <Link
              to={paths.ticket(ticket.id)}
              className="flex items-center justify-between gap-3 rounded-md border border-border px-3 py-2 hover:bg-muted"
            >
              <span className="flex items-center gap-2 font-medium">
                <QrCode aria-hidden="true" className="size-4 text-primary" />
                <Trans>
                  View ticket {number}: {ticketType}
                </Trans>
              </span>
              <TicketStatusBadge status={ticket.status} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
