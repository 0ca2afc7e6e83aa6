import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailSubscribers } from '../../db/schema/marketing';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import type { TestApp } from '../../test/test-app';
import { useMarketingApp } from './marketing.test-kit';

const { app, call, newList } = useMarketingApp();
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
