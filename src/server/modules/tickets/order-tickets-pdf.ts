import { PDFDocument } from 'pdf-lib';
import type { Locale } from '../../../contracts/locales';
import { ticketPdf } from './ticket-documents';
import { listOrderTickets, type TicketDeps } from './ticket-reads';

/**
 * Every ticket of an order in one PDF, a page each (the same page as the single ticket's PDF):
 * printed at the box office after a sale (decision 117). Null when the order has no tickets
 * yet (a card sale not yet paid).
 */
export async function orderTicketsPdf(
  deps: TicketDeps,
  params: { orderId: string; appName: string; locale: Locale },
): Promise<Buffer | null> {
  const issued = await listOrderTickets(deps, params.orderId);
  if (!issued.length) return null;
  const merged = await PDFDocument.create();
  merged.setCreator(params.appName);
  merged.setProducer(params.appName);
  merged.setTitle(issued[0]?.event.title ?? params.appName);
  for (const ticket of issued) {
    const one = await PDFDocument.load(await ticketPdf(ticket, params.appName, params.locale));
    const pages = await merged.copyPages(one, one.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return Buffer.from(await merged.save());
}
