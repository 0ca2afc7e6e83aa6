import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventExport } from '../../../contracts/exports';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { capturedMailCount, linkFrom, waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestAs } from '../../test/request-as';

// An organizer's exports: each export's columns and rows in CSV and Excel, who may export,
// and the background path (progress, the emailed link that only its organizer can open).

let t: TestApp;
let owner: CreatedUser;
let eventId: string;
let cookies: Record<'owner' | 'other' | 'admin' | 'ada' | 'lee', string>;
type Who = keyof typeof cookies | 'signedOut';

const call = requestAs(
  () => t,
  () => cookies,
);

async function buyAndPay(who: Who, ticketTypeId: string, quantity: number) {
  const order = (
    await call(who, 'POST', '/api/orders', { items: [{ ticketTypeId, quantity }] })
  ).json<Order>();
  const session = order.checkoutUrl?.split('/pay/')[1];
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${session}/pay`,
    payload: { name: 'Ada', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
  });
  expect(paid.statusCode).toBe(200);
  return order;
}

const csvRows = (body: string) =>
  body
    .trim()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('","'));

async function readWorkbook(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  owner = await createUser(t.db, {
    userType: 'organizer',
    email: 'olga@example.com',
    fullName: 'Olga Owner',
  });
  cookies = {
    owner: await t.signIn(owner),
    other: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'] })),
    ada: await t.signIn(await createUser(t.db, { fullName: '=HYPERLINK("x")' })),
    lee: await t.signIn(await createUser(t.db, { fullName: 'Lee Lagos' })),
  };
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Export Jazz ${randomUUID().slice(0, 6)}`,
    isFree: false,
    capacity: 100,
    createdAt: t.clock.now(),
  });
  eventId = event.id;
  // Tokyo: a purchase at 23:30 UTC is the next morning there.
  await t.db.execute(sql`update events set timezone = 'Asia/Tokyo' where id = ${eventId}`);
  const general = await createTicketType(t.db, {
    eventId,
    name: 'General',
    priceCents: 2500,
    maxPerOrder: 10,
  });
  await buyAndPay('ada', general.id, 2);
  t.clock.advance(60_000);
  const lees = await buyAndPay('lee', general.id, 1);
  // A question per order and one per ticket, answered (the checkout's tables).
  const [company] = (
    await t.db.execute<{ id: string }>(sql`
      insert into event_questions (event_id, position, scope, type, label)
      values (${eventId}, 0, 'order', 'short_text', 'Company') returning id`)
  ).rows;
  const [diet] = (
    await t.db.execute<{ id: string }>(sql`
      insert into event_questions (event_id, position, scope, type, label)
      values (${eventId}, 1, 'ticket', 'multiple_choice', 'Dietary needs') returning id`)
  ).rows;
  const [leeTicket] = (
    await t.db.execute<{ id: string; type: string }>(
      sql`select id, ticket_type_id as type from tickets where order_id = ${lees.id}`,
    )
  ).rows;
  await t.db.execute(sql`
    insert into question_answers (order_id, question_id, ticket_type_id, ordinal, ticket_id, value)
    values (${lees.id}, ${company?.id}, null, 0, null, '"@Lagos Ltd"'::jsonb),
           (${lees.id}, ${diet?.id}, ${leeTicket?.type}, 0, ${leeTicket?.id}, '["vegan","nut-free"]'::jsonb)`);
  // Lee comes through the door.
  const ticket = await call('lee', 'GET', `/api/tickets/${leeTicket?.id}`);
  const checked = await call('owner', 'POST', `/api/events/${eventId}/check-in`, {
    code: ticket.json<{ code: string }>().code,
  });
  expect(checked.statusCode, checked.body).toBe(200);
});
afterAll(() => t.close());

const exportUrl = (kind: string, format: string) =>
  `/api/events/${eventId}/export?kind=${kind}&format=${format}`;

