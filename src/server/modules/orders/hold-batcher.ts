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
  /**
   * Ticket types whose last hold here was refused for want of stock (until one is held or fits
   * again): only a hint for choosing to ask before checking a buyer's answers, never a refusal.
   */
  private readonly short = new Set<string>();

  constructor(db: Database, provider: string, maxInFlight = 2, maxBatch = 200) {
    this.batcher = new Batcher((requests) => holdOrders(db, provider, requests), {
      name: 'order_hold_batch',
      maxInFlight,
      maxBatch,
    });
  }

  async hold(request: HoldRequest): Promise<HoldResult> {
    const result = await this.batcher.submit(request);
    if (result.status === 'short' && !result.expirable) {
      // A process serves a bounded number of sold-out types at once; forget them all past that.
      if (this.short.size > 10_000) this.short.clear();
      const lines = result.pool ? request.lines : result.lines;
      for (const line of lines) this.short.add(line.ticketTypeId);
    } else if (result.status === 'created' || result.status === 'fits')
      for (const line of request.lines) this.short.delete(line.ticketTypeId);
    return result;
  }

  /** Whether the last hold here of one of these types found it sold out. */
  lastSeenShort(lines: HoldRequest['lines']): boolean {
    return lines.some((line) => this.short.has(line.ticketTypeId));
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
