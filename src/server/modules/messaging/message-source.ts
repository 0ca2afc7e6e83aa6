import type { ServerFrame } from '../../../contracts/realtime';
import type { Database } from '../../db/client';
import type { RealtimeSource } from '../../platform/realtime/hub';
import {
  maxMessageSeq,
  messageChanges,
  messageChangesFor,
  presentMessage,
  type MessageChange,
} from './messaging.queries';

/** Messages go out on the realtime socket to everyone in their chat (sender included). */
export function messageSource(db: Database): RealtimeSource<MessageChange> {
  return {
    name: 'messages',
    read: (after, gaps, limit) => messageChanges(db, { after, gaps, limit }),
    maxSeq: () => maxMessageSeq(db),
    seqOf: (row) => Number(row.seq),
    usersOf: (row) => row.recipients,
    frame: (rows): ServerFrame => ({
      type: 'messages',
      events: rows.map((row) => ({
        op: row.updatedAt ? 'UPDATE' : 'INSERT',
        message: presentMessage(row),
      })),
    }),
    changesFor: (userId, since, limit) => messageChangesFor(db, { userId, since, limit }),
  };
}
