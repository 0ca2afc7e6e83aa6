import { UNSUBSCRIBED, type CheckSubscription } from '../../../contracts/subscriptions';
import type { Config } from '../../config';
import type { DbExecutor } from '../../db/client';
import type { SessionEvents } from '../../platform/auth/session-events';
import { defineCache, type CacheDeps } from '../../platform/cache/shared-cache';
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

type ChecksDeps = CacheDeps & { config: Pick<Config, 'SUBSCRIPTION_CACHE_MS'> };

/**
 * check-subscription answers by person, for a few seconds (SUBSCRIPTION_CACHE_MS): the web app
 * asks on every sign-in, user change and five minutes (spec §4), and each answer was a join after
 * the session lookup. Why a stale answer does not outlive a change: a trigger on the
 * subscriptions and plans tables (migration 0042) tells every process of every committed change
 * on the session channel, whoever made it (a worker's renewal, a webhook, SQL), and each process
 * drops those people's entries (or all of them for a batch); while that channel is down the cache
 * is not used (decision 021). So the cache's own NOTIFY is never needed: entries are only ever
 * dropped here, in each process, as the triggers' notices arrive.
 */
const answers = defineCache<CheckSubscription, ChecksDeps>({
  name: 'subscriptions.check',
  ttlMs: (deps) => deps.config.SUBSCRIPTION_CACHE_MS,
  maxEntries: 10_000,
});

/** One app's check-subscription answers, cached per person. */
export interface SubscriptionChecks {
  /** Signed out: unsubscribed and inactive. */
  answer(user: { id: string } | null): Promise<CheckSubscription>;
  /** A change this process made: the person's next check reads it. */
  forget(userId: string): void;
  /** Stops hearing about changes (the app is closing). */
  close(): void;
}

export function createSubscriptionChecks(
  deps: ChecksDeps & {
    sessionEvents: Pick<SessionEvents, 'listening' | 'onSubscriptionChange' | 'onResync'>;
  },
  read: (userId: string) => Promise<CheckSubscription> = (userId) =>
    checkSubscription(deps.db, { userId }),
): SubscriptionChecks {
  const store = answers.in(deps);
  // A lookup that began before a drop is not kept (the store's rule), so an answer read just
  // before a change is never served after it.
  const offChange = deps.sessionEvents.onSubscriptionChange((userId) =>
    userId === null ? store.clear() : store.delete(userId),
  );
  const offResync = deps.sessionEvents.onResync(() => store.clear());
  return {
    async answer(user) {
      if (!user) return UNSUBSCRIBED;
      // Unheard changes elsewhere would go unnoticed: while deaf, every request asks.
      if (!deps.sessionEvents.listening) return read(user.id);
      return store.get(user.id, () => read(user.id));
    },
    forget: (userId) => store.delete(userId),
    close() {
      offChange();
      offResync();
    },
  };
}
