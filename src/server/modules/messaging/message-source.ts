import type { ServerFrame } from '../../../contracts/realtime';
import type { Database } from '../../db/client';
import type { RealtimeSource } from '../../platform/realtime/hub';
import type { HistoryCache } from './history-cache';
import {
  findMaxMessageSeq,
  listMessageChanges,
  listMessageChangesFor,
  type MessageChange,
} from './messaging.queries';
import { presentMessage } from './messaging.presenter';

/** The source's name, for pokes that say which tables have news (RealtimeHub.poke). */
export const MESSAGES_SOURCE = 'messages';

/**
 * Messages go out on the realtime socket to everyone in their chat (sender included), and a
 * booking chat's also to the organizer's team members who answer it (decision 073). Reading a
 * change also drops its chat's cached history here, as its frame goes out.
 */
export function messageSource(db: Database, history: HistoryCache): RealtimeSource<MessageChange> {
  return {
    name: MESSAGES_SOURCE,
    read: async (after, gaps, limit) => {
      const rows = await listMessageChanges(db, { after, gaps, limit });
      for (const row of rows) history.forget(row.chatId);
      return rows;
    },
    maxSeq: () => findMaxMessageSeq(db),
    seqOf: (row) => Number(row.seq),
    usersOf: (row) => row.recipients,
    frame: (rows): ServerFrame => ({
      type: 'messages',
      events: rows.map((row) => ({
        op: row.updatedAt ? 'UPDATE' : 'INSERT',
        message: presentMessage(row),
      })),
    }),
    changesFor: (userId, since, limit) => listMessageChangesFor(db, { userId, since, limit }),
  };
}
