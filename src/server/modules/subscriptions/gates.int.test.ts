import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../../contracts/subscriptions';
import { events } from '../../db/schema/events';
import { subscriptions } from '../../db/schema/subscriptions';
import { must } from '../../platform/must';
import { createUser, type CreatedUser } from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FREE_CAMPAIGN_EMAILS_PER_MONTH, FREE_TIER } from './subscriptions.policy';
import { subscriptionsModule } from './subscriptions.module';

// spec §6 plan gating where the features live (decision 021): event capacity
// (events), ticket quantities (tickets), announcements to attendees (notifications) and the
// monthly campaign emails (marketing). Access matrix per gate: the free tier, Starter (500
// attendees, messaging), Pro (5,000), and an admin without a plan (held to the free tier).

type Who = 'free' | 'starter' | 'pro' | 'admin';
let t: TestApp;
let plans: Plan[];
const people = {} as Record<Who, CreatedUser>;
const cookies = {} as Record<Who, string>;

const planNamed = (name: string) =>
  must(
    plans.find((p) => p.name === name),
    name,
  );

async function onPlan(userId: string, name: string) {
  const now = t.clock.now();
  await t.db.insert(subscriptions).values({
    userId,
    planId: planNamed(name).id,
    status: 'active',
    provider: 'local',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await t.db.transaction((tx) =>
    must(subscriptionsModule.seed, 'seed')(tx, { now: t.clock.now(), joinedAt: t.clock.now() }),
  );
  plans = (await t.app.inject({ url: '/api/subscription-plans' })).json<{ plans: Plan[] }>().plans;
  for (const who of ['free', 'starter', 'pro', 'admin'] as const) {
    people[who] = await createUser(t.db, {
      userType: 'organizer',
      roles: who === 'admin' ? ['admin'] : [],
    });
    cookies[who] = await t.sessionCookie(people[who]);
  }
  await onPlan(people.starter.id, 'Starter');
  await onPlan(people.pro.id, 'Pro');
});
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);

const eventBody = (capacity: number | null) => ({
  title: 'Harbour Sessions',
  description: 'Live music by the water.',
  category: 'Music',
  startsAt: '2031-06-05T19:00:00-07:00',
  timezone: 'America/Los_Angeles',
  venueName: 'Pier 7',
  city: 'Oakland',
  capacity,
});

async function newEvent(who: Who, capacity: number | null) {
  const created = await call(who, 'POST', '/api/events', eventBody(capacity));
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: string }>().id;
}

/** A refusal of a plan gate: 403, the words name a plan and /pricing, the details say so too. */
function expectPlanRefusal(
  response: { statusCode: number; json: () => unknown },
  expected: { message: RegExp; field?: string },
) {
  expect(response.statusCode).toBe(403);
  const { error } = response.json() as {
    error: { code: string; message: string; details: Record<string, unknown> };
  };
  expect(error.code).toBe('FORBIDDEN');
  expect(error.message).toMatch(expected.message);
  expect(error.message).toMatch(/See \/pricing\.$/);
  expect(error.details).toMatchObject({ pricingPath: '/pricing' });
  if (expected.field)
    expect(error.details.fields).toEqual([{ field: expected.field, message: error.message }]);
}

