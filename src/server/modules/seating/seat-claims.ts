import type { Database } from '../../db/client';
import { Batcher, onePer } from '../../platform/batcher';
import {
  claimAndHoldSeatBatch,
  type SeatHoldRequest,
  type SeatHoldResult,
} from './seating.queries';

/**
 * The seat-checkout batcher of one database handle (one per app) and payment provider: seat
 * checkouts that arrive while a batch is in the database go together in one statement and one
 * commit, their seats claimed and their orders held in it (decisions 098, 118), as count-only
 * holds are (decision 006). Two batches may be in the database at once: each inserts its seats in
 * one statement in (event, seat) order, then locks its ticket types in id order, so two batches
 * wanting the same seats wait in one order. A batch that fails as a whole (a deadlock in its rare
 * second tries, a concurrent idempotency key) is sent again checkout by checkout.
 */
const byProvider = onePer(
  (_db: Database) => new Map<string, Batcher<SeatHoldRequest, SeatHoldResult>>(),
);

function seatBatcherFor(db: Database, provider: string) {
  const batchers = byProvider(db);
  let batcher = batchers.get(provider);
  if (!batcher)
    batchers.set(
      provider,
      (batcher = new Batcher((requests) => claimAndHoldSeatBatch(db, provider, requests), {
        name: 'seat_hold_batch',
        maxInFlight: 2,
        maxBatch: 100,
      })),
    );
  return batcher;
}

/** A seat checkout's seats taken, all or none, and its order held, with the others of the moment. */
export function claimAndHoldTogether(
  db: Database,
  provider: string,
  request: SeatHoldRequest,
): Promise<SeatHoldResult> {
  return seatBatcherFor(db, provider).submit(request);
}
