import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderInvoices } from '../../../contracts/invoices';
import type { Order } from '../../../contracts/tickets';
import { connectDatabase } from '../../db/client';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { waitForCapturedMail } from '../../test/mail';
import { pdfText } from '../../test/pdf-text';
import { acceptLanguage, requestAs, type Sender } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { issueInvoices, settleInvoices, sweepInvoices } from './invoices.service';

let t: TestApp;
let owner: CreatedUser;
let buyer: CreatedUser;
const cookies = {} as Record<'owner' | 'buyer' | 'other' | 'admin', string>;
type Who = Sender<keyof typeof cookies>;
const call = requestAs(
  () => t,
  () => cookies,
);

const PROFILE = {
  legalName: 'Bell Events Ltd',
  address: '12 Marina Road\nLagos',
  taxId: 'NG-123456',
  footer: 'Thank you for your business',
  logoUrl: null,
  numberPrefix: 'INV-',
  numberFormat: '{prefix}{year}-{number:5}',
  issueMode: 'automatic',
};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Marcus Bell' });
  buyer = await createUser(t.db, { fullName: 'Ada Obi' });
  cookies.owner = await t.signIn(owner);
  cookies.buyer = await t.signIn(buyer);
  cookies.other = await t.signIn(await createUser(t.db, { userType: 'organizer' }));
  cookies.admin = await t.signIn(await createUser(t.db, { roles: ['admin'] }));
});
afterAll(() => t.close());

async function saveProfile(who: Who, profile: object = PROFILE) {
  return call(who, 'PUT', '/api/invoices/profile', profile);
}