describe('streamed exports', () => {
  it('lists attendees with their answers, guarded, dates in the event time zone', async () => {
    const response = await call('owner', 'GET', exportUrl('attendees', 'csv'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="attendees-/);
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual([
      'Name',
      'Email',
      'Ticket',
      'Status',
      'Checked in at',
      'Purchased at',
      'Paid',
      'Currency',
      'Ticket id',
      'Order id',
      'Sales channel',
      'Company',
      'Dietary needs',
    ]);
    expect(rows).toHaveLength(3);
    // A name that would be a formula reads as text.
    expect(rows[0]?.[0]).toBe(`'=HYPERLINK(""x"")`);
    const lee = rows.find((r) => r[0] === 'Lee Lagos');
    expect(lee?.slice(2, 4)).toEqual(['General', 'Checked in']);
    expect(lee?.slice(6, 8)).toEqual(['25.00', 'USD']);
    expect(lee?.slice(10)).toEqual(['Online', `'@Lagos Ltd`, 'vegan; nut-free']);
    const tokyo = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Tokyo',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(t.clock.now());
    expect(lee?.[4]).toBe(tokyo);
  });

  it('keeps the attendee CSV of the attendee page at its old address', async () => {
    const response = await call('owner', 'GET', `/api/events/${eventId}/attendees.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="attendees-${eventId.slice(0, 8)}.csv"`,
    );
    expect(csvRows(response.body)).toHaveLength(4);
  });

  it('lists orders, check-ins and products', async () => {
    const orders = csvRows((await call('owner', 'GET', exportUrl('orders', 'csv'))).body);
    expect(orders[0]?.slice(0, 8)).toEqual([
      'Order id',
      'Ordered at',
      'Paid at',
      'Status',
      'Buyer',
      'Email',
      'Items',
      'Quantity',
    ]);
    expect(orders[0]?.slice(-2)).toEqual(['Sales channel', 'Company']);
    expect(orders.slice(1).map((r) => [r[3], r[6], r[7], r[10], r.at(-2), r.at(-1)])).toEqual([
      ['Paid', '2 × General', '2', '50.00', 'Online', ''],
      ['Paid', '1 × General', '1', '25.00', 'Online', `'@Lagos Ltd`],
    ]);
    const checkIns = csvRows((await call('owner', 'GET', exportUrl('check_ins', 'csv'))).body);
    expect(checkIns.map((r) => r[1])).toEqual(['Name', 'Lee Lagos']);
    expect(checkIns[1]?.[5]).toBe('Olga Owner');
    const products = csvRows((await call('owner', 'GET', exportUrl('products', 'csv'))).body);
    expect(products).toHaveLength(1);
    expect(products[0]?.[5]).toBe('Product');
  });

  it('writes Excel with date cells, amounts as numbers and guarded text', async () => {
    const response = await call('owner', 'GET', exportUrl('attendees', 'xlsx'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const rows = await readWorkbook(response.rawPayload);
    expect(rows).toHaveLength(4);
    expect(rows[0]?.[0]).toBe('Name');
    expect(rows[1]?.[0]).toBe(`'=HYPERLINK("x")`);
    const lee = rows.find((r) => r[0] === 'Lee Lagos');
    expect(lee?.[6]).toBe(25);
    expect(lee?.[5]).toBeInstanceOf(Date);
    expect(lee?.[10]).toBe('Online');
    expect(lee?.[12]).toBe('vegan; nut-free');
  });

  it('answers in the reader language', async () => {
    const spanish = { 'accept-language': 'es' };
    const response = await call('owner', 'GET', exportUrl('check_ins', 'csv'), undefined, spanish);
    expect(csvRows(response.body)[0]?.[1]).toBe('Nombre');
    const refused = await call('other', 'GET', exportUrl('orders', 'csv'), undefined, spanish);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect(refused.json().error.message).not.toBe('Only the event creator can manage its tickets');
  });

  it('is for the organizer and admins', async () => {
    const statuses = async (url: string, method: 'GET' | 'POST' = 'GET', body?: object) => [
      (await call('owner', method, url, body)).statusCode,
      (await call('admin', method, url, body)).statusCode,
      (await call('other', method, url, body)).statusCode,
      (await call('signedOut', method, url, body)).statusCode,
    ];
    expect(await statuses(exportUrl('orders', 'xlsx'))).toEqual([200, 200, 403, 401]);
    expect(await statuses(`/api/events/${eventId}/exports`)).toEqual([200, 200, 403, 401]);
    const body = { kind: 'orders', format: 'csv' };
    expect(await statuses(`/api/events/${eventId}/exports`, 'POST', body)).toEqual([
      202, 202, 403, 401,
    ]);
    expect((await call('owner', 'GET', exportUrl('tickets', 'csv'))).statusCode).toBe(400);
    await t.settle();
  });
});

describe('exports built in the background', () => {
  const start = async (app: TestApp, kind: string, format: string) => {
    const response = await app.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/exports`,
      headers: { cookie: cookies.owner },
      payload: { kind, format },
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<EventExport>();
  };

  it('finishes a short export for the page to download, without mail', async () => {
    const before = await capturedMailCount(t.db, owner.email);
    const started = await start(t, 'attendees', 'xlsx');
    expect(started).toMatchObject({ status: 'running', rowsTotal: 3, background: false });
    await t.settle();
    const url = `/api/events/${eventId}/exports/${started.id}`;
    expect((await call('owner', 'GET', url)).json()).toMatchObject({
      status: 'ready',
      rowsDone: 3,
      background: false,
    });
    const file = await call('owner', 'GET', `${url}/file`);
    expect(file.statusCode).toBe(200);
    expect(await readWorkbook(file.rawPayload)).toHaveLength(4);
    expect((await call('other', 'GET', `${url}/file`)).statusCode).toBe(403);
    expect(await capturedMailCount(t.db, owner.email)).toBe(before);
  });

  it('mails a long export link that opens only for its organizer, until it expires', async () => {
    const slow = await createTestApp({
      shareDatabaseOf: t,
      env: { EXPORT_BACKGROUND_AFTER_MS: '0' },
    });
    try {
      const started = await start(slow, 'orders', 'csv');
      expect(started.background).toBe(true);
      await slow.settle();
      await t.settle();
      const [mail] = await waitForCapturedMail(t.db, owner.email);
      expect(mail?.subject).toBe('Your export is ready');
      const link = new URL(linkFrom(mail?.text ?? '', 'http'));
      expect(link.pathname).toBe(`/event/${eventId}/exports`);
      const token = link.searchParams.get('download') ?? '';
      const download = `/api/exports/download?token=${encodeURIComponent(token)}`;
      const file = await call('owner', 'GET', download);
      expect(file.statusCode, file.body).toBe(200);
      expect(csvRows(file.body)).toHaveLength(3);
      expect((await call('other', 'GET', download)).statusCode).toBe(403);
      expect((await call('admin', 'GET', download)).statusCode).toBe(403);
      expect((await call('signedOut', 'GET', download)).statusCode).toBe(401);
      const forged = download.replace(/.{4}$/, 'AAAA');
      expect((await call('owner', 'GET', forged)).statusCode).toBe(404);
      const [notice] = (
        await t.db.execute<{ type: string; title: string }>(
          sql`select type, title from notifications where user_id = ${owner.id} and type = 'export_ready'`,
        )
      ).rows;
      expect(notice).toEqual({ type: 'export_ready', title: 'Your export is ready' });
      t.clock.advance(73 * 3_600_000);
      const expired = await call('owner', 'GET', download);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().error.message).toBe('This download link has expired');
    } finally {
      await slow.close();
    }
  });
});
