import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app';
import { NOTIFY_CHANNEL, RealtimeHub } from '../../platform/realtime/hub';
import { dispatcher } from './dispatch';
import { createNotificationQueues } from './notification-jobs';
import { notificationSource, streamNotificationSource } from './realtime-sources';

/**
 * The realtime hub of this process, and the push/email dispatch it starts whenever it reads new
 * notifications (so push goes out within moments, not at the next minute's sweep).
 */
export async function startRealtime(
  deps: Pick<AppDeps, 'db' | 'databaseUrl' | 'jobs' | 'clock' | 'config'>,
  onError: (error: unknown, context: string) => void,
) {
  // Workers create the queues this process queues into; without workers here, create them now.
  if (!deps.config.RUN_WORKERS) await createNotificationQueues(deps.jobs);
  const dispatch = dispatcher(deps, (error) => onError(error, 'notification dispatch'));
  const hub = new RealtimeHub({
    databaseUrl: deps.databaseUrl,
    sources: [notificationSource(deps.db, dispatch.poke), streamNotificationSource(deps.db)],
    notifyOthers: async () => {
      await deps.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, '')`);
    },
    onError,
  });
  await hub.start();
  return {
    hub,
    async close() {
      await hub.close();
      await dispatch.settle();
    },
  };
}
