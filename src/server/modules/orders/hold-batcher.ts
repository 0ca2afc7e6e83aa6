import type { Database } from '../../db/client';
import { holdOrders, type HoldRequest, type HoldResult } from './orders.queries';

interface Waiting {
  request: HoldRequest;
  resolve: (result: HoldResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for checkout holds: a batch or two in the database at a time, and the holds that
 * arrive meanwhile go together in the next. A lone buyer waits for nothing (their batch leaves
 * at once); in a flash sale each round trip and commit serves dozens of orders instead of one,
 * and the contended stock row changes hands once per batch (docs/decisions/006).
 * A batch that fails as a whole is retried order by order, so one order's error stays its own.
 */
export class HoldBatcher {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(
    private readonly db: Database,
    private readonly provider: string,
    /**
     * Batches in the database at once. Two keep both sides busy: while one batch runs (or waits
     * for the other's stock rows), the server answers the last one's buyers and gathers the next.
     */
    private readonly maxInFlight = 2,
    private readonly maxBatch = 200,
  ) {}

  hold(request: HoldRequest): Promise<HoldResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      if (this.inFlight < this.maxInFlight) void this.drain();
    });
  }

  private async drain() {
    this.inFlight += 1;
    try {
      while (this.waiting.length) await this.run(this.waiting.splice(0, this.maxBatch));
    } finally {
      this.inFlight -= 1;
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    let results: HoldResult[];
    try {
      results = await holdOrders(
        this.db,
        this.provider,
        batch.map((w) => w.request),
      );
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else for (const one of batch) await this.run([one]);
      return;
    }
    batch.forEach((w, i) => {
      const result = results[i];
      if (result) w.resolve(result);
      else w.reject(new Error('order_hold_batch returned fewer results than orders'));
    });
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
