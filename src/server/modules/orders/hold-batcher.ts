import type { Database } from '../../db/client';
import { Batcher } from '../../platform/batcher';
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

const batchers = new WeakMap<Database, Map<string, HoldBatcher>>();

/** The batcher of one database handle (one per app) and payment provider. */
export function holdBatcherFor(db: Database, provider: string): HoldBatcher {
  let byProvider = batchers.get(db);
  if (!byProvider) batchers.set(db, (byProvider = new Map()));
  let batcher = byProvider.get(provider);
  if (!batcher) byProvider.set(provider, (batcher = new HoldBatcher(db, provider)));
  return batcher;
}
