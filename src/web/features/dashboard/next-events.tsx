import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import type { Ticket } from '../../../contracts/tickets';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { formatCardDate } from '../events';
import { myTicketsQuery } from '../tickets';

/** The events the person holds a ticket for that are not over, once each, soonest first. */
export function upcomingEvents(tickets: readonly Ticket[]): Ticket['event'][] {
  const seen = new Map<string, Ticket['event']>();
  for (const ticket of tickets) {
    // `isPast` is the server's rule, the one the ticket list uses too.
    if (!ticket.isPast && ticket.status !== 'void' && !seen.has(ticket.event.id)) {
      seen.set(ticket.event.id, ticket.event);
    }
  }
  return [...seen.values()].sort(
    (a, b) => new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime(),
  );
}

/** The dashboard's "Your next events", from the same tickets the list above shows. */
export function NextEventsPanel() {
  const query = useQuery(myTicketsQuery);
  const { t } = useLingui();
  const events = query.data ? upcomingEvents(query.data.tickets).slice(0, 4) : [];
  return (
    <Card className="flex flex-col" role="region" aria-labelledby="next-events-title">
      <CardHeader>
        <CardTitle id="next-events-title" className="text-base">
          <Trans>Your next events</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        {query.isPending ? (
          <Spinner label={t`Loading your next events`} />
        ) : query.isError ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Your next events could not be loaded.</Trans>
          </p>
        ) : events.length === 0 ? (
          <div className="flex flex-col items-center gap-3 text-center">
            <CalendarDays aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="text-sm text-muted-foreground">
              <Trans>You have no upcoming events. Events you register for will appear here.</Trans>
            </p>
            <Link to={paths.events()} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              <Trans>Browse events</Trans>
            </Link>
          </div>
        ) : (
          <ul className="flex flex-col gap-2">
            {events.map((event) => (
              <li key={event.id}>
                <Link
                  to={paths.event(event.id)}
                  className="flex flex-col rounded-md px-2 py-1 hover:bg-muted"
                >
                  <span className="font-medium break-words">{event.title}</span>
                  <span className="text-sm text-muted-foreground">
                    {formatCardDate(event.startsAt, event.timezone)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
