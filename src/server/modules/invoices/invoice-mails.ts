import { msg } from '@lingui/core/macro';
import { localeOrSource } from '../../../contracts/locales';
import { translator } from '../../platform/i18n/translate';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { renderMail } from '../../platform/mail/templates';
import { derivedKey } from '../../platform/secrets';
import { sendTicketsMail } from '../tickets/tickets.service';
import { ticketMailLinks } from '../wallet-passes/wallet-passes.service';
import { invoiceFileName, printInvoice } from './invoice-pdf';
import { findInvoice, invoicesOfOrder } from './invoices.queries';
import type { InvoiceDeps } from './invoices.service';

// The mails that carry an invoice or credit note: on its own, or attached to the order's
// confirmation when the seller invoices automatically. Both render the PDF here, on the mail
// queue, so issuing never waits for it.

/**
 * The confirmation mail of an order whose seller invoices automatically: its tickets and its
 * first invoice in one mail, in the buyer's language.
 */
export async function mailConfirmation(deps: InvoiceDeps, orderId: string) {
  const documents = await invoicesOfOrder(deps.db, orderId);
  const first = documents.find((d) => d.kind === 'invoice' && !d.cancelled);
  const invoice = first && (await findInvoice(deps.db, first.id));
  const tickets = {
    db: deps.db,
    clock: deps.clock,
    ticketKey: derivedKey(deps.config, 'ticket-codes'),
    jobs: deps.jobs,
    config: deps.config,
    mailLinks: ticketMailLinks,
  };
  if (!invoice) {
    await sendTicketsMail(tickets, orderId);
    return;
  }
  const pdf = await printInvoice(
    deps.files,
    { ...invoice, refersToNumber: null },
    deps.config.APP_NAME,
  );
  const number = invoice.number;
  await sendTicketsMail(tickets, orderId, {
    paragraphs: (locale) => [
      translator(localeOrSource(locale))(msg`Your invoice ${number} is attached as PDF.`),
    ],
    attachments: [
      {
        filename: `${invoiceFileName(number)}.pdf`,
        contentType: 'application/pdf',
        contentBase64: pdf.toString('base64'),
      },
    ],
  });
}

/** Mails one invoice or credit note to its buyer, the PDF attached, in the invoice's language. */
export async function mailInvoice(deps: InvoiceDeps, invoiceId: string) {
  const invoice = await findInvoice(deps.db, invoiceId);
  if (!invoice?.snapshot.buyer.email) return;
  const documents = await invoicesOfOrder(deps.db, invoice.orderId);
  const refersToNumber = documents.find((d) => d.id === invoice.id)?.refersToNumber ?? null;
  const locale = localeOrSource(invoice.language);
  const _ = translator(locale);
  const number = invoice.number;
  const name = invoice.snapshot.buyer.name;
  const isCredit = invoice.kind === 'credit_note';
  const message = renderMail({
    to: invoice.snapshot.buyer.email,
    locale,
    subject: isCredit ? _(msg`Your credit note ${number}`) : _(msg`Your invoice ${number}`),
    appName: deps.config.APP_NAME,
    greeting: _(msg`Hi ${name},`),
    paragraphs: [
      isCredit
        ? _(msg`Your credit note ${number} is attached as PDF.`)
        : _(msg`Your invoice ${number} is attached as PDF.`),
    ],
    action: {
      label: _(msg`View your receipt`),
      url: `${deps.config.PUBLIC_URL}/receipt?order=${invoice.orderId}`,
    },
  });
  const pdf = await printInvoice(deps.files, { ...invoice, refersToNumber }, deps.config.APP_NAME);
  await enqueueMail(deps.jobs, {
    ...message,
    attachments: [
      {
        filename: `${invoiceFileName(invoice.number)}.pdf`,
        contentType: 'application/pdf',
        contentBase64: pdf.toString('base64'),
      },
    ],
  });
}
