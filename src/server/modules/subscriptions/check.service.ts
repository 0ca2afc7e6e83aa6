import { UNSUBSCRIBED, type CheckSubscription } from '../../../contracts/subscriptions';
import type { DbExecutor } from '../../db/client';
import type { SessionEvents } from '../../platform/auth/session-events';
import { CheckCache } from './check-cache';
import { isLive } from './subscriptions.policy';
import { presentSubscription } from './subscriptions.presenter';
import * as q from './subscriptions.queries';

/** spec §7 check-subscription, read from the database. */
async function checkSubscription(
  db: DbExecutor,
  params: { userId: string },
): Promise<CheckSubscription> {
  const row = await q.findUserSubscription(db, { userId: params.userId });
  if (!row) return UNSUBSCRIBED;
  const live = isLive(row.subscription.status);
  return {
    subscribed: live,
    plan: live ? row.plan.name : null,
    status: row.subscription.status,
    subscription: presentSubscription(row.subscription, row.plan.name, null),
  };
}

/** One app's check-subscription answers, cached per person (see `CheckCache`). */
export interface SubscriptionChecks {
  /** Signed out: unsubscribed and inactive. */
  answer(user: { id: string } | null): Promise<CheckSubscription>;
  /** A change this process made: the person's next check reads it. */
  forget(userId: string): void;
  /** Stops hearing about changes (the app is closing). */
  close(): void;
}

/**
 * check-subscription answers, dropped on every subscription or plan change in any process
 * (heard on the session channel) and at once on this process's own changes (`forget`).
 */
export function createSubscriptionChecks(deps: {
  db: DbExecutor;
  sessionEvents: Pick<SessionEvents, 'listening' | 'onSubscriptionChange' | 'onResync'>;
  cacheMs: number;
}): SubscriptionChecks {
  const cache = new CheckCache(deps.cacheMs);
  const offChange = deps.sessionEvents.onSubscriptionChange((userId) => cache.forget(userId));
  const offResync = deps.sessionEvents.onResync(() => cache.forget(null));
  return {
    async answer(user) {
      if (!user) return UNSUBSCRIBED;
      // Unheard changes elsewhere would go unnoticed: while deaf, every request asks.
      const trusted = deps.sessionEvents.listening;
      const now = performance.now();
      const cached = trusted ? cache.get(user.id, now) : undefined;
      if (cached) return cached;
      const epoch = cache.epoch;
      const answer = await checkSubscription(deps.db, { userId: user.id });
      if (trusted) cache.set(user.id, answer, now, epoch);
      return answer;
    },
    forget: (userId) => cache.forget(userId),
    close() {
      offChange();
      offResync();
    },
  };
}
