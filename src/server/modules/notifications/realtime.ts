import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import {
  NOTIFY_CHANNEL,
  RealtimeHub,
  SIGNAL_CHANNEL,
  type RealtimeSource,
} from '../../platform/realtime/hub';
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
  /** Other modules' tables that go out on the socket (messages, vendor requests). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- sources of different row types
  moreSources: RealtimeSource<any>[] = [],
) {
  // Workers create the queues this process queues into; without workers here, create them now.
  if (!deps.config.RUN_WORKERS) await createNotificationQueues(deps.jobs);
  const dispatch = dispatcher(deps, (error) => onError(error, 'notification dispatch'));
  const hub = new RealtimeHub({
    databaseUrl: deps.databaseUrl,
    sources: [
      notificationSource(deps.db, dispatch.poke),
      streamNotificationSource(deps.db),
      ...moreSources,
    ],
    notifyOthers: async (payload) => {
      await deps.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
    },
    signalOthers: async (payload) => {
      await deps.db.execute(sql`select pg_notify(${SIGNAL_CHANNEL}, ${payload})`);
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
