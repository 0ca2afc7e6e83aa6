import type { Database } from '../../db/client';
import type { ServerModule } from '../module';
import { messageSource } from './message-source';
import { messagingRoutes } from './messaging.routes';
import {
  createHistoryCache,
  createKnownParticipants,
  createSendLimiter,
} from './messaging.service';

/**
 * One history cache per app: the realtime source drops a chat's cached history as its new
 * messages go out, and the routes read through the same cache. The manifest is shared by every
 * app a process builds (tests build several), so the cache is keyed by the app's database.
 */
const historyCaches = new WeakMap<Database, ReturnType<typeof createHistoryCache>>();
const historyCacheFor = (db: Database) => {
  let cache = historyCaches.get(db);
  if (!cache) historyCaches.set(db, (cache = createHistoryCache()));
  return cache;
};

/** Direct, event and booking chats (spec §7). */
export const messagingModule: ServerModule = {
  name: 'messaging',
  realtimeSources: (deps) => [messageSource(deps.db, historyCacheFor(deps.db))],
  routes: (ctx) =>
    messagingRoutes({
      ...ctx,
      sendLimiter: createSendLimiter(ctx.config.RATE_LIMIT_MULTIPLIER),
      historyCache: historyCacheFor(ctx.db),
      participants: createKnownParticipants(),
    }),
};
