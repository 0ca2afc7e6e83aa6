import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { NOTIFY_CHANNEL, RealtimeHub, SIGNAL_CHANNEL, type RealtimeSource } from './hub';

/**
 * This process's realtime hub over the modules' sources (each module's manifest lists its own,
 * modules/registry.ts): new rows are read by sequence number and the other processes are woken
 * with one NOTIFY (decision 007).
 */
export async function startRealtime(
  deps: Pick<AppDeps, 'db' | 'databaseUrl'>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- sources of different row types
  sources: RealtimeSource<any>[],
  onError: (error: unknown, context: string) => void,
): Promise<RealtimeHub> {
  const hub = new RealtimeHub({
    databaseUrl: deps.databaseUrl,
    sources,
    notifyOthers: async (payload) => {
      await deps.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
    },
    signalOthers: async (payload) => {
      await deps.db.execute(sql`select pg_notify(${SIGNAL_CHANNEL}, ${payload})`);
    },
    onError,
  });
  await hub.start();
  return hub;
}
