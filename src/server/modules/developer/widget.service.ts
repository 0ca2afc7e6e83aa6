import type { Clock } from '../../platform/clock';
import type { Database } from '../../db/client';
import * as q from './widget.queries';

export interface WidgetDeps {
  db: Database;
  clock: Clock;
}

/** A widget checkout is answered for a day; after that its id says nothing. */
const CHECKOUT_TTL_MS = 86_400_000;

export const NONCE_FORMAT = /^[A-Za-z0-9_-]{22,64}$/;

export function widgetEvent(deps: WidgetDeps, eventId: string) {
  return q.widgetEvent(deps.db, { eventId, now: deps.clock.now() });
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
