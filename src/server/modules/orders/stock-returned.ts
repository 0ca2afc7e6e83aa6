import type { JobQueue } from '../../platform/jobs/jobs';

/**
 * Stock came back to the shelf: a refund, a hold that expired or was cancelled, capacity raised.
 * Commerce only announces it, after the release commits; the waiting list works this queue and
 * offers the stock to the next people in line (decision 054). Announcing through a queue keeps
 * commerce from depending on the waiting list. The job re-reads the state, so a duplicate
 * announcement costs one look and offers nothing twice.
 */
export const STOCK_RETURNED_QUEUE = 'waitlist.offers';

export interface StockReturned {
  /** The types whose stock returned; none: every type with work. */
  ticketTypeIds?: string[];
}

export async function announceStockReturned(jobs: JobQueue, ticketTypeIds?: string[]) {
  const data: StockReturned = ticketTypeIds?.length ? { ticketTypeIds } : {};
  await jobs.send(STOCK_RETURNED_QUEUE, data);
}
