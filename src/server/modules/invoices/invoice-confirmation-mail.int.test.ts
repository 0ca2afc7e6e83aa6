import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderInvoices } from '../../../contracts/invoices';
import type { Order } from '../../../contracts/tickets';
import { orders } from '../../db/schema/tickets';
import { must } from '../../platform/must';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { payThroughLocalWebhook } from '../../test/local-payments';
import { pdfText } from '../../test/pdf-text';
import { SmtpCapture } from '../../test/smtp-capture';
import { createTestApp, type TestApp } from '../../test/test-app';

// The mails go to a real SMTP server: the test mailbox keeps no attachment content, and the
// attached PDFs are what these tests read.
let t: TestApp;
const smtp = new SmtpCapture();

beforeAll(async () => {
  await smtp.start();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
});

/** A received mail's text (quoted-printable undone) and its PDF attachments by file name. */
function readMail(raw: string) {
  const part =
    /Content-Type: application\/pdf[^\r\n]*(?:\r\n[ \t][^\r\n]*)*\r\n(?:[\w-]+: [^\r\n]*\r\n)*\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/g;
  const pdfs = new Map<string, Buffer>();
  for (const match of raw.matchAll(part)) {
    const name = must(/filename="?([^"\r\n;]+)/.exec(match[0]), 'file name')[1] ?? '';
    pdfs.set(name, Buffer.from(match[1] ?? '', 'base64'));
  }
  const text = raw
    .replace(part, '')
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { text, pdfs };
}

const mailsTo = (email: string) => smtp.mailsTo(email);

async function organizerWithProfile(issueMode: 'automatic' | 'on_request') {
  const owner = await createUser(t.db, { userType: 'organizer', fullName: 'Layla Haddad' });
  const cookie = await t.signIn(owner);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/invoices/profile',
    headers: { cookie },
    payload: {
      legalName: 'Haddad Concerts LLC',
      address: '4 Corniche Street\nMuscat',
      taxId: 'OM-778899',
      footer: 'Thank you',
      numberPrefix: `HC${randomUUID().slice(0, 4)}-`,
      numberFormat: '{prefix}{number:4}',
      issueMode,
    },
  });
  expect(saved.statusCode).toBe(200);
  return owner;
}

/** The buyer buys two tickets of a new event of `owner` and pays through the local provider. */
async function buyTwoTickets(owner: CreatedUser) {
  const buyer = await createUser(t.db, { fullName: 'Omar Saleh' });
  const cookie = await t.signIn(buyer);
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: 'Oud by the Sea',
    isFree: false,
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, {
    eventId: event.id,
    name: 'Terrace',
    priceCents: 3000,
  });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { items: [{ ticketTypeId: type.id, quantity: 2 }] },
  });
  expect(created.statusCode).toBe(201);
  const [row] = await t.db.select().from(orders).where(eq(orders.id, created.json<Order>().id));
  expect((await payThroughLocalWebhook(t, must(row, 'order'))).statusCode).toBe(200);
  await expect.poll(() => mailsTo(buyer.email).length, { timeout: 15_000 }).toBeGreaterThan(0);
  // Whatever else the jobs would send has been sent once the app is idle.
  await t.settle();
  return { buyer, cookie, orderId: must(row, 'order').id };
}

describe('the invoice in the order confirmation mail', () => {
  it('attaches the invoice PDF beside the tickets when the organizer invoices automatically, in one mail', async () => {
    const owner = await organizerWithProfile('automatic');
    const { buyer, cookie, orderId } = await buyTwoTickets(owner);
    const invoices = (
      await t.app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}/invoices`,
        headers: { cookie },
      })
    ).json<OrderInvoices>().invoices;
    expect(invoices).toHaveLength(1);
    const number = must(invoices[0], 'invoice').number;

    const mails = mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    const mail = readMail(must(mails[0], 'mail').raw);
    expect([...mail.pdfs.keys()].sort()).toEqual(
      [`${number}.pdf`, 'ticket-1.pdf', 'ticket-2.pdf'].sort(),
    );
    expect(mail.text).toContain(`Your invoice ${number} is attached as PDF.`);
    expect(mail.text).toContain('Your 2 tickets for Oud by the Sea');
    const invoiceText = (await pdfText(must(mail.pdfs.get(`${number}.pdf`), 'pdf'))).join(' ');
    for (const part of ['Haddad Concerts LLC', `Invoice ${number}`, 'Omar Saleh', '$60.00'])
      expect(invoiceText).toContain(part);
    const ticketText = (await pdfText(must(mail.pdfs.get('ticket-1.pdf'), 'pdf'))).join(' ');
    expect(ticketText).toContain('Omar Saleh');
  });

  it('sends the tickets alone when the organizer issues invoices on request', async () => {
    const owner = await organizerWithProfile('on_request');
    const { buyer } = await buyTwoTickets(owner);
    const mails = mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    const mail = readMail(must(mails[0], 'mail').raw);
    expect([...mail.pdfs.keys()].sort()).toEqual(['ticket-1.pdf', 'ticket-2.pdf']);
    expect(mail.text).not.toContain('Your invoice');
  });
});
