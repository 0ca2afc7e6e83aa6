import type { Database } from '../../db/client';
import { Batcher, onePer } from '../../platform/batcher';
import { sendMessages, type NewMessage } from './messaging.queries';

/**
 * The send batcher of one database handle (one per app): sends that arrive while a batch is in
 * the database go together in one statement and one commit (docs/decisions/010). One batch at a
 * time per process: two batches updating the same chats in different orders could deadlock.
 */
export const sendBatcherFor = onePer(
  (db: Database) =>
    new Batcher((batch: NewMessage[]) => sendMessages(db, { messages: batch }), {
      name: 'insertMessages',
      maxInFlight: 1,
    }),
);
