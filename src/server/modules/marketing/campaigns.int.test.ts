import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { capturedEmails } from '../../db/schema/mail';
import { emailCampaigns, emailCampaignSends, emailSubscribers } from '../../db/schema/marketing';
import { createEvent, type CreatedUser } from '../../test/factories';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import type { TestApp } from '../../test/test-app';
import { runCampaignBatch } from './campaigns.service';
import { useMarketingApp } from './marketing.test-kit';

const { app, call, newList, importRows, sendCampaign, waitForStatus } = useMarketingApp();
let t: TestApp;
let owner: CreatedUser;
let other: CreatedUser;
let cookies: Record<string, string>;
beforeAll(() => ({ t, owner, other, cookies } = app));

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
