import type { Database } from '../../db/client';
import { Batcher, onePer } from '../../platform/batcher';
import { holdOrders, type HoldRequest, type HoldResult } from './orders.queries';

/**
 * Group commit for checkout holds (platform/batcher.ts): in a flash sale each round trip and
 * commit serves dozens of orders instead of one, and the contended stock row changes hands once
 * per batch (docs/decisions/006).
 */
export class HoldBatcher {
  private readonly batcher: Batcher<HoldRequest, HoldResult>;

  constructor(db: Database, provider: string, maxInFlight = 2, maxBatch = 200) {
    this.batcher = new Batcher((requests) => holdOrders(db, provider, requests), {
      name: 'order_hold_batch',
      maxInFlight,
      maxBatch,
    });
  }

  hold(request: HoldRequest): Promise<HoldResult> {
    return this.batcher.submit(request);
  }
}

const byProvider = onePer((_db: Database) => new Map<string, HoldBatcher>());

/** The batcher of one database handle (one per app) and payment provider. */
export function holdBatcherFor(db: Database, provider: string): HoldBatcher {
  const batchers = byProvider(db);
  let batcher = batchers.get(provider);
  if (!batcher) batchers.set(provider, (batcher = new HoldBatcher(db, provider)));
  return batcher;
}
