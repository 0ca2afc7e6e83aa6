import type { JobQueue } from '../../platform/jobs/jobs';

/**
 * An order was paid or refunded: commerce only announces it, after its transaction commits; the
 * invoices module works this queue and issues the invoice or the credit note (decision 059).
 * Announcing through a queue keeps commerce from depending on invoices. A send that fails (the
 * database away for a moment, the queue not made yet by a worker process) must not fail the
 * payment or refund that already happened: the invoices' minutely sweep issues what it finds
 * missing, and issuing is idempotent, so a duplicate costs one look.
 */
export const ORDER_SETTLED_QUEUE = 'invoices.issue';

/** What the announcement carries: the order, and whether its job sends the tickets mail. */
export interface OrderSettled {
  orderId: string;
  /** The confirmation mail waits for the invoice and goes out with it (decision 074). */
  ticketsMail?: boolean;
}

/** False when the announcement could not be queued (the caller then mails the tickets itself). */
export async function announceOrderSettled(
  jobs: JobQueue,
  orderId: string,
  options: { ticketsMail?: boolean } = {},
): Promise<boolean> {
  const data: OrderSettled = options.ticketsMail ? { orderId, ticketsMail: true } : { orderId };
  return jobs
    .send(ORDER_SETTLED_QUEUE, data)
    .then(() => true)
    .catch(() => false);
}
