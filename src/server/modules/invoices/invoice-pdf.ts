import { msg } from '@lingui/core/macro';
import { intlLocale, isRightToLeft, localeOrSource } from '../../../contracts/locales';
import { formatMoney } from '../../../contracts/money';
import type { InvoiceRow } from './invoices.queries';
import { translator } from '../../platform/i18n/translate';
import { pdfInTicketFonts } from '../tickets/tickets.service';
import type { FileStore } from '../../platform/storage/storage';
import { readInvoiceLogo } from './invoice-logo';

// An invoice or credit note as an A4 PDF, drawn from its snapshot on demand (decision 059): the
// stored record is the invoice, the PDF only its print, so it is rendered when downloaded or
// mailed rather than for every issued number.

/** A file name for a document's number: its letters, digits, dots, dashes and underscores. */
export const invoiceFileName = (number: string) => number.replace(/[^\p{L}\p{N}._-]+/gu, '-');

const WIDTH = 595;
const HEIGHT = 842;
const MARGIN = 48;
const INNER = WIDTH - 2 * MARGIN;

/** Columns as [start, width] from the left margin, mirrored for right-to-left languages. */
const COLUMNS = {
  description: [0, 215],
  quantity: [220, 35],
  tax: [260, 80],
  net: [345, 75],
  gross: [425, 74],
} as const;

/** The PDF of a stored invoice, with the logo its snapshot links to. */
export async function printInvoice(
  files: FileStore,
  invoice: InvoiceRow & { refersToNumber: string | null },
  appName: string,
): Promise<Buffer> {
  const logo = await readInvoiceLogo(files, invoice.snapshot.seller.logoUrl);
  return invoicePdf(invoice, appName, logo);
}

/** The logo's box at the top of the first page: scaled down to fit, never up. */
const LOGO_BOX = { width: 160, height: 56 } as const;

async function invoicePdf(
  invoice: InvoiceRow & { refersToNumber: string | null },
  appName: string,
  /** The seller's logo as PNG bytes (invoice-logo.ts), or null for none. */
  logo: Buffer | null = null,
): Promise<Buffer> {
  const locale = localeOrSource(invoice.language);
  const _ = translator(locale);
  const rtl = isRightToLeft(locale);
  const format = intlLocale(locale);
  const money = (cents: number) => formatMoney(cents, invoice.currency, { locale: format });
  const { seller, buyer, lines, reverseCharge, reason } = invoice.snapshot;
  const { doc, addPage } = await pdfInTicketFonts();
  doc.setTitle(`${seller.legalName} ${invoice.number}`);
  doc.setCreator(appName);
  doc.setProducer(appName);
  let line = addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;

  const write = async (text: string, size = 10, column?: readonly [number, number]) => {
    const [start, width] = column ?? [0, INNER];
    const x = rtl ? MARGIN + INNER - start - width : MARGIN + start;
    await line(text, { x, y, size, maxWidth: width, rtl });
  };
  const next = (gap: number) => {
    y -= gap;
    if (y > MARGIN + 40) return;
    line = addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN;
  };

  if (logo) {
    const image = await doc.embedPng(logo);
    const size = image.scale(
      Math.min(1, LOGO_BOX.width / image.width, LOGO_BOX.height / image.height),
    );
    // At the line's start (the right edge in a right-to-left language), its top where the first
    // line's letters would reach; the seller's name follows under it.
    const x = rtl ? MARGIN + INNER - size.width : MARGIN;
    doc.getPage(0).drawImage(image, { x, y: y + 12 - size.height, ...size });
    next(size.height + 8);
  }
  await write(seller.legalName, 16);
  next(20);
  for (const part of seller.address.split('\n')) {
    await write(part);
    next(14);
  }
  if (seller.taxId) {
    const taxId = seller.taxId;
    await write(_(msg`VAT/tax ID: ${taxId}`));
    next(14);
  }
  next(16);
  const number = invoice.number;
  await write(
    invoice.kind === 'credit_note' ? _(msg`Credit note ${number}`) : _(msg`Invoice ${number}`),
    14,
  );
  next(18);
  const date = new Intl.DateTimeFormat(format, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(invoice.issuedAt),
  );
  await write(_(msg`Issued on ${date}`));
  next(14);
  if (invoice.refersToNumber) {
    const original = invoice.refersToNumber;
    await write(_(msg`Refers to invoice ${original}`));
    next(14);
  }
  if (reason) {
    await write(_(msg`Reason: ${reason}`));
    next(14);
  }
  next(12);
  await write(_(msg`Bill to`), 11);
  next(15);
  for (const part of [buyer.company ?? buyer.name, ...(buyer.address?.split('\n') ?? [])]) {
    await write(part);
    next(14);
  }
  if (buyer.email) {
    await write(buyer.email);
    next(14);
  }
  if (buyer.vatId) {
    const vatId = buyer.vatId;
    await write(_(msg`VAT ID: ${vatId}`));
    next(14);
  }
  next(16);
  await write(_(msg`Description`), 9, COLUMNS.description);
  await write(_(msg`Qty`), 9, COLUMNS.quantity);
  await write(_(msg`Tax`), 9, COLUMNS.tax);
  await write(_(msg`Net`), 9, COLUMNS.net);
  await write(_(msg`Total`), 9, COLUMNS.gross);
  next(16);
  for (const item of lines) {
    await write(item.description, 9, COLUMNS.description);
    await write(String(item.quantity), 9, COLUMNS.quantity);
    await write(item.taxName ? `${item.taxName} ${item.rate ?? ''}`.trim() : '-', 9, COLUMNS.tax);
    await write(money(item.net), 9, COLUMNS.net);
    await write(money(item.gross), 9, COLUMNS.gross);
    next(14);
  }
  next(10);
  const totals: [string, number][] = [
    [_(msg`Net total`), invoice.netCents],
    [_(msg`Tax total`), invoice.taxCents],
    [_(msg`Total`), invoice.grossCents],
  ];
  for (const [label, cents] of totals) {
    await write(label, 10, [260, 160]);
    await write(money(cents), 10, COLUMNS.gross);
    next(15);
  }
  if (reverseCharge) {
    next(8);
    await write(_(msg`Reverse charge: the recipient accounts for the VAT.`));
    next(14);
  }
  if (seller.footer) {
    next(14);
    for (const part of seller.footer.split('\n')) {
      await write(part, 8);
      next(11);
    }
  }
  return Buffer.from(await doc.save());
}