describe('event capacity (max_attendees)', () => {
  it('access matrix: each plan’s limit, the field named, the plan that allows it', async () => {
    const outcomes: [Who, number, number][] = [
      ['free', FREE_TIER.maxAttendees, 201],
      ['free', FREE_TIER.maxAttendees + 1, 403],
      ['starter', 500, 201],
      ['starter', 501, 403],
      ['pro', 5000, 201],
      ['pro', 5001, 403],
      // An admin is held to their own plan: plans are billing, not permissions.
      ['admin', FREE_TIER.maxAttendees + 1, 403],
    ];
    for (const [who, capacity, status] of outcomes) {
      const response = await call(who, 'POST', '/api/events', eventBody(capacity));
      expect({ who, capacity, status: response.statusCode }).toEqual({ who, capacity, status });
    }
    expectPlanRefusal(await call('free', 'POST', '/api/events', eventBody(400)), {
      message: /allows up to 250 attendees per event\. The Starter plan allows 500\./,
      field: 'body.capacity',
    });
    expectPlanRefusal(await call('pro', 'POST', '/api/events', eventBody(6000)), {
      message: /The Enterprise plan allows unlimited\./,
      field: 'body.capacity',
    });
    // No capacity: the ticket quantities are held to the plan instead (below).
    expect((await call('free', 'POST', '/api/events', eventBody(null))).statusCode).toBe(201);
  });

  it('an edit past the plan is refused; an admin edits on the owner’s plan', async () => {
    const id = await newEvent('free', 200);
    expectPlanRefusal(await call('free', 'PATCH', `/api/events/${id}`, { capacity: 300 }), {
      message: /Starter plan allows 500/,
      field: 'body.capacity',
    });
    expect((await call('admin', 'PATCH', `/api/events/${id}`, { capacity: 300 })).statusCode).toBe(
      403,
    );
    const proEvent = await newEvent('pro', 1000);
    const byAdmin = await call('admin', 'PATCH', `/api/events/${proEvent}`, { capacity: 2000 });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ capacity: 2000 });
  });

  it('a downgrade deletes nothing: the bigger event stays and may shrink, never grow', async () => {
    const owner = await createUser(t.db, { userType: 'organizer' });
    const cookie = await t.sessionCookie(owner);
    await onPlan(owner.id, 'Pro');
    const as = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie }, payload });
    const created = await as('POST', '/api/events', eventBody(3000));
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    // The plan ends (canceled at once through the portal's API).
    const canceled = await as('POST', '/api/subscriptions/me/cancel', { atPeriodEnd: false });
    expect(canceled.statusCode).toBe(200);

    const [kept] = await t.db.select().from(events).where(eq(events.id, id));
    expect(kept?.capacity).toBe(3000);
    const renamed = await as('PATCH', `/api/events/${id}`, { title: 'Renamed', capacity: 3000 });
    expect(renamed.statusCode).toBe(200);
    expect((await as('PATCH', `/api/events/${id}`, { capacity: 2000 })).json()).toMatchObject({
      capacity: 2000,
    });
    expectPlanRefusal(await as('PATCH', `/api/events/${id}`, { capacity: 2500 }), {
      message: /allows up to 250 attendees/,
      field: 'body.capacity',
    });
    // A series copies the event: new events, so the kept capacity is not copied past the plan.
    const series = await as('POST', `/api/events/${id}/series`, {
      frequency: 'weekly',
      occurrences: 2,
    });
    expect(series.statusCode).toBe(403);
    expect(series.json().error.message).toMatch(/See \/pricing\.$/);
  });
});

describe('ticket quantities (max_attendees when the event has no capacity)', () => {
  const addType = (who: Who, eventId: string, quantity: number) =>
    call(who, 'POST', `/api/events/${eventId}/ticket-types`, {
      name: `Tier ${quantity}`,
      priceCents: 0,
      quantity,
    });

  it('access matrix: the sum of quantities is held to the owner’s plan', async () => {
    const free = await newEvent('free', null);
    expect((await addType('free', free, 200)).statusCode).toBe(201);
    expectPlanRefusal(await addType('free', free, 51), {
      message: /allows up to 250 attendees per event\. The Starter plan allows 500\./,
      field: 'body.quantity',
    });
    expect((await addType('free', free, 50)).statusCode).toBe(201);
    // An admin adds tickets to the free organizer's event on that organizer's plan.
    expect((await addType('admin', free, 1)).statusCode).toBe(403);

    const starter = await newEvent('starter', null);
    expect((await addType('starter', starter, 500)).statusCode).toBe(201);
    expect((await addType('starter', starter, 1)).statusCode).toBe(403);
    const pro = await newEvent('pro', null);
    expect((await addType('pro', pro, 5000)).statusCode).toBe(201);
    expect((await addType('pro', pro, 1)).statusCode).toBe(403);
    const adminOwn = await newEvent('admin', null);
    expect((await addType('admin', adminOwn, 251)).statusCode).toBe(403);
  });

  it('a quantity may stay or shrink after a downgrade, not grow', async () => {
    const owner = await createUser(t.db, { userType: 'organizer' });
    const cookie = await t.sessionCookie(owner);
    await onPlan(owner.id, 'Starter');
    const as = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie }, payload });
    const eventId = (await as('POST', '/api/events', eventBody(null))).json<{ id: string }>().id;
    const type = await as('POST', `/api/events/${eventId}/ticket-types`, {
      name: 'General',
      priceCents: 0,
      quantity: 400,
    });
    expect(type.statusCode).toBe(201);
    const typeId = type.json<{ id: string }>().id;
    await t.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.userId, owner.id));
    expect((await as('PATCH', `/api/ticket-types/${typeId}`, { name: 'Renamed' })).statusCode).toBe(
      200,
    );
    expect((await as('PATCH', `/api/ticket-types/${typeId}`, { quantity: 300 })).statusCode).toBe(
      200,
    );
    expectPlanRefusal(await as('PATCH', `/api/ticket-types/${typeId}`, { quantity: 350 }), {
      message: /allows up to 250 attendees/,
      field: 'body.quantity',
    });
  });
});

