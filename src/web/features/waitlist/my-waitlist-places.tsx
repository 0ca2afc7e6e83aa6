import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { formatDateTime } from '../../lib/dates';
import { myPlacesQuery } from './api';
import { placePath } from './paths';
import { STATUS_LABELS } from './status-labels';

/**
 * A signed-in person's places on waiting lists (their tickets page): each opens its page, where
 * they can buy an offer or leave. Nothing when they are on no list.
 */
export function MyWaitlistPlaces() {
  const { i18n } = useLingui();
  const places = useQuery(myPlacesQuery);
  const active = (places.data?.places ?? []).filter((p) =>
    ['unconfirmed', 'waiting', 'offered', 'claimed'].includes(p.status),
  );
  if (!active.length) return null;
  return (
    <section aria-labelledby="waitlist-places" className="flex flex-col gap-3">
      <h2 id="waitlist-places" className="flex items-center gap-2 text-xl font-bold">
        <Hourglass aria-hidden="true" className="size-5 text-primary" />
        <Trans>Waiting lists</Trans>
      </h2>
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
        {active.map((place) => {
          const status = STATUS_LABELS[place.status];
          const until = place.offerExpiresAt ? formatDateTime(place.offerExpiresAt) : '';
          return (
            <li key={place.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <Link
                to={placePath(place.token)}
                className="min-w-0 font-medium text-primary underline-offset-4 hover:underline"
              >
                {place.eventTitle} · {place.ticketTypeName}
              </Link>
              <span className="flex items-center gap-2 text-sm">
                <Badge variant={status.variant}>{i18n._(status.label)}</Badge>
                {place.status === 'offered' ? (
                  <span className="text-muted-foreground">
                    <Trans>until {until}</Trans>
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
