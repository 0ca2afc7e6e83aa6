import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { orders } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { must } from '../../platform/must';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { payThroughLocalWebhook } from '../../test/local-payments';
import { pdfText } from '../../test/pdf-text';
import { SmtpCapture } from '../../test/smtp-capture';
import { createTestApp, type TestApp } from '../../test/test-app';

// The mail goes to a real SMTP server: the test mailbox keeps no attachment content, and the
// PDF is what this test reads.
let t: TestApp;
const smtp = new SmtpCapture();

beforeAll(async () => {
  await smtp.start();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A received mail's decoded subject and text part and its first attached PDF's text. */
async function readMail(raw: string) {
  const attachment = /Content-Type: application\/pdf[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/;
  const pdf = must(attachment.exec(raw), 'pdf attachment');
  const bytes = (text: string) =>
    Buffer.from(
      text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`),
      'latin1',
    );
  // Quoted-printable and RFC 2047 words hold UTF-8 bytes as =XX: collected, then decoded once.
  const decode = (text: string) => {
    const escaped = bytes(text).toString('latin1');
    return decodeURIComponent(escaped.replace(/%(?![0-9A-F]{2})/g, '%25'));
  };
  // The subject is one run of encoded words (Q or B), which may split a character: bytes first.
  const subjectLine = must(/^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw), 'subject')[1] ?? '';
  const words = [...subjectLine.matchAll(/=\?UTF-8\?([QB])\?(.*?)\?=/gi)];
  const subject =
    words.length === 0
      ? subjectLine
      : Buffer.concat(
          words.map(([, encoding, word = '']) =>
            encoding?.toUpperCase() === 'B'
              ? Buffer.from(word, 'base64')
              : Buffer.from(decode(word.replace(/_/g, ' '))),
          ),
        ).toString('utf8');
  return {
    subject: subject.trim(),
    body: decode(raw.replace(pdf[0], '')),
    pdf: (await pdfText(Buffer.from(must(pdf[1], 'pdf body'), 'base64'))).join(''),
  };
}

/** An attendee reading in `language` buys `quantity` tickets and pays through the local provider. */
async function buyTickets(language: string, quantity: number) {
  const owner = await createUser(t.db, { userType: 'organizer' });
  const buyer = await createUser(t.db, { userType: 'attendee', fullName: 'Greta Berg' });
  await t.db.update(users).set({ language }).where(eq(users.id, buyer.id));
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: 'Jazz im Hof',
    isFree: false,
    startsAt: new Date('2027-07-01T19:00:00Z'),
    timezone: 'Europe/Berlin',
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, {
    eventId: event.id,
    name: 'Frühbucher',
    priceCents: 2500,
    quantity: 10,
  });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: await t.signIn(buyer) },
    payload: { items: [{ ticketTypeId: type.id, quantity }] },
  });
  expect(created.statusCode).toBe(201);
  const [row] = await t.db.select().from(orders).where(eq(orders.id, created.json<Order>().id));
  expect((await payThroughLocalWebhook(t, must(row, 'order'))).statusCode).toBe(200);
  await expect.poll(() => smtp.mailsTo(buyer.email).length > 0, { timeout: 10_000 }).toBe(true);
  return readMail(must(smtp.mailsTo(buyer.email)[0], 'mail').raw);
}

describe("tickets in the buyer's language", () => {
  it('sends a German attendee the ticket mail and PDF in German', async () => {
    const mail = await buyTickets('de', 2);
    expect(mail.subject).toBe('Ihre 2 Tickets für Jazz im Hof');
    expect(mail.body).toContain('<html lang="de" dir="ltr">');
    expect(mail.body).toContain('Hallo Greta Berg,');
    expect(mail.body.replace(/\s+/g, ' ')).toContain(
      'Ihre 2 Tickets für Jazz im Hof sind als PDF angehängt. Zeigen Sie den QR-Code am Eingang vor.',
    );
    expect(mail.body).toContain('Ihren Beleg ansehen');
    const text = mail.pdf;
    expect(text).toContain('Donnerstag, 1. Juli 2027 um 21:00 (Europe/Berlin)');
    expect(text).toContain('Inhaber: Greta Berg');
    expect(text).toContain('Ticketart: Frühbucher (25,00 $)');
    expect(text).toContain('Ticketstatus: gültig');
    expect(text).toContain('Zeigen Sie diesen Code am Eingang vor.');
    expect(text).not.toContain('Holder');
  });

  it('sends an Arabic reader the mail right to left and the PDF without English labels', async () => {
    const mail = await buyTickets('ar', 1);
    expect(mail.subject).toBe('تذكرتك لفعالية Jazz im Hof');
    expect(mail.body).toContain('<html lang="ar" dir="rtl">');
    const text = mail.pdf;
    // Extraction cannot give the Arabic labels back (their dots are separate mark glyphs, see
    // ticket-documents.ts); the names and no English label are what it can show.
    for (const name of ['Greta Berg', 'Frühbucher', 'Jazz im Hof']) expect(text).toContain(name);
    expect(text).not.toContain('Status');
    expect(text).not.toContain('Holder');
  });
});