describe('announcements to attendees (has_messaging)', () => {
  const announce = (who: Who, eventId: string) =>
    call(who, 'POST', `/api/events/${eventId}/announcements`, {
      subject: 'Doors at seven',
      message: 'See you soon.',
      sendEmailNotification: true,
      sendPushNotification: false,
    });

  it('access matrix: free refused naming Starter, Starter and Pro send, admin on the owner’s plan', async () => {
    const freeEvent = await newEvent('free', 100);
    expectPlanRefusal(await announce('free', freeEvent), {
      message: /^Messaging needs the Starter plan or higher\./,
    });
    expect((await announce('admin', freeEvent)).statusCode).toBe(403);
    const starterEvent = await newEvent('starter', 100);
    expect((await announce('starter', starterEvent)).statusCode).toBe(201);
    expect((await announce('admin', starterEvent)).statusCode).toBe(201);
    expect((await announce('pro', await newEvent('pro', 100))).statusCode).toBe(201);
    expect((await announce('admin', await newEvent('admin', 100))).statusCode).toBe(403);
  });
});

describe('campaign emails a month (has_messaging)', () => {
  /** A list of `size` subscribed addresses and a campaign to it, scheduled an hour ahead. */
  async function campaignTo(who: Who, size: number) {
    const list = await call(who, 'POST', '/api/marketing/lists', { name: 'Fans', optIn: 'single' });
    expect(list.statusCode).toBe(201);
    const listId = list.json<{ id: string }>().id;
    await t.db.execute(sql`
      insert into email_subscribers (list_id, email, status, source)
      select ${listId}::uuid, 'fan-' || g || '-' || ${listId} || '@gate.test', 'subscribed', 'import'
      from generate_series(1, ${size}) g`);
    const campaign = await call(who, 'POST', '/api/marketing/email-campaigns', {
      subject: 'News',
      bodyHtml: '<p>Hello</p>',
      listIds: [listId],
    });
    expect(campaign.statusCode).toBe(201);
    return campaign.json<{ id: string }>().id;
  }
  // Scheduled, so the test checks the gate without mailing thousands of addresses.
  const send = (who: Who, id: string) =>
    call(who, 'POST', `/api/marketing/email-campaigns/${id}/send`, {
      scheduledAt: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
    });

  it('access matrix: the free allowance, Starter and Pro unlimited, admin on the free tier', async () => {
    const within = await send('free', await campaignTo('free', FREE_CAMPAIGN_EMAILS_PER_MONTH));
    expect(within.statusCode).toBe(200);
    expect(within.json()).toMatchObject({ status: 'scheduled' });
    expectPlanRefusal(
      await send('free', await campaignTo('free', FREE_CAMPAIGN_EMAILS_PER_MONTH + 1)),
      {
        message:
          /1,000 campaign emails a month: this campaign has 1,001 recipients .* The Starter plan has no monthly limit\./,
      },
    );
    expect((await send('starter', await campaignTo('starter', 1500))).statusCode).toBe(200);
    expect((await send('pro', await campaignTo('pro', 1500))).statusCode).toBe(200);
    expect((await send('admin', await campaignTo('admin', 1500))).statusCode).toBe(403);
  });

  it('counts what went out this month, not last month', async () => {
    const owner = await createUser(t.db, { userType: 'organizer' });
    cookies.free = await t.sessionCookie(owner);
    const first = await campaignTo('free', 600);
    // The first campaign went out: its sends are recorded as the campaign sender records them.
    await t.db.execute(sql`
      insert into email_campaign_sends (campaign_id, email, subscriber_id, queued_at)
      select ${first}::uuid, s.email, s.id, ${t.clock.now()}
      from email_subscribers s join email_campaigns c on s.list_id = (c.list_ids->>0)::uuid
      where c.id = ${first}`);
    const second = await campaignTo('free', 600);
    expectPlanRefusal(await send('free', second), { message: /400 remain this month/ });
    // A month later the allowance starts again.
    await t.db.execute(sql`
      update email_campaign_sends set queued_at = queued_at - interval '40 days'
      where campaign_id = ${first}`);
    expect((await send('free', second)).statusCode).toBe(200);
    cookies.free = await t.sessionCookie(people.free);
  });
});

describe('in the reader’s language', () => {
  it('names the plan that allows more attendees in German and Arabic, field included, the code unchanged', async () => {
    const inLanguage = async (language: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { cookie: cookies.free, 'accept-language': language },
        payload: eventBody(400),
      });
      expect(response.statusCode).toBe(403);
      return response.json<{
        error: { code: string; message: string; details: { fields: { message: string }[] } };
      }>().error;
    };
    const german = await inLanguage('de');
    expect(german).toMatchObject({
      code: 'FORBIDDEN',
      message:
        'Ihr Tarif erlaubt bis zu 250 Teilnehmende pro Veranstaltung. Der Tarif Starter erlaubt 500. Siehe /pricing.',
    });
    expect(german.details.fields[0]?.message).toBe(german.message);
    const arabic = await inLanguage('ar');
    expect(arabic.message).toBe(
      'تسمح خطتك بما يصل إلى 250 مشاركًا في كل فعالية. وتسمح خطة Starter بـ 500. راجع /pricing.',
    );
  });
});
