import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdCampaign, AdCampaignReport, ServedItem } from '../../../contracts/promotions';
import { promoCampaigns, promoMarks } from '../../db/schema/promotions';
import { orders } from '../../db/schema/tickets';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { acceptLanguage, requestAs, type Sender } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, png } from '../../test/uploads';
import { pruneServeMarks, SERVE_MARKS_KEEP_MS } from './promotions.service';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY = 86_400_000;

let t: TestApp;
let vendor: CreatedUser;
let attendee: CreatedUser;
let moderator: CreatedUser;
let other: CreatedUser;
type Who = 'vendor' | 'other' | 'attendee' | 'moderator';
const cookies = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  vendor = await createUser(t.db, { userType: 'vendor', fullName: 'Lena Vendor' });
  other = await createUser(t.db, { userType: 'organizer', fullName: 'Otto Other' });
  attendee = await createUser(t.db, { fullName: 'Ada Attendee' });
  moderator = await createUser(t.db, { roles: ['moderator'], fullName: 'Mo Moderator' });
  for (const [name, user] of Object.entries({ vendor, other, attendee, moderator }))
    cookies[name as Who] = await t.sessionCookie(user);
}, 60_000);
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
  { 'user-agent': BROWSER },
);

const now = () => t.clock.now();
/** The value a step must have produced (fails the test at that step otherwise). */
function got<T>(value: T | null | undefined): T {
  expect(value).toBeDefined();
  expect(value).not.toBeNull();
  return value as T;
}
const draft = (overrides: object = {}) => ({
  headline: 'Book a DJ tonight',
  body: 'Weddings, clubs, festivals',
  imageAlt: 'A DJ at the decks',
  targetPath: `/vendor/${vendor.id}`,
  placement: 'home_billboard',
  startsAt: new Date(now().getTime() - 3600_000).toISOString(),
  endsAt: new Date(now().getTime() + 10 * DAY).toISOString(),
  dailyBudgetCents: 1000,
  totalBudgetCents: 5000,
  pricing: 'cpm',
  ...overrides,
});

