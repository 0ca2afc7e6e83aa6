import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailCampaignSends, emailSubscribers } from '../../db/schema/marketing';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import type { TestApp } from '../../test/test-app';
import { useMarketingApp } from './marketing.test-kit';

const { app, call, newList, importRows, sendCampaign, waitForStatus } = useMarketingApp();
let t: TestApp;
beforeAll(() => ({ t } = app));

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
