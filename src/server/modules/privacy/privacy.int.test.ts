import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatParticipants, chats, messages, orders, profiles } from '../../db/schema';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import { png } from '../../test/uploads';
import { must } from '../../platform/must';
import { keyOfUrl } from '../../platform/storage/storage';
import { sweepPrivacy } from './privacy.service';

const DAY = 86_400_000;
const NAME = 'Zebulon Quartermaine';
const EMAIL = 'zebulon.quartermaine@example.test';
const PHONE = '+1 555 0199 42';

let t: TestApp;
let person: CreatedUser;
let other: CreatedUser;
let admin: CreatedUser;
let avatarUrl: string;
let chatImageKey: string;
let eventId: string;

beforeAll(async () => {
  t = await createTestApp();
  person = await createUser(t.db, { email: EMAIL, fullName: NAME, phone: PHONE });
  other = await createUser(t.db, { fullName: 'Other Person', userType: 'organizer' });
  admin = await createUser(t.db, { roles: ['admin'] });
  avatarUrl = await t.files.put('avatars', 'png', await png(8, 8));
  await t.db
    .update(profiles)
    .set({ avatarUrl })
    .where(sql`id = ${person.id}`);
  chatImageKey = must(keyOfUrl(await t.files.put('chat', 'png', await png(4, 4))), 'key');
  const event = await createEvent(t.db, {
    userId: other.id,
    title: 'Privacy Fest',
    isFree: false,
    capacity: 100,
    createdAt: t.clock.now(),
  });
  eventId = event.id;
  const general = await createTicketType(t.db, { eventId, name: 'General', priceCents: 2500 });
  // A real purchase: the order, its ticket and the payment as the product writes them.
  const cookie = await t.sessionCookie(person);
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { items: [{ ticketTypeId: general.id, quantity: 1 }] },
  });
  const session = order.json().checkoutUrl.split('/pay/')[1];
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${session}/pay`,
    payload: { name: NAME, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
  });
  expect(paid.statusCode).toBe(200);
  await t.db.insert(orders).values({
    userId: person.id,
    currency: 'USD',
    subtotalCents: 1000,
    totalCents: 1000,
    metadata: { buyer_name: NAME, buyer_email: EMAIL, buyer_phone: PHONE },
  });
  const [chat] = await t.db
    .insert(chats)
    .values({ lastMessage: `Hi, ${NAME} here` })
    .returning();
  const chatId = must(chat, 'chat').id;
  await t.db.insert(chatParticipants).values([
    { chatId: chatId, userId: person.id },
    { chatId: chatId, userId: other.id },
  ]);
  await t.db.insert(messages).values([
    { chatId: chatId, senderId: person.id, body: 'Hello, see you at the fest' },
    { chatId: chatId, senderId: person.id, body: '', imageKey: chatImageKey },
    { chatId: chatId, senderId: other.id, body: 'Welcome!' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('download my data', () => {
  let exportId: string;

  it('builds a ZIP of everything about the person and mails them', async () => {
    const cookie = await t.sessionCookie(person);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/exports',
      headers: { cookie },
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ status: 'requested' });
    exportId = asked.json().id;
    await t.settle();
    const list = await get('/api/privacy/exports', cookie);
    expect(list.json().exports[0]).toMatchObject({ id: exportId, status: 'ready' });
    const mail = await waitForCapturedMail(t.db, EMAIL);
    expect(mail[0]?.subject).toBe('Your data is ready to download');

    const file = await get(`/api/privacy/exports/${exportId}/file`, cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(file.rawPayload);
    const read = async (name: string) =>
      JSON.parse(await must(zip.file(name), name).async('string'));
    expect((await read('data/profiles.json'))[0]).toMatchObject({ full_name: NAME, phone: PHONE });
    const [account] = await read('data/users.json');
    expect(account.email).toBe(EMAIL);
    expect(account).not.toHaveProperty('password_hash');
    expect(await read('data/orders.json')).toHaveLength(2);
    expect(await read('data/tickets.json')).toHaveLength(1);
    expect(await read('data/messages.json')).toHaveLength(2);
    expect(zip.file(`files/${keyOfUrl(avatarUrl)}`)).not.toBeNull();
    expect(zip.file(`files/${chatImageKey}`)).not.toBeNull();
  });

  it('gives the file to its owner only', async () => {
    const url = `/api/privacy/exports/${exportId}/file`;
    expect((await get(url, await t.sessionCookie(other))).statusCode).toBe(404);
    expect((await get(url, await t.sessionCookie(admin))).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
  });

  it('refuses a second request while one is being prepared', async () => {
    const cookie = await t.sessionCookie(other);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/exports',
      headers: { cookie },
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/exports',
      headers: { cookie },
    });
    expect(first.statusCode).toBe(202);
    // The first may already be built on a fast machine; then the second is a new request.
    expect([202, 409]).toContain(second.statusCode);
    await t.settle();
  });

  it('expires after seven days', async () => {
    const cookie = await t.sessionCookie(person);
    t.clock.advance(7 * DAY + 1000);
    const file = await get(`/api/privacy/exports/${exportId}/file`, cookie);
    expect(file.statusCode).toBe(404);
    expect(file.json().error.message).toBe('This download has expired');
    const list = await get('/api/privacy/exports', cookie);
    expect(list.json().exports[0]).toMatchObject({ id: exportId, status: 'expired' });
  });
});

describe('delete my account', () => {
  it('needs the password, waits 14 days, and signing in cancels it', async () => {
    const cookie = await t.sessionCookie(person);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/deletion',
      headers: { cookie },
      payload: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.fields[0].field).toBe('body.password');

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/deletion',
      headers: { cookie },
      payload: { password: person.password },
    });
    expect(asked.statusCode).toBe(200);
    const { eraseAfter } = asked.json().deletion;
    expect(new Date(eraseAfter).getTime() - t.clock.now().getTime()).toBe(14 * DAY);

    const pending = await get('/api/privacy/admin/deletions', await t.sessionCookie(admin));
    expect(pending.json().deletions.map((d: { email: string }) => d.email)).toContain(EMAIL);
    expect((await get('/api/privacy/admin/deletions', cookie)).statusCode).toBe(403);

    await t.signIn(person);
    expect((await get('/api/privacy/deletion', cookie)).json()).toEqual({ deletion: null });
  });

  it('takes a fresh sign-in instead of the password (passkey-only accounts), never an old one', async () => {
    const ask = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/privacy/deletion',
        headers: { cookie },
        payload: {},
      });
    const fresh = await t.signIn(person);
    t.clock.advance(11 * 60_000);
    const stale = await ask(fresh);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.details.fields[0].field).toBe('body.password');
    const again = await t.signIn(person);
    expect((await ask(again)).statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/privacy/deletion',
      headers: { cookie: again },
    });
    expect((await get('/api/privacy/deletion', again)).json()).toEqual({ deletion: null });
  });

  it('answers in the request language', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/deletion',
      headers: { cookie: await t.sessionCookie(person), 'accept-language': 'es' },
      payload: { password: 'not the password' },
    });
    expect(wrong.json().error.code).toBe('VALIDATION_FAILED');
    expect(wrong.json().error.message).toBe('La contraseña no es correcta');
  });

  it('erases the person after the grace: no trace of their email, name or phone anywhere', async () => {
    const cookie = await t.sessionCookie(person);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/deletion',
      headers: { cookie },
      payload: { password: person.password },
    });
    expect(asked.statusCode).toBe(200);
    await t.settle();
    const attendees = `/api/events/${eventId}/attendees.csv`;
    const organizer = await t.sessionCookie(other);
    const before = (await get(attendees, organizer)).body.trim().split('\r\n');
    expect(before).toHaveLength(2);
    t.clock.advance(13 * DAY);
    await sweepPrivacy(t);
    expect((await get('/api/privacy/deletion', cookie)).json().deletion).not.toBeNull();
    t.clock.advance(DAY + 1000);
    const started = Date.now();
    await sweepPrivacy(t);
    expect(Date.now() - started).toBeLessThan(30_000);

    expect(await tracesOf([EMAIL, NAME, PHONE])).toEqual([]);
    // The organizer's attendee list no longer has them.
    expect((await get(attendees, organizer)).body.trim().split('\r\n')).toHaveLength(1);
    // The session is gone, and the password no longer opens anything.
    expect((await get('/api/privacy/deletion', cookie)).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: EMAIL, password: person.password },
    });
    expect(signIn.statusCode).toBe(401);
    // Messages stay for the other party, from "Deleted user"; uploads are gone.
    const kept = await t.db.execute(sql`
      select p.full_name from messages m join profiles p on p.id = m.sender_id
      where m.sender_id = ${person.id}`);
    expect(kept.rows).toEqual([{ full_name: 'Deleted user' }, { full_name: 'Deleted user' }]);
    expect(await t.files.open(must(keyOfUrl(avatarUrl), 'key'))).toBeNull();
    expect(await t.files.open(chatImageKey)).toBeNull();
    const [order] = (
      await t.db.execute(sql`select count(*)::int as n from orders where user_id = ${person.id}`)
    ).rows;
    expect(order).toEqual({ n: 2 });
  }, 120_000);
});

/** Every text and JSON column of every table, searched for each value (any case). */
async function tracesOf(values: string[]): Promise<string[]> {
  const columns = await t.db.execute(sql`
    select table_name as "table", column_name as "column", data_type as type
    from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb')`);
  const found: string[] = [];
  for (const { table, column, type } of columns.rows as {
    table: string;
    column: string;
    type: string;
  }[]) {
    const text =
      type === 'jsonb' ? sql`${sql.identifier(column)}::text` : sql`${sql.identifier(column)}`;
    const result = await t.db.execute(sql`
      select ${sql.join(
        values.map(
          (value, i) =>
            sql`count(*) filter (where ${text} ilike ${`%${value}%`})::int as ${sql.identifier(`n${i}`)}`,
        ),
        sql`, `,
      )} from ${sql.identifier(table)}`);
    const counts = (result.rows[0] ?? {}) as Record<string, number>;
    values.forEach((value, i) => {
      if (counts[`n${i}`]) found.push(`${table}.${column}: ${value}`);
    });
  }
  return found;
}
