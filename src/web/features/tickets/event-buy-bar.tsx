import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { cnLight } from '../../lib/cn-light';
import { paths } from '../../lib/paths';
import { useLinkCode, withAccessCode } from '../access-codes';
import { ticketTypesQuery } from './api';
import { eventOffer, type EventOffer } from './event-offer';

export interface OfferEvent {
  id: string;
  isFree: boolean;
  /** False for cancelled or past events: nothing to buy. */
  isOpen: boolean;
  /** A private event's secret, for the links; null for public events. */
  access: string | null;
}

/** Elements that already show the price and the action: the phone bar hides while one is seen. */
const BUY_ANCHOR = 'data-buy-anchor';

function useEventOffer(event: OfferEvent) {
  const { i18n } = useLingui();
  const query = useQuery(ticketTypesQuery(event.id, null, event.access));
  return {
    offer: eventOffer(query.data, event, i18n),
    isPending: query.isPending,
    isError: query.isError,
  };
}

function OfferAction({
  event,
  offer,
  className,
}: {
  event: OfferEvent;
  offer: EventOffer;
  className?: string;
}) {
  const code = useLinkCode();
  if (offer.action === 'buy')
    return (
      <Link
        to={withAccessCode(paths.buyTickets(event.id, event.access), code)}
        className={buttonClasses({ className })}
      >
        <Trans>Get tickets</Trans>
      </Link>
    );
  if (offer.action === 'register')
    return (
      <Link
        to={paths.eventRegister(event.id, event.access)}
        className={buttonClasses({ className })}
      >
        <Trans>Register</Trans>
      </Link>
    );
  return null;
}

/**
 * The price and its words. Every state (loading, failed, loaded) takes the same two lines, so
 * the prices arriving after the page moves nothing (layout shift is measured on this page).
 */
function PriceLines({
  offer,
  isPending,
  isError,
}: {
  offer: EventOffer;
  isPending: boolean;
  isError: boolean;
}) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="text-xs leading-4 font-medium text-muted-foreground">
        <Trans>Tickets</Trans>
      </span>
      {isPending ? (
        <span className="my-1 block h-5 w-20 animate-pulse rounded bg-muted">
          <span className="sr-only">
            <Trans>Loading prices</Trans>
          </span>
        </span>
      ) : (
        <span className="truncate text-lg leading-7 font-bold tabular-nums">
          {isError ? (
            <span className="text-sm font-medium text-muted-foreground">
              <Trans>Prices unavailable</Trans>
            </span>
          ) : (
            (offer.priceLabel ?? offer.note ?? '–')
          )}
          {offer.priceLabel && offer.note ? (
            <span className="ms-2 text-sm font-medium text-muted-foreground">{offer.note}</span>
          ) : null}
        </span>
      )}
    </div>
  );
}

/**
 * The price range and the one action near the top of the event page, so nobody has to scroll
 * to learn what it costs: a row in the header on phones, a card at the top of the side column
 * on wide screens.
 */
export function EventOfferBox({ event, className }: { event: OfferEvent; className?: string }) {
  const { offer, isPending, isError } = useEventOffer(event);
  if (!event.isOpen) return null;
  return (
    <div
      {...{ [BUY_ANCHOR]: '' }}
      className={cnLight(
        'flex h-[4.5rem] items-center justify-between gap-3 rounded-lg border border-border bg-card px-4',
        className,
      )}
    >
      <PriceLines offer={offer} isPending={isPending} isError={isError} />
      <OfferAction event={event} offer={offer} />
    </div>
  );
}

/** Marks an element that shows the event's tickets (the Tickets section) for the phone bar. */
export const buyAnchorProps = { [BUY_ANCHOR]: '' };

/** True while none of the page's buy anchors is on screen. */
function useNoAnchorInView(): boolean {
  const [isAway, setIsAway] = useState(false);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') {
      setIsAway(true);
      return;
    }
    const seen = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) seen.add(entry.target);
        else seen.delete(entry.target);
      }
      setIsAway(seen.size === 0);
    });
    for (const anchor of document.querySelectorAll(`[${BUY_ANCHOR}]`)) observer.observe(anchor);
    return () => observer.disconnect();
  }, []);
  return isAway;
}

/**
 * Phones only: the price and the action pinned to the bottom of the screen once the top row and
 * the Tickets section are scrolled out of view. Fixed, so it moves nothing when it slides in;
 * the main layout keeps room for it below the footer (`data-phone-buy-bar`), so it never covers
 * the end of the page.
 */
export function PhoneBuyBar({ event }: { event: OfferEvent }) {
  const { t } = useLingui();
  const { offer, isPending, isError } = useEventOffer(event);
  const isAway = useNoAnchorInView();
  if (!event.isOpen) return null;
  const isShown = isAway && offer.action !== null;
  return (
    <div
      data-phone-buy-bar=""
      aria-label={t`Buy tickets`}
      role="region"
      className={cnLight(
        'fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-lg backdrop-blur md:hidden',
        'flex items-center justify-between gap-3 motion-safe:transition-transform motion-safe:duration-200',
        isShown ? 'translate-y-0' : 'invisible translate-y-full',
      )}
    >
      <PriceLines offer={offer} isPending={isPending} isError={isError} />
      <OfferAction event={event} offer={offer} className="h-11 px-6" />
    </div>
  );
}
