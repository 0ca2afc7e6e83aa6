import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailCampaignSends, emailSubscribers } from '../../db/schema/marketing';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import type { TestApp } from '../../test/test-app';
import { useMarketingApp } from './marketing.test-kit';

// What a subscriber does from a signed link, without a session: sign up (the hosted form too),
// confirm, unsubscribe, and leave or rejoin lists on the manage-preferences page.

const { app, call, newList, importRows, sendCampaign, waitForStatus } = useMarketingApp();
let t: TestApp;
beforeAll(() => ({ t } = app));

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
