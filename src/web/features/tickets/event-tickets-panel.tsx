import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Ticket, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatPrice } from '../../lib/money';
import { paths } from '../../lib/paths';
import { WaitlistJoin } from '../waitlist';
import { ChooseSeatsLink, useSeatedTypeIds } from '../seating';
import { AccessCodeForm, useLinkCode, withAccessCode } from '../access-codes';
import { ticketTypesQuery } from './api';
import { AvailabilityBadge } from './components/availability-badge';
import { buyAnchorProps } from './event-buy-bar';
import { eventOffer } from './event-offer';

/**
 * The event page's Tickets section: what is on sale, "Get tickets" when paid types exist,
 * "Register" for a free event.
 */
export function EventTicketsPanel({
  eventId,
  isFree,
  isOpen,
  access,
}: {
  eventId: string;
  isFree: boolean;
  /** False for cancelled or past events: nothing to buy. */
  isOpen: boolean;
  access: string | null;
}) {
  const { t, i18n } = useLingui();
  // An access code from the link (`?code=`) or typed here reveals hidden types (decision 053).
  const [code, setCode] = useState(useLinkCode());
  const query = useQuery(ticketTypesQuery(eventId, code, access));
  const types = query.data?.ticketTypes ?? [];
  const seated = useSeatedTypeIds(eventId);
  const { action } = eventOffer(query.data, { isFree, isOpen }, i18n);

  return (
    <section
      {...buyAnchorProps}
      aria-labelledby="tickets-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="tickets-title" className="flex items-center gap-2 text-xl font-bold">
        <Ticket aria-hidden="true" className="size-5 text-primary" />
        <Trans>Tickets</Trans>
      </h2>
      {query.isPending ? (
        <Spinner label={t`Loading tickets`} />
      ) : query.isError ? (
        <p className="text-muted-foreground">
          <Trans>Tickets could not be loaded. Please try again later.</Trans>
        </p>
      ) : (
        <>
          {query.data.hasLocked || code ? (
            <AccessCodeForm
              appliedCode={code}
              onApply={setCode}
              isFetching={query.isFetching}
              unlockedCount={types.filter((type) => type.unlocked).length}
              problem={query.data.codeProblem}
            />
          ) : null}
          {types.length ? (
            <ul className="flex flex-col divide-y divide-border">
              {types.map((type) => (
                <li
                  key={type.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  <span className="font-medium">{type.name}</span>
                  <span className="flex items-center gap-2">
                    <AvailabilityBadge availability={type.availability} />
                    <span className="font-semibold tabular-nums">
                      {formatPrice(type.priceCents, type.currency)}
                    </span>
                  </span>
                  <WaitlistJoin eventId={eventId} ticketType={type} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">
              {isFree
                ? t`This event is free: register to get your ticket.`
                : t`Tickets for this event are not on sale yet.`}
            </p>
          )}
          {action ? (
            <div className="flex flex-wrap gap-2">
              {action === 'buy' ? <ChooseSeatsLink eventId={eventId} /> : null}
              {action === 'buy' && types.some((type) => !seated.has(type.id)) ? (
                <Link
                  to={withAccessCode(paths.buyTickets(eventId, access), code)}
                  className={buttonClasses()}
                >
                  <Trans>Get tickets</Trans>
                </Link>
              ) : null}
              {action === 'register' ? (
                <Link to={paths.eventRegister(eventId, access)} className={buttonClasses()}>
                  <Trans>Register</Trans>
                </Link>
              ) : null}
            </div>
          ) : null}
        </>
      )}
      <Link
        to={paths.eventAttending(eventId, access)}
        className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline"
      >
        <Users aria-hidden="true" className="size-4" />
        <Trans>See who is going</Trans>
      </Link>
    </section>
  );
}