async function create(overrides: object = {}, who: Who = 'vendor') {
  const response = await call(who, 'POST', '/api/promotions/campaigns', draft(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdCampaign>();
}

async function payFor(campaign: AdCampaign, who: Who = 'vendor') {
  const started = await call(who, 'POST', `/api/promotions/campaigns/${campaign.id}/checkout`);
  expect(started.statusCode, started.body).toBe(200);
  const { sessionId } = started.json<{ sessionId: string }>();
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${sessionId}/pay`,
    payload: {
      name: 'Lena Vendor',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    },
  });
  expect(paid.json().status).toBe('succeeded');
}

async function live(overrides: object = {}, who: Who = 'vendor') {
  const campaign = await create(overrides, who);
  await payFor(campaign, who);
  const approved = await call('moderator', 'POST', `/api/promotions/review/${campaign.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json<AdCampaign>();
}

async function serve(query: string, who: Sender<Who> = 'signedOut') {
  const response = await call(who, 'GET', `/api/promotions/serve?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: ServedItem[] }>().items;
}

const report = async (id: string, who: Who = 'vendor') =>
  (await call(who, 'GET', `/api/promotions/campaigns/${id}`)).json<AdCampaignReport>();

/** Ends every live campaign, so a test serves only its own. */
const clearLive = () =>
  t.db.update(promoCampaigns).set({ status: 'ended' }).where(eq(promoCampaigns.status, 'live'));

describe('buying a campaign', () => {
  it('create → pay → review → live → served labelled with a token → view and click counted once → report', async () => {
    await clearLive();
    const campaign = await create();
    expect(campaign).toMatchObject({ status: 'awaiting_payment', priceCents: 500, spentCents: 0 });
    // Not served before payment and review.
    expect(await serve('placement=home_billboard')).toEqual([]);
    await payFor(campaign);
    expect((await report(campaign.id)).campaign.status).toBe('in_review');
    expect(await serve('placement=home_billboard')).toEqual([]);
    const queue = await call('moderator', 'GET', '/api/promotions/review');
    expect(queue.json().campaigns.map((c: AdCampaign) => c.id)).toContain(campaign.id);
    await call('moderator', 'POST', `/api/promotions/review/${campaign.id}/approve`);

    const [item] = await serve('placement=home_billboard');
    expect(item).toMatchObject({
      headline: 'Book a DJ tonight',
      targetPath: `/vendor/${vendor.id}`,
    });
    expect(got(item).href).toMatch(/^\/api\/promotions\/go\//);
    // A duplicate beacon, the same token twice in one batch and a forged token count once.
    const beacon = (tokens: string[], ua = BROWSER) =>
      call('signedOut', 'POST', '/api/promotions/views', { tokens }, { 'user-agent': ua });
    expect((await beacon([got(item).token, got(item).token, 'x.y.z'])).json()).toEqual({
      counted: 1,
    });
    expect((await beacon([got(item).token])).json()).toEqual({ counted: 0 });
    const [second] = await serve('placement=home_billboard');
    expect((await beacon([got(second).token], BOT)).json()).toEqual({ counted: 0 });

    const click = await call('signedOut', 'GET', got(item).href);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(`/vendor/${vendor.id}`);
    await call('signedOut', 'GET', got(item).href); // the same serving clicked again
    const botClick = await call('signedOut', 'GET', got(second).href, undefined, {
      'user-agent': BOT,
    });
    expect(botClick.statusCode).toBe(302);
    expect(
      (await call('signedOut', 'GET', '/api/promotions/go/forged.token.here')).statusCode,
    ).toBe(404);

    const { campaign: after, days } = await report(campaign.id);
    expect(after).toMatchObject({ status: 'live', impressions: 1, clicks: 1 });
    // One CPM impression costs $5 / 1000 = 0.5 cents: the report rounds down, the row is exact.
    const [row] = await t.db
      .select()
      .from(promoCampaigns)
      .where(eq(promoCampaigns.id, campaign.id));
    expect(got(row).spentMillicents).toBe(500);
    expect(days).toEqual([
      { day: now().toISOString().slice(0, 10), impressions: 1, clicks: 1, spendCents: 0 },
    ]);
  });

  it('charges CPC campaigns per click, not per view', async () => {
    await clearLive();
    const campaign = await live({ pricing: 'cpc' });
    const [item] = await serve('placement=home_billboard');
    await call('signedOut', 'POST', '/api/promotions/views', { tokens: [got(item).token] });
    await call('signedOut', 'GET', got(item).href);
    const { campaign: after } = await report(campaign.id);
    expect(after).toMatchObject({ impressions: 1, clicks: 1, spentCents: 40 });
  });

  it('refunds a rejected campaign in full and never serves it', async () => {
    await clearLive();
    const campaign = await create();
    await payFor(campaign);
    const rejected = await call(
      'moderator',
      'POST',
      `/api/promotions/review/${campaign.id}/reject`,
      {
        note: 'Misleading headline',
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      reviewNote: 'Misleading headline',
    });
    const [row] = await t.db
      .select()
      .from(promoCampaigns)
      .where(eq(promoCampaigns.id, campaign.id));
    const [order] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, got(got(row).orderId)));
    expect(order).toMatchObject({ kind: 'ad_budget', status: 'refunded', refundedCents: 5000 });
    // A second rejection (a double click) changes nothing and refunds nothing more.
    const again = await call(
      'moderator',
      'POST',
      `/api/promotions/review/${campaign.id}/reject`,
      {},
    );
    expect(again.statusCode).toBe(409);
    expect(await serve('placement=home_billboard')).toEqual([]);
  });

  it('pauses, resumes, edits and ends', async () => {
    await clearLive();
    const campaign = await live();
    const paused = await call('vendor', 'POST', `/api/promotions/campaigns/${campaign.id}/pause`);
    expect(paused.json().status).toBe('paused');
    expect(await serve('placement=home_billboard')).toEqual([]);
    await call('vendor', 'POST', `/api/promotions/campaigns/${campaign.id}/resume`);
    const edited = await call('vendor', 'PATCH', `/api/promotions/campaigns/${campaign.id}`, {
      headline: 'New headline',
    });
    expect(edited.json().headline).toBe('New headline');
    expect((await serve('placement=home_billboard'))[0]?.headline).toBe('New headline');
    const image = multipart('image', 'dj.png', 'image/png', await png(300, 200));
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/promotions/campaigns/${campaign.id}/image`,
      headers: { cookie: cookies.vendor, ...image.headers },
      payload: image.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().imageUrl).toMatch(/^\/media\/showcase\//);
    await call('vendor', 'POST', `/api/promotions/campaigns/${campaign.id}/end`);
    expect(await serve('placement=home_billboard')).toEqual([]);
    expect(
      (await call('vendor', 'POST', `/api/promotions/campaigns/${campaign.id}/resume`)).statusCode,
    ).toBe(409);
  });
});

describe('who may do what', () => {
  it('lets sellers create, not attendees; validation names the field', async () => {
    expect((await call('attendee', 'POST', '/api/promotions/campaigns', draft())).statusCode).toBe(
      403,
    );
    expect((await call('signedOut', 'POST', '/api/promotions/campaigns', draft())).statusCode).toBe(
      401,
    );
    const outside = await call(
      'vendor',
      'POST',
      '/api/promotions/campaigns',
      draft({ targetPath: 'https://evil.example/x' }),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.details.fields[0].field).toBe('body.targetPath');
    const budget = await call(
      'vendor',
      'POST',
      '/api/promotions/campaigns',
      draft({ totalBudgetCents: 600, dailyBudgetCents: 900 }),
    );
    expect(budget.json().error.details.fields.map((f: { field: string }) => f.field)).toContain(
      'body.totalBudgetCents',
    );
  });

  it('keeps a campaign and its report to its owner; review to moderators', async () => {
    const campaign = await create();
    expect(
      (await call('other', 'GET', `/api/promotions/campaigns/${campaign.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('signedOut', 'GET', `/api/promotions/campaigns/${campaign.id}`)).statusCode,
    ).toBe(401);
    expect(
      (await call('other', 'POST', `/api/promotions/campaigns/${campaign.id}/checkout`)).statusCode,
    ).toBe(404);
    expect((await call('other', 'GET', '/api/promotions/campaigns')).json().campaigns).toEqual([]);
    expect((await call('vendor', 'GET', '/api/promotions/review')).statusCode).toBe(403);
    expect(
      (await call('vendor', 'POST', `/api/promotions/review/${campaign.id}/approve`)).statusCode,
    ).toBe(403);
    expect((await call('signedOut', 'GET', '/api/promotions/review')).statusCode).toBe(401);
  });
});

describe('selection', () => {
  it('respects the schedule, targeting and the linked event', async () => {
    await clearLive();
    const event = await createEvent(t.db, {
      userId: other.id,
      startsAt: new Date(now().getTime() + 2 * DAY),
      endsAt: new Date(now().getTime() + 2 * DAY + 3600_000),
    });
    const later = await live({
      startsAt: new Date(now().getTime() + DAY).toISOString(),
      headline: 'Later',
    });
    const music = await live({
      targetCategories: ['Music'],
      targetCities: ['Oakland'],
      headline: 'Music in Oakland',
    });
    const venues = await live({ targetAccountTypes: ['venue'], headline: 'For venues' });
    const forEvent = await live({ targetPath: `/event/${event.id}`, headline: 'Event' }, 'other');
    const headlines = async (query: string, who: Sender<Who> = 'signedOut') =>
      (await serve(`placement=home_billboard&limit=6&${query}`, who)).map((i) => i.headline).sort();

    expect(await headlines('')).toEqual(['Event', 'Music in Oakland']);
    expect(await headlines('category=Music&city=oakland')).toEqual(['Event', 'Music in Oakland']);
    expect(await headlines('category=Sports')).toEqual(['Event']);
    expect(await headlines('city=Paris')).toEqual(['Event']);
    expect(await headlines('', 'attendee')).toEqual(['Event', 'Music in Oakland']);
    expect(await headlines('', 'other')).toEqual(['Event', 'Music in Oakland']);

    // The linked event is cancelled: its campaign is never served again.
    await t.db.execute(sql`update events set event_status = 'cancelled' where id = ${event.id}`);
    expect(await headlines('')).toEqual(['Music in Oakland']);
    // Tomorrow the later one starts.
    t.clock.advance(DAY);
    expect(await headlines('')).toEqual(['Later', 'Music in Oakland']);
    t.clock.advance(-DAY);
    void later;
    void music;
    void venues;
    void forEvent;
  });

  it('caps views per viewer per day', async () => {
    await clearLive();
    await live({ frequencyCap: 2, headline: 'Capped' });
    const anon = { cookie: 'mea_pv=AAAAAAAAAAAAAAAAAAAAAA' };
    for (let i = 0; i < 2; i++) {
      const [item] = await serve('placement=home_billboard', anon);
      expect(item?.headline).toBe('Capped');
      await call(anon, 'POST', '/api/promotions/views', { tokens: [got(item).token] });
    }
    expect(await serve('placement=home_billboard', anon)).toEqual([]);
    // Another browser still sees it.
    const fresh = await serve('placement=home_billboard', {
      cookie: 'mea_pv=BBBBBBBBBBBBBBBBBBBBBB',
    });
    expect(fresh).toHaveLength(1);
  });

  it('never spends past the total or daily budget, and never serves an ended event (property)', async () => {
    const event = await createEvent(t.db, {
      userId: other.id,
      startsAt: new Date(now().getTime() + DAY),
      endsAt: new Date(now().getTime() + DAY + 3600_000),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            pricing: fc.constantFrom('cpm', 'cpc'),
            dailyBudgetCents: fc.integer({ min: 500, max: 520 }),
            extra: fc.integer({ min: 0, max: 30 }),
            linked: fc.boolean(),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.array(fc.constantFrom('view', 'click'), { minLength: 1, maxLength: 40 }),
        async (specs, actions) => {
          await clearLive();
          const ids: string[] = [];
          for (const spec of specs) {
            const [row] = await t.db
              .insert(promoCampaigns)
              .values({
                ownerId: vendor.id,
                status: 'live',
                headline: 'P',
                imageAlt: 'P',
                targetPath: spec.linked ? `/event/${event.id}` : `/vendor/${vendor.id}`,
                eventId: spec.linked ? event.id : null,
                placement: 'events_list',
                startsAt: new Date(now().getTime() - DAY),
                endsAt: new Date(now().getTime() + 5 * DAY),
                dailyBudgetCents: spec.dailyBudgetCents,
                totalBudgetCents: spec.dailyBudgetCents + spec.extra,
                pricing: spec.pricing,
                // Expensive units, so a few actions reach the budgets.
                priceCents: spec.pricing === 'cpm' ? 150_000 : 150,
              })
              .returning();
            ids.push(got(row).id);
          }
          const tokens: ServedItem[] = [];
          for (const action of actions) {
            const served = await serve('placement=events_list&limit=3', {
              cookie: `mea_pv=${'C'.repeat(21)}${action === 'view' ? 'v' : 'c'}`,
            });
            tokens.push(...served);
            const item = served[0];
            if (!item) continue;
            const answer =
              action === 'view'
                ? await call('signedOut', 'POST', '/api/promotions/views', {
                    tokens: served.map((s) => s.token),
                  })
                : await call('signedOut', 'GET', item.href);
            // The guarded charge stops at the budget itself; the table's check is a backstop
            // that would answer 500 here.
            expect(answer.statusCode).toBeLessThan(500);
          }
          // Replaying every token at once cannot pass a budget either.
          if (tokens.length)
            for (const answer of await Promise.all(
              tokens.map((s) =>
                call('signedOut', 'POST', '/api/promotions/views', { tokens: [s.token] }),
              ),
            ))
              expect(answer.statusCode).toBeLessThan(500);
          const rows = await t.db
            .select()
            .from(promoCampaigns)
            .where(sql`${promoCampaigns.id} in ${ids}`);
          for (const row of rows) {
            expect(row.spentMillicents).toBeLessThanOrEqual(row.totalBudgetCents * 1000);
            expect(row.daySpentMillicents).toBeLessThanOrEqual(row.dailyBudgetCents * 1000);
          }
          // After the linked event ends, none of its campaigns is served.
          t.clock.advance(2 * DAY);
          const later = await serve('placement=events_list&limit=6');
          t.clock.advance(-2 * DAY);
          expect(later.map((s) => s.targetPath)).not.toContain(`/event/${event.id}`);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe('once-only marks and their clean-up', () => {
  it('an expired serving still leads to its page but counts nothing, so the daily job can prune its marks', async () => {
    await clearLive();
    const campaign = await live({ pricing: 'cpc', headline: 'Kept a while' });
    const views = (token: string) =>
      call('signedOut', 'POST', '/api/promotions/views', { tokens: [token] });
    const [old] = await serve('placement=home_billboard');
    expect((await views(got(old).token)).json()).toEqual({ counted: 1 });
    expect((await call('signedOut', 'GET', got(old).href)).statusCode).toBe(302);

    t.clock.advance(SERVE_MARKS_KEEP_MS + 60_000);
    try {
      const [recent] = await serve('placement=home_billboard');
      expect((await views(got(recent).token)).json()).toEqual({ counted: 1 });
      // The old view and click marks go (with the earlier tests' marks); the recent one stays.
      expect(await pruneServeMarks({ db: t.db, clock: t.clock })).toBeGreaterThanOrEqual(2);
      const left = await t.db
        .select()
        .from(promoMarks)
        .where(eq(promoMarks.campaignId, campaign.id));
      expect(left).toHaveLength(1);
      expect(await pruneServeMarks({ db: t.db, clock: t.clock })).toBe(0);
      // Its marks are gone, but the old serving cannot count again: its token has expired.
      expect((await views(got(old).token)).json()).toEqual({ counted: 0 });
      const click = await call('signedOut', 'GET', got(old).href);
      expect(click.statusCode).toBe(302);
      expect(click.headers.location).toBe(`/vendor/${vendor.id}`);
      const { campaign: after } = await report(campaign.id);
      expect(after).toMatchObject({ impressions: 2, clicks: 1, spentCents: 40 });
    } finally {
      t.clock.advance(-(SERVE_MARKS_KEEP_MS + 60_000));
    }
  });
});

describe('placements other than the billboard', () => {
  it('serves a placement only its own campaigns, targeting categories whatever their case', async () => {
    await clearLive();
    await live({ placement: 'events_list', headline: 'In the list', targetCategories: ['Music'] });
    await live({ placement: 'event_sidebar', headline: 'Beside an event' });
    await live({ placement: 'search_results', headline: 'Among results' });
    const headlines = async (query: string) =>
      (await serve(`limit=6&${query}`)).map((item) => item.headline);
    expect(await headlines('placement=events_list&category=music')).toEqual(['In the list']);
    expect(await headlines('placement=events_list&category=Food')).toEqual([]);
    expect(await headlines('placement=event_sidebar&category=Food&city=Lagos')).toEqual([
      'Beside an event',
    ]);
    expect(await headlines('placement=search_results')).toEqual(['Among results']);
    expect(await headlines('placement=home_billboard')).toEqual([]);
  });
});

describe('in the reader’s language', () => {
  it('refuses an attendee’s campaign in French and Arabic, the code unchanged', async () => {
    const attempt = (language: string) =>
      call('attendee', 'POST', '/api/promotions/campaigns', draft(), acceptLanguage(language));
    expect((await attempt('fr')).json()).toMatchObject({
      error: {
        code: 'FORBIDDEN',
        message:
          'Seuls les organisateurs, les prestataires et les lieux peuvent faire de la promotion',
      },
    });
    expect((await attempt('ar')).json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: 'لا يحق الترويج إلا للمنظِّمين ومقدمي الخدمات والأماكن' },
    });
  });
});
