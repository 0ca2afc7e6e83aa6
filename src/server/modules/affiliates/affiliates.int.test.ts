import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import {
  affiliateLedger,
  affiliateW9,
  affiliateW9Reads,
  referralClicks,
  referrals,
} from '../../db/schema/affiliates';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { acceptLanguage, requestAs, type Sender } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { foldClicks, settleSales } from './attribution.service';

const DAY = 86_400_000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestApp;
let affiliate: CreatedUser;
let other: CreatedUser;
let organizer: CreatedUser;
let buyer: CreatedUser;
let admin: CreatedUser;
type Who = 'affiliate' | 'other' | 'organizer' | 'buyer' | 'admin';
const cookies = {} as Record<Who, string>;
let code: string;
let eventId: string;
let typeId: string;
let bigTypeId: string;

const call = requestAs(
  () => t,
  () => cookies,
  { 'user-agent': BROWSER },
);

async function dashboard(who: Who = 'affiliate') {
  const response = await call(who, 'GET', '/api/affiliates/me');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    code: string;
    links: { eventId: string | null; clicks: number; conversions: number; earningsCents: number }[];
    balances: { pendingCents: number; dueCents: number; paidCents: number };
    ledger: { kind: string; amountCents: number }[];
  }>();
}
const linkFor = async (id: string | null) =>
  (await dashboard()).links.find((l) => l.eventId === id);

/** The spec §3 record as the minute job leaves it: pending clicks folded into `clicks` first. */
async function referralRow(id: string) {
  await foldClicks({ db: t.db });
  const rows = await t.db.select().from(referrals).where(eq(referrals.eventId, id));
  return rows[0];
}

/** Follows the link like a browser; returns the attribution cookie it set. */
async function follow(
  params: { code?: string; event?: string | null; session?: string; ua?: string; who?: Who } = {},
) {
  const query = new URLSearchParams();
  if (params.event !== null) query.set('event_id', params.event ?? eventId);
  if (params.session) query.set('session_id', params.session);
  const response = await call(
    params.who ?? 'signedOut',
    'GET',
    `/api/affiliates/r/${encodeURIComponent(params.code ?? code)}?${query}`,
    undefined,
    params.ua ? { 'user-agent': params.ua } : {},
  );
  const attribution = response.cookies.find((c) => c.name === 'mea_aff');
  return { response, cookie: attribution ? `mea_aff=${attribution.value}` : '' };
}

