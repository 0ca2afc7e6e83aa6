import type { Database } from '../../db/client';
import { Batcher, onePer } from '../../platform/batcher';
import { claimSeatBatch, type SeatClaimRequest, type SeatClaimResult } from './seating.queries';

/**
 * The seat-claim batcher of one database handle (one per app): seat checkouts that arrive while
 * a batch is in the database go together in one statement and one commit, as holds do (decision
 * 006), instead of a round trip and a commit each (decision 098). Two batches may be in the
 * database at once: each inserts its seats in one statement in (event, seat) order, so two
 * batches wanting the same seats wait in one order. A batch that fails as a whole (a deadlock in
 * its rare second tries) is claimed again checkout by checkout.
 */
const seatClaimBatcherFor = onePer(
  (db: Database) =>
    new Batcher<SeatClaimRequest, SeatClaimResult>((claims) => claimSeatBatch(db, claims), {
      name: 'seat_claim_batch',
      maxInFlight: 2,
      maxBatch: 100,
    }),
);

/** A seat checkout's seats taken, all or none, with the other checkouts of the moment. */
export function claimSeatsTogether(
  db: Database,
  claim: SeatClaimRequest,
): Promise<SeatClaimResult> {
  return seatClaimBatcherFor(db).submit(claim);
}
