import type { Database } from '../../db/client';
import { Batcher } from '../../platform/batcher';
import { insertMessages, type MessageRow, type NewMessage } from './messaging.queries';

const batchers = new WeakMap<Database, Batcher<NewMessage, MessageRow | null>>();

/**
 * The send batcher of one database handle (one per app): sends that arrive while a batch is in
 * the database go together in one statement and one commit (docs/decisions/010). One batch at a
 * time per process: two batches updating the same chats in different orders could deadlock.
 */
export function sendBatcherFor(db: Database): Batcher<NewMessage, MessageRow | null> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new Batcher((batch) => insertMessages(db, batch), {
      name: 'insertMessages',
      maxInFlight: 1,
    });
    batchers.set(db, batcher);
  }
  return batcher;
}