async function buy(quantity = 2, attribution = '', ticketTypeId = typeId) {
  const created = await call('buyer', 'POST', '/api/orders', {
    items: [{ ticketTypeId, quantity }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json<Order>();
  const sale = await call({ as: 'buyer', cookie: attribution }, 'POST', '/api/affiliates/sales', {
    orderId: order.id,
  });
  expect(sale.statusCode, sale.body).toBe(200);
  return { order, sale: sale.json<{ attributed: boolean; reason: string }>() };
}

async function pay(order: Order) {
  const session = order.checkoutUrl?.split('/pay/')[1] ?? 'none';
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${session}/pay`,
    payload: { name: 'Ada Obi', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
  });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
}

async function ledgerSum(affiliateId: string) {
  const [row] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${affiliateLedger.amountCents}), 0)::int` })
    .from(affiliateLedger)
    .where(eq(affiliateLedger.affiliateId, affiliateId));
  return row?.sum ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  affiliate = await createUser(t.db, { fullName: 'Ana Affiliate' });
  other = await createUser(t.db, { fullName: 'Otto Other' });
  organizer = await createUser(t.db, { userType: 'organizer', fullName: 'Olu Organizer' });
  buyer = await createUser(t.db, { fullName: 'Bea Buyer' });
  admin = await createUser(t.db, { fullName: 'Ada Admin', roles: ['admin'] });
  for (const [key, user] of Object.entries({ affiliate, other, organizer, buyer, admin }))
    cookies[key as Who] = await t.sessionCookie(user);
  const event = await createEvent(t.db, {
    userId: organizer.id,
    isFree: false,
    createdAt: t.clock.now(),
    // Far ahead: the tests move the clock past refund and cookie windows.
    startsAt: new Date(t.clock.now().getTime() + 365 * DAY),
  });
  eventId = event.id;
  typeId = (await createTicketType(t.db, { eventId, quantity: 100, priceCents: 4000 })).id;
  bigTypeId = (await createTicketType(t.db, { eventId, quantity: 100, priceCents: 40_000 })).id;

  const joined = await call('affiliate', 'POST', '/api/affiliates/join', { acceptTerms: true });
  expect(joined.statusCode, joined.body).toBe(200);
  code = (await dashboard()).code;
  const rule = await call('organizer', 'PUT', '/api/affiliates/commission', {
    eventId,
    isReferralBased: true,
    kind: 'percent',
    value: 1000,
  });
  expect(rule.statusCode, rule.body).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe('joining', () => {
  it('gives a short PROMO-XXXX-XXXX-XXXX code, and joining again keeps it', async () => {
    expect(code).toMatch(/^PROMO-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    await call('affiliate', 'POST', '/api/affiliates/join', { acceptTerms: true });
    expect((await dashboard()).code).toBe(code);
  });

  it('needs the terms accepted, naming the field', async () => {
    const response = await call('other', 'POST', '/api/affiliates/join', { acceptTerms: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields[0].field).toBe('body.acceptTerms');
  });
});

describe('click counting (/r/{promoId})', () => {
  it('first click creates the record with 1 click and redirects to the event with the cookies', async () => {
    const { response } = await follow({ session: 'session-one-aaaa' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/event/${eventId}`);
    expect(response.cookies.map((c) => c.name).sort()).toEqual(['affiliate_id', 'mea_aff']);
    const attribution = response.cookies.find((c) => c.name === 'mea_aff');
    expect(attribution?.httpOnly).toBe(true);
    expect(attribution?.maxAge).toBe(30 * 86_400);
    expect(await referralRow(eventId)).toMatchObject({
      clicks: 1,
      conversions: 0,
      earningsCents: 0,
    });
  });

  it('counts a repeated click of one browser session once, another session again', async () => {
    await follow({ session: 'session-one-aaaa' });
    await Promise.all([
      follow({ session: 'session-one-aaaa' }),
      follow({ session: 'session-one-aaaa' }),
    ]);
    expect((await referralRow(eventId))?.clicks).toBe(1);
    await follow({ session: 'session-two-bbbb' });
    expect((await referralRow(eventId))?.clicks).toBe(2);
    // After the window the same session counts again.
    t.clock.advance(11 * 60_000);
    await follow({ session: 'session-one-aaaa' });
    expect((await referralRow(eventId))?.clicks).toBe(3);
  });

  it('drops bots, the referrer’s own clicks and unknown codes, still sending the visitor on', async () => {
    const bot = await follow({ session: 'bot-session-cccc', ua: BOT });
    expect(bot.response.statusCode).toBe(302);
    const self = await follow({ session: 'self-session-dddd', who: 'affiliate' });
    expect(self.response.headers.location).toBe(`/event/${eventId}`);
    expect(self.cookie).toBe('');
    const unknown = await follow({ code: 'PROMO-nope', session: 'unknown-eeee' });
    expect(unknown.response.statusCode).toBe(302);
    expect(unknown.response.headers.location).toBe(`/event/${eventId}`);
    expect(unknown.cookie).toBe('');
    // The last character changed (to another one: a code can end in X itself).
    const forged = await follow({
      code: `${code.slice(0, -1)}${code.endsWith('X') ? 'Y' : 'X'}`,
      session: 'forged-ffff',
    });
    expect(forged.cookie).toBe('');
    expect((await referralRow(eventId))?.clicks).toBe(3);
    expect(await t.db.select().from(referralClicks)).toHaveLength(3);
  });

  it('counts concurrent clicks exactly: the dashboard before any fold, the record after folds that race', async () => {
    const before = (await referralRow(eventId))?.clicks ?? 0;
    // Twenty new browser sessions at once, and each of them twice.
    const sessions = Array.from({ length: 20 }, (_, i) => `burst-session-${i}-zzzz`);
    await Promise.all([...sessions, ...sessions].map((session) => follow({ session })));
    // Not folded yet: the dashboard adds the pending clicks to the record.
    expect(
      await t.db.$count(referralClicks, eq(referralClicks.pending, true)),
    ).toBeGreaterThanOrEqual(20);
    expect((await linkFor(eventId))?.clicks).toBe(before + 20);
    // Folds racing each other (two in small batches) add each click once.
    const folded = await Promise.all(
      [7, 7, 10_000].map((batch) => foldClicks({ db: t.db }, { batch })),
    );
    expect(folded.reduce((sum, n) => sum + n, 0)).toBe(20);
    expect((await referralRow(eventId))?.clicks).toBe(before + 20);
    expect((await linkFor(eventId))?.clicks).toBe(before + 20);
    const rows = await t.db.$count(
      referralClicks,
      sql`${referralClicks.referralId} = (select id from referrals where event_id = ${eventId}) and not ${referralClicks.test}`,
    );
    expect(rows).toBe(before + 20);
  });

  it('keeps a click while the referral record is locked (clicks no longer queue on that row)', async () => {
    const row = await referralRow(eventId);
    const clicked = await t.db.transaction(async (tx) => {
      // What an update of the record (the old per-click counter, a fold) holds.
      await tx.execute(sql`select 1 from referrals where id = ${row?.id} for no key update`);
      return Promise.race([
        follow({ session: 'while-locked-yyyy' }).then(() => 'kept'),
        new Promise<string>((resolve) => setTimeout(() => resolve('waited on the lock'), 3000)),
      ]);
    });
    expect(clicked).toBe('kept');
    expect((await referralRow(eventId))?.clicks).toBe((row?.clicks ?? 0) + 1);
  });

  it('sends a link without event_id home', async () => {
    const { response } = await follow({ event: null, session: 'home-session-gggg' });
    expect(response.headers.location).toBe('/');
  });
});

describe('conversions and commissions', () => {
  it('credits a paid order bought through the link, once, pending until the refund window closes', async () => {
    const { cookie } = await follow({ session: 'buyer-session-hhhh' });
    const { order, sale } = await buy(2, cookie);
    expect(sale).toEqual({ attributed: true, reason: 'recorded' });
    // The same sale reported again changes nothing.
    const again = await call({ as: 'buyer', cookie }, 'POST', '/api/affiliates/sales', {
      orderId: order.id,
    });
    expect(again.json()).toMatchObject({ attributed: true, reason: 'already' });
    // Not paid yet: nothing earned.
    expect((await dashboard()).balances).toEqual({ pendingCents: 0, dueCents: 0, paidCents: 0 });

    await pay(order);
    await settleSales({ db: t.db, clock: t.clock });
    const after = await dashboard();
    expect(after.balances).toEqual({ pendingCents: 800, dueCents: 0, paidCents: 0 });
    expect(await linkFor(eventId)).toMatchObject({ conversions: 1, earningsCents: 800 });
    expect(after.ledger.filter((e) => e.kind === 'commission')).toHaveLength(1);

    t.clock.advance(15 * DAY);
    expect((await dashboard()).balances).toEqual({ pendingCents: 0, dueCents: 800, paidCents: 0 });
    expect(await ledgerSum(affiliate.id)).toBe(800);
  });

  it('reverses a refund proportionally, and a full refund takes back the whole commission', async () => {
    const { cookie } = await follow({ session: 'buyer-session-iiii' });
    const { order } = await buy(1, cookie);
    await pay(order);
    await dashboard();
    expect(await linkFor(eventId)).toMatchObject({ conversions: 2, earningsCents: 1200 });
    const refund = (amountCents: number) =>
      call('organizer', 'POST', `/api/orders/${order.id}/refund`, { amountCents });
    expect((await refund(1000)).statusCode).toBe(200);
    await settleSales({ db: t.db, clock: t.clock });
    await settleSales({ db: t.db, clock: t.clock });
    expect((await dashboard()).balances.pendingCents).toBe(300);
    expect((await refund(3000)).statusCode).toBe(200);
    const after = await dashboard();
    expect(after.balances.pendingCents).toBe(0);
    expect(
      after.ledger
        .filter((e) => e.kind === 'reversal')
        .map((e) => e.amountCents)
        .sort((a, b) => a - b),
    ).toEqual([-300, -100]);
    expect(await linkFor(eventId)).toMatchObject({ conversions: 1, earningsCents: 800 });
    const b = after.balances;
    expect(b.pendingCents + b.dueCents + b.paidCents).toBe(await ledgerSum(affiliate.id));
  });

  it('gives nothing for a sale without a link, or for the referrer buying through their own link', async () => {
    const none = await buy(1);
    expect(none.sale).toEqual({ attributed: false, reason: 'no_referral' });
    const { cookie } = await follow({ session: 'own-session-jjjj' });
    const selfBuy = await call('affiliate', 'POST', '/api/orders', {
      items: [{ ticketTypeId: typeId, quantity: 1 }],
    });
    const orderId = selfBuy.json<Order>().id;
    const self = await call({ as: 'affiliate', cookie }, 'POST', '/api/affiliates/sales', {
      orderId,
    });
    expect(self.json()).toEqual({ attributed: false, reason: 'self' });
  });

  it('forgets a click older than the 30-day cookie window', async () => {
    t.clock.advance(-31 * DAY);
    const { cookie } = await follow({ session: 'old-session-kkkk' });
    t.clock.advance(31 * DAY);
    const { sale } = await buy(1, cookie);
    expect(sale).toEqual({ attributed: false, reason: 'expired' });
  });

  it('refuses to record someone else’s order', async () => {
    const { order } = await buy(1);
    const response = await call('other', 'POST', '/api/affiliates/sales', { orderId: order.id });
    expect(response.statusCode).toBe(404);
  });
});

describe('payouts', () => {
  it('are ledger entries checked against the due balance and the minimum', async () => {
    const pay = (amountCents: number, who: Who = 'admin') =>
      call(who, 'POST', '/api/affiliates/admin/payouts', {
        affiliateId: affiliate.id,
        amountCents,
        reference: 'PAYPAL-123',
      });
    expect((await pay(800, 'affiliate')).statusCode).toBe(403);
    const tooMuch = await pay(900);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.details.fields[0].field).toBe('body.amountCents');
    const inSpanish = await call(
      'admin',
      'POST',
      '/api/affiliates/admin/payouts',
      { affiliateId: affiliate.id, amountCents: 900, reference: 'PAYPAL-123' },
      acceptLanguage('es'),
    );
    expect(inSpanish.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Solo se adeudan $8.00',
    });
    // 8.00 due is below the 25.00 minimum.
    expect((await pay(800)).statusCode).toBe(400);
    expect((await dashboard()).balances.dueCents).toBe(800);
  });

  it('needs a W-9 once payouts reach the reporting threshold, and pays out against the ledger', async () => {
    // Two large sales, past their refund window: 10 % of 10 × 400.00 each.
    for (let i = 0; i < 2; i += 1) {
      const { cookie } = await follow({ session: `big-session-${i}-llll` });
      const { order } = await buy(10, cookie, bigTypeId);
      await pay(order);
    }
    t.clock.advance(15 * DAY);
    const due = (await dashboard()).balances.dueCents;
    expect(due).toBe(800 + 40_000 + 40_000);
    const payout = (amountCents: number) =>
      call('admin', 'POST', '/api/affiliates/admin/payouts', {
        affiliateId: affiliate.id,
        amountCents,
        reference: 'PAYPAL-456',
      });
    const blocked = await payout(due);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toMatch(/W-9/);
    // The affiliate reads French: the payout notification is written so.
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, affiliate.id));
    expect((await payout(5000)).statusCode).toBe(200);
    await t.db.update(users).set({ language: null }).where(eq(users.id, affiliate.id));
    const [sent] = await t.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(
        and(eq(notifications.userId, affiliate.id), eq(notifications.type, 'affiliate_payout')),
      );
    expect(sent?.title).toBe('Versement effectué');
    expect(sent?.message).toMatch(
      /^Nous vous avons versé 50,00\s\$US \(référence PAYPAL-456\)\.$/u,
    );
    const list = await call('admin', 'GET', '/api/affiliates/admin/affiliates');
    expect(list.json().affiliates[0].balances).toEqual({
      pendingCents: 0,
      dueCents: due - 5000,
      paidCents: 5000,
    });
    expect(await ledgerSum(affiliate.id)).toBe(due - 5000);
  });
});

describe('W-9', () => {
  const form = {
    name: 'Ana Affiliate',
    businessName: '',
    taxClassification: 'individual',
    address: '1 Main St',
    city: 'Austin',
    state: 'tx',
    zip: '78701',
    tinType: 'ssn',
    tin: '123-45-6789',
    certify: true,
    signatureName: 'Ana Affiliate',
    signedOn: '2026-11-21',
  };

  it('validates the TIN by its type and names the field', async () => {
    const bad = await call('affiliate', 'PUT', '/api/affiliates/w9', {
      ...form,
      tin: '12-3456789',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields.map((f: { field: string }) => f.field)).toContain(
      'body.tin',
    );
  });

  it('keeps the TIN encrypted: the API shows the last 4, and no table holds the digits', async () => {
    const saved = await call('affiliate', 'PUT', '/api/affiliates/w9', form);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('6789'.padStart(9, '12345'));
    expect(saved.json()).toMatchObject({
      onFile: true,
      tinMasked: '•••-••-6789',
      address: '1 Main St, Austin, TX 78701',
    });
    const [row] = await t.db.select().from(affiliateW9).where(eq(affiliateW9.userId, affiliate.id));
    expect(row?.tinSealed.startsWith('v1.')).toBe(true);
    const tables = await t.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const hits: string[] = [];
    for (const { name } of tables.rows) {
      const found = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(name)} x where x::text like '%123456789%' or x::text like '%123-45-6789%'`,
      );
      if ((found.rows[0]?.n ?? 0) > 0) hits.push(name);
    }
    expect(hits).toEqual([]);
    const pdf = await call('affiliate', 'GET', '/api/affiliates/w9.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('lets an admin read the full TIN, auditing each read; nobody else', async () => {
    const reveal = (who: Sender<Who>) =>
      call(who, 'POST', '/api/affiliates/admin/w9/reveal', { affiliateId: affiliate.id });
    expect((await reveal('affiliate')).statusCode).toBe(403);
    expect((await reveal('signedOut')).statusCode).toBe(401);
    const read = await reveal('admin');
    expect(read.json()).toEqual({ tin: '123456789' });
    const audit = await t.db.select().from(affiliateW9Reads);
    expect(audit).toMatchObject([{ userId: affiliate.id, readBy: admin.id }]);
  });

  it('lets the payout above the threshold through once the W-9 is on file', async () => {
    const response = await call('admin', 'POST', '/api/affiliates/admin/payouts', {
      affiliateId: affiliate.id,
      amountCents: 15_000,
      reference: 'PAYPAL-789',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await dashboard()).balances.paidCents).toBe(20_000);
  });
});

describe('access', () => {
  beforeAll(async () => {
    // The clock has moved past some 30-day sessions by now.
    for (const [key, user] of Object.entries({ affiliate, other, organizer, buyer, admin }))
      cookies[key as Who] = await t.sessionCookie(user);
  });

  it('asks signed-out visitors to sign in on personal routes', async () => {
    for (const [method, url] of [
      ['GET', '/api/affiliates/me'],
      ['POST', '/api/affiliates/join'],
      ['GET', '/api/affiliates/w9'],
      ['PUT', '/api/affiliates/w9'],
      ['GET', '/api/affiliates/w9.pdf'],
      ['POST', '/api/affiliates/sales'],
      ['GET', `/api/affiliates/commission?event_id=${eventId}`],
      ['GET', '/api/affiliates/test/activity'],
      ['GET', '/api/affiliates/admin/affiliates'],
    ] as const)
      expect(
        (await call('signedOut', method, url, method === 'GET' ? undefined : {})).statusCode,
        url,
      ).toBe(401);
  });

  it('keeps admin routes for admins, and an event’s commission for its organizer', async () => {
    expect((await call('organizer', 'GET', '/api/affiliates/admin/affiliates')).statusCode).toBe(
      403,
    );
    expect(
      (await call('other', 'GET', `/api/affiliates/commission?event_id=${eventId}`)).statusCode,
    ).toBe(404);
    const change = await call('other', 'PUT', '/api/affiliates/commission', {
      eventId,
      isReferralBased: false,
      kind: 'fixed',
      value: 1,
    });
    expect(change.statusCode).toBe(404);
    const own = await call('organizer', 'GET', `/api/affiliates/commission?event_id=${eventId}`);
    expect(own.json()).toEqual({ eventId, isReferralBased: true, kind: 'percent', value: 1000 });
    expect(
      (await call('admin', 'GET', `/api/affiliates/commission?event_id=${eventId}`)).statusCode,
    ).toBe(200);
  });

  it('shows another affiliate only their own figures, and the W-9 of nobody else', async () => {
    const mine = await call('other', 'GET', '/api/affiliates/me');
    expect(mine.json()).toMatchObject({ joined: false, links: [], ledger: [] });
    expect((await call('other', 'GET', '/api/affiliates/w9')).json()).toMatchObject({
      onFile: false,
    });
    expect((await call('other', 'GET', '/api/affiliates/w9.pdf')).statusCode).toBe(404);
    expect((await call('other', 'POST', '/api/affiliates/test/conversion')).statusCode).toBe(403);
  });
});

describe('test mode', () => {
  it('shows test clicks and conversions without touching real figures', async () => {
    const before = await referralRow(eventId);
    const clicked = await call('affiliate', 'POST', '/api/affiliates/track-click', {
      affiliateId: code,
      sessionId: 'test-session-mmmm',
      eventId,
      test: true,
    });
    expect(clicked.json()).toEqual({ counted: true });
    expect(clicked.cookies).toEqual([]);
    expect((await call('affiliate', 'POST', '/api/affiliates/test/conversion')).statusCode).toBe(
      200,
    );
    const activity = await call('affiliate', 'GET', '/api/affiliates/test/activity');
    expect(activity.json()).toMatchObject({ clicks: 1, conversions: 1 });
    expect((await referralRow(eventId))?.clicks).toBe(before?.clicks);
  });
});
