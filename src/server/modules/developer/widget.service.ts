import { createHash } from 'node:crypto';
import type { TicketAvailability } from '../../../contracts/tickets';
import type { WidgetAvailability } from '../../../contracts/developer';
import { defineCache } from '../../platform/cache/shared-cache';
import type { EventDeps } from '../events/events.service';
import { listTicketTypesForBuyer } from '../tickets/tickets.service';
import * as q from './widget.queries';

export type WidgetDeps = EventDeps;

/** A widget checkout is answered for a day; after that its id says nothing. */
const CHECKOUT_TTL_MS = 86_400_000;

export const NONCE_FORMAT = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * How long one process reuses an event's availability. Every open widget asks every few seconds
 * (embed.js), so a popular event's page would otherwise cost a query per viewer per poll; two
 * seconds of staleness is less than the poll interval itself. Timed on the app clock so tests
 * can step past it.
 */
export const AVAILABILITY_CACHE_MS = 2000;
const CACHE_MAX_EVENTS = 5000;

function statusLabel(status: TicketAvailability, remaining: number) {
  if (status === 'sold_out') return 'Sold out';
  if (status === 'not_started') return 'Not on sale yet';
  if (status === 'ended') return 'Sales have ended';
  return `${remaining} left`;
}

/**
 * What a visitor may know about an event's tickets: the types any buyer sees (hidden ones never),
 * what is left and whether each can be bought now. Nothing an organizer keeps to themselves
 * (quantities, holds, sales, unlock codes).
 */
async function loadAvailability(deps: WidgetDeps, eventId: string) {
  const event = await q.widgetEvent(deps.db, { eventId });
  if (!event) return null;
  // The tickets service releases expired holds before counting, as the buyer's page does.
  const { ticketTypes } = await listTicketTypesForBuyer(deps, { eventId, actor: null });
  const types = ticketTypes.map((t) => ({
    id: t.id,
    name: t.name,
    priceCents: t.priceCents,
    currency: t.currency,
    status: t.availability,
    remaining: Math.max(0, t.remaining),
    label: statusLabel(t.availability, t.remaining),
  }));
  const availability: WidgetAvailability = {
    eventId,
    buyable: types.some((t) => t.status === 'on_sale'),
    ticketTypes: types,
  };
  const body = JSON.stringify(availability);
  return {
    event,
    availability,
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
}

type Loaded = Awaited<ReturnType<typeof loadAvailability>>;
// One platform cache (per database, on the app clock): concurrent askers share one load and a
// failed load is not kept. Nothing invalidates it; the two seconds are the staleness allowed.
const availabilityCache = defineCache<Loaded, WidgetDeps>({
  name: 'developer.widget-availability',
  ttlMs: AVAILABILITY_CACHE_MS,
  maxEntries: CACHE_MAX_EVENTS,
});

/** The event and its ticket availability for the widget, reused for AVAILABILITY_CACHE_MS. */
export function widgetAvailability(deps: WidgetDeps, eventId: string): Promise<Loaded> {
  return availabilityCache.in(deps).get(eventId, () => loadAvailability(deps, eventId));
}

export function bindCheckout(
  deps: WidgetDeps,
  params: { nonce: string; userId: string; eventId: string },
) {
  return q.bindCheckout(deps.db, { ...params, now: deps.clock.now() });
}

export async function checkoutState(deps: WidgetDeps, nonce: string) {
  const since = new Date(deps.clock.now().getTime() - CHECKOUT_TTL_MS);
  const paid = await q.paidOrderFor(deps.db, { nonce, since });
  return paid ? { status: 'complete' as const, ...paid } : { status: 'waiting' as const };
}
