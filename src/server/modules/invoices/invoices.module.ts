import type { ServerModule, WorkerContext, WorkerOptions } from '../module';
import type { OrderSettled } from '../orders/orders.service';
import { invoiceRoutes } from './invoices.routes';
import { seedInvoices } from './invoices.seed';
import {
  INVOICE_MAIL_QUEUE,
  INVOICE_QUEUE,
  INVOICE_SWEEP_QUEUE,
  confirmationWaits,
  type InvoiceMailJob,
  settleInvoices,
  sweepInvoices,
} from './invoices.service';
import { mailConfirmation, mailInvoice } from './invoice-mails';

/**
 * The invoice jobs: `invoices.issue` settles the orders commerce names after a payment or a
 * refund (fetched in batches: one counter lock per seller and batch), `invoices.sweep` every
 * minute finds what a crash between payment and job lost, `invoices.mail` renders and mails
 * the PDFs.
 */
async function invoiceWorkers(ctx: WorkerContext, options: WorkerOptions) {
  const { jobs } = ctx;
  const retry = { retryLimit: 10, retryDelay: options.retryDelaySeconds ?? 5, retryBackoff: true };
  await jobs.createQueue(INVOICE_QUEUE, retry);
  await jobs.createQueue(INVOICE_MAIL_QUEUE, retry);
  await jobs.createQueue(INVOICE_SWEEP_QUEUE, { policy: 'singleton' });
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await jobs.work<OrderSettled>(INVOICE_QUEUE, { ...polling, batchSize: 200 }, async (batch) => {
    const confirm = new Set(batch.filter((job) => job.data.ticketsMail).map((j) => j.data.orderId));
    await settleInvoices(ctx, [...new Set(batch.map((job) => job.data.orderId))], confirm);
  });
  await jobs.work<InvoiceMailJob>(INVOICE_MAIL_QUEUE, polling, async (batch) => {
    for (const { data } of batch)
      if ('confirmOrderId' in data) await mailConfirmation(ctx, data.confirmOrderId);
      else await mailInvoice(ctx, data.invoiceId);
  });
  await jobs.work(INVOICE_SWEEP_QUEUE, polling, async () => {
    await sweepInvoices(ctx);
  });
  await jobs.schedule(INVOICE_SWEEP_QUEUE, '* * * * *');
}

/** Invoices and credit notes of paid orders, and MEA Events' own invoices (decision 059). */
export const invoicesModule: ServerModule = {
  name: 'invoices',
  routes: invoiceRoutes,
  workers: invoiceWorkers,
  confirmationWaits,
  seed: seedInvoices,
};
