import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { capturedEmails } from '../../db/schema/mail';
import { emailCampaigns, emailCampaignSends, emailSubscribers } from '../../db/schema/marketing';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runCampaignBatch } from './campaigns.service';

let t: TestApp;
let owner: CreatedUser;
let other: CreatedUser;
let admin: CreatedUser;
let attendee: CreatedUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Olga Owner' });
  other = await createUser(t.db, { userType: 'organizer' });
  admin = await createUser(t.db, { userType: 'attendee', roles: ['admin'] });
  attendee = await createUser(t.db, { userType: 'attendee' });
  for (const [key, user] of Object.entries({ owner, other, admin, attendee }))
    cookies[key] = await t.sessionCookie(user);
});
afterAll(() => t.close());

/** The migration that rewrote one-condition segments (run again on a row written the old way). */
const LEGACY_SEGMENT_MIGRATION = new URL(
  '../../db/migrations/0045_campaign_segment_conditions.sql',
  import.meta.url,
);

type Who = 'owner' | 'other' | 'admin' | 'attendee' | 'nobody';
const call = (
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: who === 'nobody' ? {} : { cookie: cookies[who] as string },
  });

async function newList(body: object = {}) {
  const response = await call('owner', 'POST', '/api/marketing/lists', {
    name: 'Fans',
    optIn: 'single',
    ...body,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

const importRows = (listId: string, rows: string[][], extra: object = {}, who: Who = 'owner') =>
  call(who, 'POST', `/api/marketing/lists/${listId}/import`, {
    header: ['Email', 'Full name', 'City'],
    rows,
    mapping: { email: 0, name: 1, attributes: [2] },
    ...extra,
  });

describe('who may use lists, campaigns and funnels', () => {
  it('gives the owner and admins access, refuses other people and visitors', async () => {
    const list = await newList();
    const campaign = (
      await call('owner', 'POST', '/api/marketing/email-campaigns', {
        subject: 'Hi',
        listIds: [list.id],
      })
    ).json() as { id: string };
    const funnel = (
      await call('owner', 'POST', '/api/marketing/funnels', {
        name: 'Launch',
        slug: 'access-check',
      })
    ).json() as { id: string };
    const urls = [
      `/api/marketing/lists/${list.id}`,
      `/api/marketing/lists/${list.id}/subscribers`,
      `/api/marketing/lists/${list.id}/export.csv`,
      `/api/marketing/email-campaigns/${campaign.id}`,
      `/api/marketing/funnels/${funnel.id}`,
      `/api/marketing/funnels/${funnel.id}/report`,
    ];
    for (const url of urls) {
      expect((await call('owner', 'GET', url)).statusCode, url).toBe(200);
      expect((await call('admin', 'GET', url)).statusCode, url).toBe(200);
      expect((await call('other', 'GET', url)).statusCode, url).toBe(404);
      expect((await call('attendee', 'GET', url)).statusCode, url).toBe(403);
      expect((await call('nobody', 'GET', url)).statusCode, url).toBe(401);
    }
    expect(
      (await call('other', 'PATCH', `/api/marketing/lists/${list.id}`, { name: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await call('other', 'DELETE', `/api/marketing/email-campaigns/${campaign.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('other', 'POST', `/api/marketing/funnels/${funnel.id}/publish`)).statusCode,
    ).toBe(404);
    expect((await importRows(list.id, [['a@b.test', 'A', 'X']], {}, 'other')).statusCode).toBe(404);
    expect(
      (await call('attendee', 'POST', '/api/marketing/lists', { name: 'Mine' })).statusCode,
    ).toBe(403);
    // Another person's list cannot be the target of my campaign.
    const theirs = await call('other', 'POST', '/api/marketing/email-campaigns', {
      subject: 'Hi',
      listIds: [list.id],
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.details.fields[0].field).toBe('body.listIds');
  });
});

describe('CSV import', () => {
  it('adds valid rows and reports every skipped row with its reason', async () => {
    const list = await newList();
    // Someone who unsubscribed from this owner earlier (on another list) is never re-subscribed.
    const left = await newList({ name: 'Old list' });
    await call('owner', 'POST', `/api/marketing/lists/${left.id}/subscribers`, {
      email: 'gone@x.test',
    });
    await t.db.execute(
      sql`insert into email_suppressions (owner_id, email, reason) values (${owner.id}, 'gone@x.test', 'unsubscribed')`,
    );
    await call('owner', 'POST', `/api/marketing/lists/${list.id}/subscribers`, {
      email: 'there@x.test',
    });

    const response = await importRows(list.id, [
      ['Ann@X.test', 'Ann', 'Lyon'],
      ['not-an-email', 'Bad', ''],
      ['ann@x.test', 'Ann again', ''],
      ['gone@x.test', 'Gone', ''],
      ['there@x.test', 'There', ''],
      ['', '', ''],
      ['bob@x.test', '=cmd()', 'Paris'],
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      added: 2,
      skipped: [
        { row: 3, email: 'not-an-email', reason: 'invalid_email' },
        { row: 4, email: 'ann@x.test', reason: 'duplicate' },
        { row: 5, email: 'gone@x.test', reason: 'unsubscribed' },
        { row: 6, email: 'there@x.test', reason: 'duplicate' },
        { row: 7, email: '', reason: 'invalid_email' },
      ],
    });
    const [ann] = await t.db
      .select()
      .from(emailSubscribers)
      .where(and(eq(emailSubscribers.listId, list.id), eq(emailSubscribers.email, 'ann@x.test')));
    expect(ann).toMatchObject({
      name: 'Ann',
      status: 'subscribed',
      source: 'import',
      attributes: { City: 'Lyon' },
    });

    // The export guards formulas (CSV injection) and carries the attributes.
    const csv = await call('owner', 'GET', `/api/marketing/lists/${list.id}/export.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"bob@x.test","'=cmd()","subscribed","import"`);
    expect(csv.body.split('\r\n')[0]).toBe(
      '"email","name","status","source","subscribed_at","City"',
    );
  });

  it('names a mapping that points past the header', async () => {
    const list = await newList();
    const response = await importRows(list.id, [['a@x.test']], {
      mapping: { email: 5, attributes: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields[0].field).toBe('body.mapping.email');
  });

  it('imports 100,000 rows in chunks with exact counts', { timeout: 240_000 }, async () => {
    const list = await newList();
    const rows: string[][] = [];
    for (let i = 0; i < 100_000; i++) {
      if (i % 10 === 3) rows.push([`broken-${i}`, 'x', '']);
      else if (i % 10 === 7) rows.push([`person${i - 2}@big.test`, 'dup', '']);
      else rows.push([`person${i}@big.test`, `Person ${i}`, '']);
    }
    let added = 0;
    const reasons: Record<string, number> = {};
    for (let start = 0; start < rows.length; start += 5000) {
      const response = await importRows(list.id, rows.slice(start, start + 5000), {
        firstRowNumber: start + 2,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json() as { added: number; skipped: { reason: string }[] };
      added += body.added;
      for (const s of body.skipped) reasons[s.reason] = (reasons[s.reason] ?? 0) + 1;
    }
    expect(added).toBe(80_000);
    expect(reasons).toEqual({ invalid_email: 10_000, duplicate: 10_000 });
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailSubscribers)
      .where(eq(emailSubscribers.listId, list.id));
    expect(count?.n).toBe(80_000);
  });
});

describe('public sign-up with double opt-in', () => {
  it('subscribes only after the link, then sends the welcome mail', async () => {
    const list = await newList({
      visibility: 'public',
      optIn: 'double',
      welcomeSubject: 'Welcome aboard',
      welcomeText: 'Glad to have you.',
    });
    const response = await call(
      'nobody',
      'POST',
      `/api/marketing/public/lists/${list.id}/subscribe`,
      {
        email: 'New@Fan.test',
        name: 'New Fan',
      },
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ result: 'confirm' });
    const [row] = await t.db
      .select()
      .from(emailSubscribers)
      .where(and(eq(emailSubscribers.listId, list.id), eq(emailSubscribers.email, 'new@fan.test')));
    expect(row?.status).toBe('unconfirmed');

    const [mail] = await waitForCapturedMail(t.db, 'new@fan.test');
    const link = new URL(
      linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/api/marketing/confirm?token=`),
    );
    const confirmed = await t.app.inject({ url: link.pathname + link.search });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('You are subscribed');
    const [after] = await t.db
      .select()
      .from(emailSubscribers)
      .where(eq(emailSubscribers.id, row?.id as string));
    expect(after?.status).toBe('subscribed');
    const mails = await waitForCapturedMail(t.db, 'new@fan.test', { count: 2 });
    expect(mails[0]?.subject).toBe('Welcome aboard');

    // A forged or changed token does nothing.
    const bad = await t.app.inject({
      url: `/api/marketing/confirm?token=${link.searchParams.get('token')}x`,
    });
    expect(bad.statusCode).toBe(404);
    // A private list takes no sign-ups.
    const closed = await newList({ visibility: 'private' });
    expect(
      (
        await call('nobody', 'POST', `/api/marketing/public/lists/${closed.id}/subscribe`, {
          email: 'a@b.test',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('hosted sign-up form', () => {
  it('serves a page whose plain form post signs up (no script, works from any site by link)', async () => {
    const list = await newList({ name: 'Form list', visibility: 'public', optIn: 'single' });
    const form = await call('nobody', 'GET', `/api/marketing/public/lists/${list.id}/form`);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(`action="/api/marketing/public/lists/${list.id}/subscribe"`);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/marketing/public/lists/${list.id}/subscribe`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=Form%40Visitor.test&name=Fi',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('You are subscribed');
    const [row] = await t.db
      .select()
      .from(emailSubscribers)
      .where(
        and(eq(emailSubscribers.listId, list.id), eq(emailSubscribers.email, 'form@visitor.test')),
      );
    expect(row).toMatchObject({ status: 'subscribed', source: 'form', name: 'Fi' });
  });

  it("speaks the visitor's language: the form, the confirmation mail, the answers", async () => {
    const list = await newList({ name: 'Noticias', visibility: 'public', optIn: 'double' });
    const spanish = { 'accept-language': 'es-ES,es;q=0.9' };
    const form = await t.app.inject({
      url: `/api/marketing/public/lists/${list.id}/form`,
      headers: spanish,
    });
    expect(form.body).toContain('<html lang="es" dir="ltr">');
    expect(form.body).toContain('<button type="submit">Suscribirse</button>');
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/marketing/public/lists/${list.id}/subscribe`,
      headers: { ...spanish, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ana%40noticias.test&name=Ana',
    });
    expect(posted.body).toContain('<h1>Revise su bandeja de entrada</h1>');
    const [mail] = await waitForCapturedMail(t.db, 'ana@noticias.test');
    expect(mail?.subject).toBe('Confirme su suscripción a Noticias');
    expect(mail?.html).toContain('lang="es"');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/marketing/unsubscribe?token=nope',
      headers: { 'accept-language': 'ar' },
    });
    expect(unknown.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'رابط إلغاء الاشتراك هذا غير صالح' },
    });
  });

  it("marks a test send in the sender's language", async () => {
    const list = await newList({ name: 'Essais' });
    const campaign = (
      await call('owner', 'POST', '/api/marketing/email-campaigns', {
        subject: 'Nouveautés',
        bodyHtml: '<p>Bonjour</p>',
        listIds: [list.id],
      })
    ).json() as { id: string };
    // Through the language picker, as a person does: the account's setting, sessions told.
    const chooseLanguage = (language: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/language',
        headers: { cookie: cookies.owner ?? '' },
        payload: { language },
      });
    expect((await chooseLanguage('fr')).statusCode).toBe(200);
    try {
      const sent = await call(
        'owner',
        'POST',
        `/api/marketing/email-campaigns/${campaign.id}/test`,
      );
      expect(sent.statusCode).toBe(202);
      const [mail] = await waitForCapturedMail(t.db, owner.email);
      expect(mail?.subject).toBe('[Essai] Nouveautés');
    } finally {
      await chooseLanguage('en');
    }
  });
});

async function sendCampaign(body: object) {
  const created = await call('owner', 'POST', '/api/marketing/email-campaigns', body);
  expect(created.statusCode).toBe(201);
  const campaign = created.json() as { id: string };
  const sent = await call(
    'owner',
    'POST',
    `/api/marketing/email-campaigns/${campaign.id}/send`,
    {},
  );
  expect(sent.statusCode).toBe(200);
  return campaign;
}

async function waitForStatus(id: string, status: string) {
  return vi.waitFor(
    async () => {
      const [row] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
      if (row?.status !== status) throw new Error(`campaign never ${status}`);
      return row;
    },
    { timeout: 20_000, interval: 100 },
  );
}

describe('campaigns', () => {
  it('mails every subscriber once, escapes merge fields, unsubscribes in one click without a session', async () => {
    const list = await newList();
    const second = await newList({ name: 'Second list' });
    await importRows(list.id, [
      ['c1@camp.test', '<b>Bold</b> Name', ''],
      ['c2@camp.test', 'Two', ''],
      ['c3@camp.test', 'Three', ''],
    ]);
    await importRows(second.id, [['c1@camp.test', 'Again', '']]);
    const campaign = await sendCampaign({
      subject: 'Hello {{name}}',
      bodyHtml:
        '<p>Dear {{name}},</p><script>alert(1)</script><p><a href="https://tickets.test/x">Buy</a></p>',
      listIds: [list.id, second.id],
      trackOpens: true,
    });
    await waitForStatus(campaign.id, 'sent');
    const [mail] = await waitForCapturedMail(t.db, 'c1@camp.test');
    expect(mail?.subject).toBe('Hello <b>Bold</b> Name');
    expect(mail?.html).toContain('Dear &lt;b&gt;Bold&lt;/b&gt; Name');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.text).toContain('Dear <b>Bold</b> Name');
    await waitForCapturedMail(t.db, 'c3@camp.test');
    // On two lists, mailed once (every mail job has run).
    await t.settle();
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(capturedEmails)
      .where(eq(capturedEmails.to, 'c1@camp.test'));
    expect(count?.n).toBe(1);

    // Open pixel and click redirect are counted.
    const pixel = new URL(
      linkFrom(mail?.html ?? '', `${t.config.PUBLIC_URL}/api/marketing/t/open.gif?token=`).replace(
        /".*$/,
        '',
      ),
    );
    expect(
      (await t.app.inject({ url: pixel.pathname + pixel.search })).headers['content-type'],
    ).toBe('image/gif');
    const click = new URL(
      linkFrom(mail?.html ?? '', `${t.config.PUBLIC_URL}/api/marketing/t/click?token=`).replace(
        /".*$/,
        '',
      ),
    );
    const redirect = await t.app.inject({ url: click.pathname + click.search });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('https://tickets.test/x');

    // One-click unsubscribe: a POST without cookies, as a mail provider sends it.
    const unsubscribe = new URL(
      linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/api/marketing/unsubscribe?token=`),
    );
    const done = await t.app.inject({
      method: 'POST',
      url: unsubscribe.pathname + unsubscribe.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    const statuses = await t.db
      .select({ status: emailSubscribers.status })
      .from(emailSubscribers)
      .where(eq(emailSubscribers.email, 'c1@camp.test'));
    expect(statuses.map((s) => s.status)).toEqual(['unsubscribed', 'unsubscribed']);

    const report = (
      await call('owner', 'GET', `/api/marketing/email-campaigns/${campaign.id}`)
    ).json();
    expect(report.stats).toMatchObject({
      recipients: 3,
      sent: 3,
      opens: 1,
      clicks: 1,
      unsubscribes: 1,
    });

    // Suppression holds for the next campaign, across lists, and against re-import.
    const next = await sendCampaign({
      subject: 'Again',
      bodyHtml: '<p>Hi</p>',
      listIds: [second.id, list.id],
    });
    await waitForStatus(next.id, 'sent');
    const sends = await t.db
      .select()
      .from(emailCampaignSends)
      .where(eq(emailCampaignSends.campaignId, next.id));
    expect(sends.map((s) => s.email).sort()).toEqual(['c2@camp.test', 'c3@camp.test']);
    const reimport = await importRows(second.id, [['c1@camp.test', 'x', '']]);
    expect(reimport.json().skipped[0].reason).toBe('unsubscribed');
  });

  it('a send interrupted and resumed (batches run again and in parallel) mails everyone exactly once', async () => {
    const list = await newList();
    await importRows(
      list.id,
      Array.from({ length: 60 }, (_, i) => [`r${i}@resume.test`, `R ${i}`, '']),
    );
    const created = await call('owner', 'POST', '/api/marketing/email-campaigns', {
      subject: 'Resume',
      bodyHtml: '<p>Hi</p>',
      listIds: [list.id],
    });
    const id = created.json().id as string;
    // A worker that was stopped after its first batch: that batch is recorded and queued.
    await t.db.update(emailCampaigns).set({ status: 'sending' }).where(eq(emailCampaigns.id, id));
    expect(await runCampaignBatch(t, { campaignId: id, batchSize: 20 })).toBe('more');
    // Restarted workers, two at once, working through the rest.
    await Promise.all([
      runCampaignBatch(t, { campaignId: id, batchSize: 15 }),
      runCampaignBatch(t, { campaignId: id, batchSize: 15 }),
    ]);
    await waitForStatus(id, 'sent');
    await waitForCapturedMail(t.db, 'r59@resume.test');
    await t.settle();
    const perPerson = await t.db.execute<{ to: string; n: number }>(
      sql`select "to", count(*)::int as n from captured_emails where "to" like '%@resume.test' group by "to"`,
    );
    expect(perPerson.rows).toHaveLength(60);
    expect(perPerson.rows.every((r) => r.n === 1)).toBe(true);
  });

  it('pauses and cancels, and only changes a draft', async () => {
    const list = await newList();
    const campaign = (
      await call('owner', 'POST', '/api/marketing/email-campaigns', {
        subject: 'Later',
        bodyHtml: '<p>Hi</p>',
        listIds: [list.id],
      })
    ).json() as { id: string };
    const later = await call(
      'owner',
      'POST',
      `/api/marketing/email-campaigns/${campaign.id}/send`,
      {
        scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
      },
    );
    expect(later.json().status).toBe('scheduled');
    expect(
      (
        await call('owner', 'PATCH', `/api/marketing/email-campaigns/${campaign.id}`, {
          subject: 'x',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await call('owner', 'POST', `/api/marketing/email-campaigns/${campaign.id}/pause`)).json()
        .status,
    ).toBe('paused');
    expect(
      (await call('owner', 'POST', `/api/marketing/email-campaigns/${campaign.id}/cancel`)).json()
        .status,
    ).toBe('cancelled');
    expect(
      (await call('owner', 'POST', `/api/marketing/email-campaigns/${campaign.id}/send`, {}))
        .statusCode,
    ).toBe(409);
  });
});

describe('funnels', () => {
  it('keeps the live page until republished, checks slugs, and feeds its opt-in list', async () => {
    const event = await createEvent(t.db, { userId: owner.id, title: 'Launch Night' });
    const list = await newList({ name: 'Funnel list' });
    const created = await call('owner', 'POST', '/api/marketing/funnels', {
      name: 'Launch',
      slug: 'Launch-Night',
      template: 'event_launch',
      eventId: event.id,
      listId: list.id,
    });
    expect(created.statusCode).toBe(201);
    const funnel = created.json();
    expect(funnel.slug).toBe('launch-night');
    expect(
      (await call('nobody', 'GET', '/api/marketing/public/funnels/launch-night')).statusCode,
    ).toBe(404);

    const taken = await call('other', 'POST', '/api/marketing/funnels', {
      name: 'X',
      slug: 'launch-night',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details.fields[0]).toEqual({
      field: 'body.slug',
      message: 'This address is already taken',
    });
    const reserved = await call('other', 'POST', '/api/marketing/funnels', {
      name: 'X',
      slug: 'admin',
    });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().error.details.fields[0].field).toBe('body.slug');

    expect(
      (await call('owner', 'POST', `/api/marketing/funnels/${funnel.id}/publish`)).statusCode,
    ).toBe(200);
    const draft = structuredClone(funnel.draft);
    draft.steps[0].page.content[0].props.title = 'Changed in the draft';
    draft.steps[0].page.content.push({
      type: 'RichText',
      props: { html: '<p>ok</p><img src=x onerror=alert(1)>' },
    });
    const saved = await call('owner', 'PATCH', `/api/marketing/funnels/${funnel.id}`, { draft });
    expect(saved.statusCode).toBe(200);
    expect(JSON.stringify(saved.json().draft)).not.toContain('onerror');

    const live = (await call('nobody', 'GET', '/api/marketing/public/funnels/launch-night')).json();
    expect(live.document.steps[0].page.content[0].props.title).toBe('Launch Night');
    expect(live.events).toEqual([expect.objectContaining({ id: event.id, title: 'Launch Night' })]);
    await call('owner', 'POST', `/api/marketing/funnels/${funnel.id}/publish`);
    const republished = (
      await call('nobody', 'GET', '/api/marketing/public/funnels/launch-night')
    ).json();
    expect(republished.document.steps[0].page.content[0].props.title).toBe('Changed in the draft');

    expect(
      (await call('nobody', 'POST', '/api/marketing/public/funnels/launch-night/view', { step: 0 }))
        .statusCode,
    ).toBe(202);
    const optIn = await call(
      'nobody',
      'POST',
      '/api/marketing/public/funnels/launch-night/opt-in',
      {
        email: 'visitor@funnel.test',
        step: 0,
      },
    );
    expect(optIn.statusCode).toBe(202);
    expect(optIn.json().result).toBe('subscribed');
    const [row] = await t.db
      .select()
      .from(emailSubscribers)
      .where(eq(emailSubscribers.email, 'visitor@funnel.test'));
    expect(row).toMatchObject({ listId: list.id, status: 'subscribed', source: 'funnel' });
    const report = (
      await call('owner', 'GET', `/api/marketing/funnels/${funnel.id}/report`)
    ).json();
    expect(report.steps[0]).toMatchObject({ step: 0, views: 1, conversions: 1 });
    expect(
      (await call('nobody', 'POST', '/api/marketing/public/funnels/launch-night/view', { step: 9 }))
        .statusCode,
    ).toBe(400);
  });
});

describe('event details as merge fields', () => {
  it("fills {{event.*}} from the campaign's event, escaped, and takes only the owner's events", async () => {
    const event = await createEvent(t.db, {
      userId: owner.id,
      title: 'Rock & <Roll> Night',
      startsAt: new Date('2027-03-06T21:00:00Z'),
      timezone: 'Europe/Lisbon',
    });
    const theirs = await createEvent(t.db, { userId: other.id });
    const list = await newList({ name: 'Event fans' });
    await importRows(list.id, [['ev1@merge.test', 'Eve', '']]);
    const refused = await call('owner', 'POST', '/api/marketing/email-campaigns', {
      subject: 'x',
      eventId: theirs.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields[0].field).toBe('body.eventId');

    const campaign = await sendCampaign({
      subject: 'See you at {{event.title}}',
      bodyHtml:
        '<p>{{event.title}} starts {{event.date}} at {{event.location}}.</p><p><a href="{{event.url}}">Tickets</a></p>',
      listIds: [list.id],
      eventId: event.id,
      trackClicks: false,
    });
    const detail = (
      await call('owner', 'GET', `/api/marketing/email-campaigns/${campaign.id}`)
    ).json();
    expect(detail.eventId).toBe(event.id);
    const [mail] = await waitForCapturedMail(t.db, 'ev1@merge.test');
    expect(mail?.subject).toBe('See you at Rock & <Roll> Night');
    expect(mail?.html).toContain(
      'Rock &amp; &lt;Roll&gt; Night starts Saturday, March 6, 2027 at 9:00 PM',
    );
    expect(mail?.html).toContain(`href="${t.config.PUBLIC_URL}/event/${event.id}"`);
    expect(mail?.text).toContain('Rock & <Roll> Night starts Saturday, March 6, 2027 at 9:00 PM');
  });
});

describe('manage-preferences page', () => {
  it("lists the sender's lists for the address, leaves and rejoins one list, without a session", async () => {
    const news = await newList({ name: 'News' });
    const offers = await newList({ name: 'Offers' });
    const theirs = (
      await call('other', 'POST', '/api/marketing/lists', { name: 'Not yours', optIn: 'single' })
    ).json() as { id: string };
    await importRows(news.id, [['pref@prefs.test', 'Pat', '']]);
    await importRows(offers.id, [['pref@prefs.test', 'Pat', '']]);
    await call('other', 'POST', `/api/marketing/lists/${theirs.id}/import`, {
      header: ['Email'],
      rows: [['pref@prefs.test']],
      mapping: { email: 0 },
    });
    const campaign = await sendCampaign({
      subject: 'Prefs',
      bodyHtml: '<p>Hi</p>',
      listIds: [news.id],
    });
    await waitForStatus(campaign.id, 'sent');
    const [mail] = await waitForCapturedMail(t.db, 'pref@prefs.test');
    const link = new URL(
      linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/email-preferences?token=`),
    );
    expect(mail?.html).toContain('Manage preferences</a>');
    const api = `/api/marketing/preferences${link.search}`;

    const shown = await call('nobody', 'GET', api);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      email: 'pref@prefs.test',
      sender: 'Olga Owner',
      lists: [
        { id: news.id, name: 'News', status: 'subscribed' },
        { id: offers.id, name: 'Offers', status: 'subscribed' },
      ],
    });
    // Leaving one list leaves the others alone.
    const left = await call('nobody', 'POST', api, { listId: offers.id, subscribed: false });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().lists.map((l: { status: string }) => l.status)).toEqual([
      'subscribed',
      'unsubscribed',
    ]);
    // Another sender's list cannot be changed with this link.
    const foreign = await call('nobody', 'POST', api, { listId: theirs.id, subscribed: false });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.details.fields[0].field).toBe('body.listId');

    // After a one-click unsubscribe (every list of the sender), the person can rejoin one.
    const unsubscribe = new URL(
      linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/api/marketing/unsubscribe?token=`),
    );
    await t.app.inject({ method: 'POST', url: unsubscribe.pathname + unsubscribe.search });
    const back = await call('nobody', 'POST', api, { listId: news.id, subscribed: true });
    expect(back.json().lists.map((l: { status: string }) => l.status)).toEqual([
      'subscribed',
      'unsubscribed',
    ]);
    const next = await sendCampaign({
      subject: 'Prefs again',
      bodyHtml: '<p>Hi</p>',
      listIds: [news.id, offers.id],
    });
    await waitForStatus(next.id, 'sent');
    const sends = await t.db
      .select({ email: emailCampaignSends.email })
      .from(emailCampaignSends)
      .where(eq(emailCampaignSends.campaignId, next.id));
    expect(sends.map((s) => s.email)).toContain('pref@prefs.test');
    const [theirRow] = await t.db
      .select({ status: emailSubscribers.status })
      .from(emailSubscribers)
      .where(
        and(eq(emailSubscribers.listId, theirs.id), eq(emailSubscribers.email, 'pref@prefs.test')),
      );
    expect(theirRow?.status).toBe('subscribed');

    // A forged or edited link opens nothing.
    const bad = await call(
      'nobody',
      'GET',
      `/api/marketing/preferences?token=${link.searchParams.get('token')}x`,
    );
    expect(bad.statusCode).toBe(404);
    expect((await call('nobody', 'GET', '/api/marketing/preferences')).statusCode).toBe(404);
  });
});

describe('segments', () => {
  const sentTo = async (campaignId: string) =>
    (
      await t.db
        .select({ email: emailCampaignSends.email })
        .from(emailCampaignSends)
        .where(eq(emailCampaignSends.campaignId, campaignId))
    )
      .map((s) => s.email)
      .sort();
  const count = (who: Who, listIds: string[], segment?: object | null) =>
    call(who, 'POST', '/api/marketing/segments/count', { listIds, segment });
  const withTier = {
    header: ['Email', 'Full name', 'City', 'Tier'],
    mapping: { email: 0, name: 1, attributes: [2, 3] },
  };

  it("mails only the lists' subscribers whose imported column has the value (any case)", async () => {
    const list = await newList({ name: 'Cities' });
    await importRows(list.id, [
      ['l1@seg.test', 'Lia', 'Lisbon'],
      ['p1@seg.test', 'Pio', 'Porto'],
      ['l2@seg.test', 'Leo', 'LISBON'],
      ['n1@seg.test', 'Nia', ''],
    ]);
    const empty = await call('owner', 'POST', '/api/marketing/email-campaigns', {
      subject: 'x',
      segment: { conditions: [{ field: ' ', operator: 'is', value: 'Lisbon' }] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.fields[0]).toEqual({
      field: 'body.segment.conditions.0.field',
      message: 'Choose a column',
    });

    const segment = {
      match: 'all',
      conditions: [{ field: 'attr.City', operator: 'is', value: 'lisbon' }],
    };
    const campaign = await sendCampaign({
      subject: 'Lisbon only',
      bodyHtml: '<p>Hi {{attr.City}}</p>',
      listIds: [list.id],
      segment,
    });
    await waitForStatus(campaign.id, 'sent');
    expect(await sentTo(campaign.id)).toEqual(['l1@seg.test', 'l2@seg.test']);
    const detail = (
      await call('owner', 'GET', `/api/marketing/email-campaigns/${campaign.id}`)
    ).json();
    expect(detail.segment).toEqual(segment);
  });

  it('with all conditions, reaches exactly the people matching every one; the count agrees', async () => {
    const list = await newList({ name: 'Tiers' });
    const extra = await newList({ name: 'Tiers too' });
    await importRows(
      list.id,
      [
        ['a1@and.test', 'Ana Silva', 'Lisbon', 'VIP'],
        ['a2@and.test', 'Ana Silva', 'Lisbon', 'basic'],
        ['a3@and.test', 'Bo SILVA', 'lisbon', ''],
        ['a4@and.test', 'Ana Silva', 'Porto', 'VIP'],
        ['a5@and.test', 'Ann 50%_off', 'Lisbon', 'VIP'],
        ['a6@and.test', 'Ari Silva', 'Lisbon', 'VIP'],
      ],
      withTier,
    );
    // On both lists: counted and mailed once. Suppressed: neither counted nor mailed.
    await importRows(extra.id, [['a1@and.test', 'Ana Silva', 'Lisbon', 'VIP']], withTier);
    await t.db.execute(
      sql`insert into email_suppressions (owner_id, email, reason) values (${owner.id}, 'a6@and.test', 'unsubscribed')`,
    );
    const listIds = [list.id, extra.id];
    const segment = {
      match: 'all',
      conditions: [
        { field: 'attr.City', operator: 'is', value: 'LISBON' },
        { field: 'attr.Tier', operator: 'is_not', value: 'basic' },
        { field: 'name', operator: 'contains', value: 'silva' },
      ],
    };

    const counted = await count('owner', listIds, segment);
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toEqual({ count: 2, columns: ['City', 'Tier'] });
    // Without a segment: everyone subscribed and not suppressed, once.
    expect((await count('owner', listIds, null)).json().count).toBe(5);
    // LIKE's wildcards are text: "%" matches the one name that has it, not everyone.
    const wildcard = { conditions: [{ field: 'name', operator: 'contains', value: '%' }] };
    expect((await count('owner', listIds, wildcard)).json().count).toBe(1);
    const set = {
      conditions: [
        { field: 'attr.Tier', operator: 'is_set' },
        { field: 'email', operator: 'does_not_contain', value: 'A4@' },
      ],
    };
    expect((await count('owner', listIds, set)).json().count).toBe(3);

    const campaign = await sendCampaign({
      subject: 'Lisbon, not basic, Silva',
      bodyHtml: '<p>Hi</p>',
      listIds,
      segment,
    });
    await waitForStatus(campaign.id, 'sent');
    expect(await sentTo(campaign.id)).toEqual(['a1@and.test', 'a3@and.test']);
  });

  it('with any condition, reaches the people matching at least one, sign-up date included', async () => {
    const list = await newList({ name: 'Any' });
    await importRows(
      list.id,
      [
        ['o1@any.test', 'Old Timer', 'Faro', 'basic'],
        ['o2@any.test', 'Pia', 'Porto', 'basic'],
        ['o3@any.test', 'Quin', 'Braga', ''],
        ['o4@any.test', 'Rui', 'Braga', 'basic'],
      ],
      withTier,
    );
    await t.db
      .update(emailSubscribers)
      .set({ createdAt: new Date('2020-05-01T12:00:00Z') })
      .where(and(eq(emailSubscribers.listId, list.id), eq(emailSubscribers.email, 'o1@any.test')));
    const segment = {
      match: 'any',
      conditions: [
        { field: 'subscribed_at', operator: 'before', value: '2021-01-01' },
        { field: 'attr.City', operator: 'is', value: 'porto' },
        { field: 'attr.Tier', operator: 'is_not_set' },
      ],
    };
    expect((await count('owner', [list.id], segment)).json().count).toBe(3);
    // "After" a day starts the next day (UTC): the 2020 sign-up is not after 2020-05-01.
    const after = {
      conditions: [{ field: 'subscribed_at', operator: 'after', value: '2020-05-01' }],
    };
    expect((await count('owner', [list.id], after)).json().count).toBe(3);

    const campaign = await sendCampaign({
      subject: 'Any of them',
      bodyHtml: '<p>Hi</p>',
      listIds: [list.id],
      segment,
    });
    await waitForStatus(campaign.id, 'sent');
    expect(await sentTo(campaign.id)).toEqual(['o1@any.test', 'o2@any.test', 'o3@any.test']);
  });

  it('counts for the owner and admins only; another person, an attendee and a visitor are refused', async () => {
    const list = await newList({ name: 'Counted' });
    await importRows(list.id, [
      ['k1@count.test', 'K', 'Lisbon'],
      ['k2@count.test', 'L', 'Porto'],
    ]);
    const segment = { conditions: [{ field: 'attr.City', operator: 'is', value: 'Porto' }] };
    expect((await count('owner', [list.id], segment)).json()).toEqual({
      count: 1,
      columns: ['City'],
    });
    expect((await count('admin', [list.id], segment)).json()).toEqual({
      count: 1,
      columns: ['City'],
    });
    const other = await count('other', [list.id], segment);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.details.fields[0].field).toBe('body.listIds');
    expect((await count('attendee', [list.id], segment)).statusCode).toBe(403);
    expect((await count('nobody', [list.id], segment)).statusCode).toBe(401);
    expect((await count('owner', [], segment)).json()).toEqual({ count: 0, columns: [] });
  });

  it('names the field of every bad condition (400, never 500)', async () => {
    const list = await newList({ name: 'Bad input' });
    const cases: [object, string, string][] = [
      [{ listIds: ['nope'] }, 'body.listIds.0', 'Choose a list'],
      [
        { listIds: [list.id], segment: { conditions: [] } },
        'body.segment.conditions',
        'Add a condition',
      ],
      [
        {
          listIds: [list.id],
          segment: {
            conditions: [
              { field: 'name', operator: 'is_set' },
              { field: 'attr.City', operator: 'contains' },
            ],
          },
        },
        'body.segment.conditions.1.value',
        'Enter a value',
      ],
      [
        {
          listIds: [list.id],
          segment: { conditions: [{ field: 'subscribed_at', operator: 'after', value: '31/12' }] },
        },
        'body.segment.conditions.0.value',
        'Enter a date',
      ],
      [
        {
          listIds: [list.id],
          segment: { conditions: [{ field: 'subscribed_at', operator: 'contains', value: '2' }] },
        },
        'body.segment.conditions.0.operator',
        'Choose before or after for a date',
      ],
      [
        { listIds: [list.id], segment: { match: 'most', conditions: 'x' } },
        'body.segment.match',
        'Choose all or any',
      ],
      [{ listIds: [list.id], segment: [1] }, 'body.segment', ''],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('owner', 'POST', '/api/marketing/segments/count', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const first = response.json().error.details.fields[0];
      expect(first.field, JSON.stringify(body)).toBe(field);
      if (message) expect(first.message).toBe(message);
    }
    // The same rules when the segment is saved on a campaign.
    const saved = await call('owner', 'POST', '/api/marketing/email-campaigns', {
      subject: 'x',
      segment: {
        conditions: [
          { field: 'email', operator: 'is_set' },
          { field: 'attr.City', operator: 'is', value: 'A' },
          { field: 'subscribed_at', operator: 'before', value: '2026-02-30' },
        ],
      },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error.details.fields[0]).toEqual({
      field: 'body.segment.conditions.2.value',
      message: 'Enter a date',
    });
  });

  it('a campaign saved with the one-condition segment of before is rewritten by the migration and still sends', async () => {
    const list = await newList({ name: 'Legacy' });
    await importRows(list.id, [
      ['g1@legacy.test', 'G', 'Lisbon'],
      ['g2@legacy.test', 'H', 'Porto'],
      ['g3@legacy.test', 'I', ''],
    ]);
    const made = (
      await call('owner', 'POST', '/api/marketing/email-campaigns', {
        subject: 'Legacy',
        bodyHtml: '<p>Hi</p>',
        listIds: [list.id],
      })
    ).json() as { id: string };
    const blank = (
      await call('owner', 'POST', '/api/marketing/email-campaigns', { subject: 'Blank' })
    ).json() as { id: string };
    await t.db.execute(
      sql`update email_campaigns set segment = '{"key":"City","value":"Lisbon"}'::jsonb where id = ${made.id}`,
    );
    await t.db.execute(
      sql`update email_campaigns set segment = '{"key":"City","value":""}'::jsonb where id = ${blank.id}`,
    );
    await t.db.execute(sql.raw(readFileSync(LEGACY_SEGMENT_MIGRATION, 'utf8')));
    const detail = (await call('owner', 'GET', `/api/marketing/email-campaigns/${made.id}`)).json();
    expect(detail.segment).toEqual({
      match: 'all',
      conditions: [{ field: 'attr.City', operator: 'is', value: 'Lisbon' }],
    });
    const blankDetail = (
      await call('owner', 'GET', `/api/marketing/email-campaigns/${blank.id}`)
    ).json();
    expect(blankDetail.segment).toEqual({
      match: 'all',
      conditions: [{ field: 'attr.City', operator: 'is_not_set', value: '' }],
    });
    await call('owner', 'POST', `/api/marketing/email-campaigns/${made.id}/send`, {});
    await waitForStatus(made.id, 'sent');
    expect(await sentTo(made.id)).toEqual(['g1@legacy.test']);
  });
});
