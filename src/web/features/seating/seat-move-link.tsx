import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { seatMovePath } from './paths';

/** On the attendee list: the way to move a sold ticket to another seat (decision 090). */
export function MoveSeatLink({
  eventId,
  ticketId,
  seat,
}: {
  eventId: string;
  ticketId: string;
  seat: string;
}) {
  return (
    <Link
      to={seatMovePath(eventId, ticketId, seat)}
      className="text-xs font-medium text-primary underline"
    >
      <Trans>Move seat {seat}</Trans>
    </Link>
  );
}