/** An order for `quantity` tickets of a new event of the owner, paid through the local provider. */
async function paidOrder(quantity = 2, priceCents = 2000) {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Lagos Jazz Brunch ${randomUUID().slice(0, 6)}`,
    isFree: false,
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, { eventId: event.id, name: 'Brunch seat', priceCents });
  const created = (
    await call('buyer', 'POST', '/api/orders', { items: [{ ticketTypeId: type.id, quantity }] })
  ).json<Order>();
  const session = created.checkoutUrl?.split('/pay/')[1] ?? 'none';
  const paid = await call('signedOut', 'POST', `/api/payments/local/sessions/${session}/pay`, {
    name: 'Ada Obi',
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
  });
  expect(paid.statusCode).toBeLessThan(300);
  await t.settle();
  return created;
}

const invoicesOf = async (orderId: string, who: Who = 'buyer') =>
  (await call(who, 'GET', `/api/orders/${orderId}/invoices`)).json<OrderInvoices>();

describe('invoices of paid orders', () => {
  it('issues the invoice by the job after payment, shows it to the buyer, organizer and admins only, and mails its PDF', async () => {
    expect((await saveProfile('owner')).json().profile.nextNumber).toBe('INV-2026-00001');
    const order = await paidOrder(2, 2000);
    const { invoices, canRequest } = await invoicesOf(order.id);
    expect(canRequest).toBe(false);
    expect(invoices).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        number: 'INV-2026-00001',
        grossCents: 4000,
        currency: 'USD',
        cancelled: false,
      }),
    ]);
    const status = async (who: Who) =>
      (await call(who, 'GET', `/api/orders/${order.id}/invoices`)).statusCode;
    expect(await status('owner')).toBe(200);
    expect(await status('admin')).toBe(200);
    expect(await status('other')).toBe(404);
    expect(await status('signedOut')).toBe(401);

    const pdfUrl = invoices[0]?.pdfUrl ?? '';
    const pdf = await call('buyer', 'GET', pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).join(' ');
    for (const part of [
      'Bell Events Ltd',
      'Invoice INV-2026-00001',
      'Ada Obi',
      'Brunch seat',
      '$40.00',
    ])
      expect(text).toContain(part);
    expect((await call('owner', 'GET', pdfUrl)).statusCode).toBe(200);
    expect((await call('admin', 'GET', pdfUrl)).statusCode).toBe(200);
    expect((await call('other', 'GET', pdfUrl)).statusCode).toBe(404);
    expect((await call('signedOut', 'GET', pdfUrl)).statusCode).toBe(401);

    // The seller invoices automatically: the invoice rides in the tickets mail, not a mail of its own.
    const mails = await waitForCapturedMail(t.db, buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your 2 tickets for ${order.items[0]?.eventTitle}`);
    expect(mails[0]?.attachments.map((a) => a.filename)).toContain('INV-2026-00001.pdf');
  });

  it('issues an order its invoice exactly once, however often the job and the sweep run', async () => {
    const order = await paidOrder(1, 1500);
    await settleInvoices(t, [order.id]);
    await settleInvoices(t, [order.id, order.id]);
    await sweepInvoices(t);
    await Promise.all([issueInvoices(t.db, t.clock.now(), [order.id]), sweepInvoices(t)]);
    expect((await invoicesOf(order.id)).invoices).toHaveLength(1);
  });

  it('issues a credit note for each refund, from the same sequence, that adds up to the invoice', async () => {
    const order = await paidOrder(2, 2000);
    const [invoice] = (await invoicesOf(order.id)).invoices;
    const refund = (amountCents?: number) =>
      call('owner', 'POST', `/api/orders/${order.id}/refund`, amountCents ? { amountCents } : {});
    expect((await refund(1000)).statusCode).toBe(200);
    await t.settle();
    expect((await refund()).statusCode).toBe(200);
    await t.settle();
    const { invoices } = await invoicesOf(order.id);
    const notes = invoices.filter((i) => i.kind === 'credit_note');
    expect(notes.map((n) => n.grossCents)).toEqual([-1000, -3000]);
    expect(notes.every((n) => n.refersToNumber === invoice?.number)).toBe(true);
    const sequence = (n: string) => Number(n.slice(-5));
    expect(notes.map((n) => sequence(n.number))).toEqual([
      sequence(invoice?.number ?? '') + 1,
      sequence(invoice?.number ?? '') + 2,
    ]);
    const pdf = await call('buyer', 'GET', notes[0]?.pdfUrl ?? '');
    const text = (await pdfText(pdf.rawPayload)).join(' ');
    expect(text).toContain(`Refers to invoice ${invoice?.number}`);
    expect(text).toContain('-$10.00');
  });

  it('cancels and re-issues an invoice with corrected buyer details (organizer only)', async () => {
    const order = await paidOrder(1, 3000);
    const [invoice] = (await invoicesOf(order.id)).invoices;
    const buyerDetails = {
      buyer: {
        name: 'Ada Obi',
        company: 'Obi Consulting',
        address: '4 Allen Avenue\nIkeja',
        vatId: null,
      },
    };
    const url = `/api/invoices/${invoice?.id}/reissue`;
    expect((await call('buyer', 'POST', url, buyerDetails)).statusCode).toBe(403);
    expect((await call('other', 'POST', url, buyerDetails)).statusCode).toBe(404);
    const answer = await call('owner', 'POST', url, buyerDetails);
    expect(answer.statusCode).toBe(200);
    const { invoices } = answer.json<OrderInvoices>();
    expect(invoices.map((i) => [i.kind, i.grossCents, i.cancelled])).toEqual([
      ['invoice', 3000, true],
      ['credit_note', -3000, false],
      ['invoice', 3000, false],
    ]);
    expect((await call('owner', 'POST', url, buyerDetails)).statusCode).toBe(409);
    const reissued = await call('buyer', 'GET', invoices[2]?.pdfUrl ?? '');
    expect((await pdfText(reissued.rawPayload)).join(' ')).toContain('Obi Consulting');
  });

  it('issues on request when the organizer chose so, and says no in the buyer’s language otherwise', async () => {
    await saveProfile('owner', { ...PROFILE, issueMode: 'on_request' });
    const order = await paidOrder(1, 1000);
    expect(await invoicesOf(order.id)).toEqual({ invoices: [], canRequest: true });
    expect((await invoicesOf(order.id, 'owner')).canRequest).toBe(false);
    expect((await call('other', 'POST', `/api/orders/${order.id}/invoices`)).statusCode).toBe(404);
    const asked = await call('buyer', 'POST', `/api/orders/${order.id}/invoices`);
    expect(asked.json<OrderInvoices>().invoices).toHaveLength(1);
    const refused = await call(
      'owner',
      'POST',
      `/api/orders/${order.id}/invoices`,
      undefined,
      acceptLanguage('es'),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'CONFLICT',
      message: 'No se puede emitir una factura para este pedido',
    });
    await saveProfile('owner');
  });

  it('keeps the platform profile to admins and checks the profile fields', async () => {
    expect((await call('owner', 'GET', '/api/invoices/platform-profile')).statusCode).toBe(403);
    expect((await call('signedOut', 'GET', '/api/invoices/platform-profile')).statusCode).toBe(401);
    const saved = await call('admin', 'PUT', '/api/invoices/platform-profile', {
      ...PROFILE,
      legalName: 'MEA Events Inc.',
      numberPrefix: 'MEA-',
    });
    expect(saved.json().profile).toMatchObject({
      legalName: 'MEA Events Inc.',
      nextNumber: 'MEA-2026-00001',
    });
    const bad = await saveProfile('owner', { ...PROFILE, legalName: ' ', numberFormat: 'INV' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['body.legalName', 'body.numberFormat']);
  });
});

describe('gapless numbering under concurrency', () => {
  it('numbers 200 orders issued at once by two connection pools 1..200, each once', async () => {
    const seller = await createUser(t.db, { userType: 'organizer' });
    await t.db.execute(sql`
      insert into billing_profiles (seller_key, legal_name, address, number_prefix, number_format)
      values (${seller.id}, 'Gapless Ltd', 'Abuja', 'G-', '{prefix}{number}')`);
    const event = await createEvent(t.db, {
      userId: seller.id,
      title: 'Gapless',
      isFree: false,
      createdAt: t.clock.now(),
    });
    const type = await createTicketType(t.db, { eventId: event.id, priceCents: 500 });
    const inserted = await t.db.execute<{ id: string }>(sql`
      with o as (
        insert into orders (user_id, kind, status, currency, subtotal_cents, total_cents, paid_at)
        select ${buyer.id}, 'tickets', 'paid', 'USD', 500, 500, ${t.clock.now()}
        from generate_series(1, 200)
        returning id
      ), i as (
        insert into order_items (order_id, event_id, ticket_type_id, quantity, unit_price_cents)
        select id, ${event.id}, ${type.id}, 1, 500 from o
      )
      select id from o`);
    const ids = inserted.rows.map((r) => r.id);
    const second = connectDatabase(t.databaseUrl, { max: 5 });
    try {
      const chunks = (list: string[]) =>
        Array.from({ length: list.length / 10 }, (_, i) => list.slice(i * 10, i * 10 + 10));
      // Both pools try every order, in opposite orders, several batches at a time.
      const run = (db: typeof t.db, list: string[]) =>
        Promise.all(chunks(list).map((chunk) => issueInvoices(db, t.clock.now(), chunk)));
      await Promise.all([run(t.db, ids), run(second.db, [...ids].reverse())]);
    } finally {
      await second.close();
    }
    const numbers = await t.db.execute<{ sequence: number; order_id: string }>(sql`
      select sequence, order_id from invoices where seller_key = ${seller.id} order by sequence`);
    expect(numbers.rows.map((r) => r.sequence)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    expect(new Set(numbers.rows.map((r) => r.order_id)).size).toBe(200);
  });
});
