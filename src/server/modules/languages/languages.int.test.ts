import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { createUser, type CreatedUser } from '../../test/factories';
import { waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let member: CreatedUser;
let memberCookie: string;
let adminCookie: string;
let webDir: string;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-web-'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>MEA</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ webDir, env: { RATE_LIMIT_MULTIPLIER: '100' } });
  member = await createUser(t.db);
  memberCookie = await t.sessionCookie(member);
  adminCookie = await t.sessionCookie(await createUser(t.db, { roles: ['admin'] }));
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const chooseLanguage = (language: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/language',
    headers: cookie ? { cookie } : {},
    payload: { language },
  });

/** An answer that is an error for a signed-out person: its message is what we read. */
const signedOutError = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/admin/data-checks', headers });

describe('the language of API messages', () => {
  it('follows Accept-Language, and English when none is offered', async () => {
    const french = await signedOutError({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(french.statusCode).toBe(401);
    expect(french.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Veuillez vous connecter pour continuer' },
    });
    const unknown = await signedOutError({ 'accept-language': 'ja' });
    expect(unknown.json().error.message).toBe('Please sign in to continue');
  });

  it("prefers the picker's cookie over Accept-Language", async () => {
    const chosen = await chooseLanguage('es');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ language: 'es' });
    const cookie = chosen.cookies.find((c) => c.name === 'mea_lang');
    expect(cookie).toMatchObject({ value: 'es', path: '/', httpOnly: true, sameSite: 'Lax' });
    const answer = await signedOutError({ 'accept-language': 'de', cookie: 'mea_lang=es' });
    expect(answer.json().error.message).toBe('Inicie sesión para continuar');
  });

  it("prefers the account's setting over the cookie and the browser, with values filled in", async () => {
    const chosen = await chooseLanguage('de', memberCookie);
    expect(chosen.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.language).toBe('de');
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/admin/data-checks',
      headers: { cookie: `${memberCookie}; mea_lang=fr`, 'accept-language': 'es' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'Erforderliche Rolle: admin',
    });
  });

  it('an admin chooses like anyone else, and keeps their access', async () => {
    expect((await chooseLanguage('ar', adminCookie)).statusCode).toBe(200);
    const checks = await t.app.inject({
      method: 'GET',
      url: '/api/admin/data-checks',
      headers: { cookie: adminCookie },
    });
    expect(checks.statusCode).toBe(200);
  });

  it('refuses a language the product does not offer, naming the field, and changes nothing', async () => {
    const refused = await chooseLanguage('xx', memberCookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    expect(refused.json().error.details.fields[0].field).toBe('body.language');
    expect(refused.cookies.find((c) => c.name === 'mea_lang')).toBeUndefined();
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.language).toBe('de');
    expect((await chooseLanguage(undefined)).statusCode).toBe(400);
  });
});

describe("the language of the contracts' texts", () => {
  it("says a schema message in the reader's language, with the code and field unchanged", async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'accept-language': 'es' },
      payload: {},
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('VALIDATION_FAILED');
    expect(answer.json().error.details.fields).toEqual([
      { field: 'body.email', message: 'El correo electrónico es obligatorio' },
      { field: 'body.password', message: 'La contraseña es obligatoria' },
    ]);
  });

  it('fills a message built from values, the field name said in the same language', async () => {
    const ride = {
      eventId: '00000000-0000-4000-8000-000000000001',
      departureArea: 'x'.repeat(121),
      departsAt: '2030-01-01T10:00:00.000Z',
      seats: 2,
    };
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie: memberCookie, 'accept-language': 'en' },
      payload: ride,
    });
    expect(answer.statusCode).toBe(400);
    // The member's account speaks German (chosen above), whatever the browser asks for.
    expect(answer.json().error.details.fields).toContainEqual({
      field: 'body.departureArea',
      message: 'Das Feld „Abfahrtsgebiet“ darf höchstens 120 Zeichen lang sein',
    });
    const someoneElse = await t.sessionCookie(await createUser(t.db));
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { cookie: someoneElse },
      payload: ride,
    });
    expect(english.json().error.details.fields).toContainEqual({
      field: 'body.departureArea',
      message: 'Departure area must be at most 120 characters',
    });
  });
});

describe('the language of pages', () => {
  const page = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/events', headers: { accept: 'text/html', ...headers } });

  it('writes the language and its direction into the page the browser receives', async () => {
    const arabic = await page({ 'accept-language': 'ar-EG' });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.headers.vary).toContain('accept-language');
    expect(arabic.headers.vary).toContain('cookie');
    expect((await page({})).body).toContain('<html lang="en" dir="ltr">');
    expect((await page({ cookie: 'mea_lang=pt-BR' })).body).toContain(
      '<html lang="pt-BR" dir="ltr">',
    );
  });

  it("follows the signed-in person's account over the browser", async () => {
    await chooseLanguage('fr', memberCookie);
    const answer = await page({ cookie: memberCookie, 'accept-language': 'ar' });
    expect(answer.body).toContain('<html lang="fr" dir="ltr">');
  });

  it('follows a link that names its language, and names every language a public page has', async () => {
    const linked = await t.app.inject({
      method: 'GET',
      url: '/events?lang=de',
      headers: { accept: 'text/html', cookie: memberCookie, 'accept-language': 'ar' },
    });
    expect(linked.body).toContain('<html lang="de" dir="ltr">');
    const base = `${t.config.PUBLIC_URL.replace(/\/$/, '')}/events`;
    for (const locale of ['en', 'es', 'fr', 'de', 'pt-BR', 'ar'])
      expect(linked.body).toContain(
        `<link rel="alternate" hreflang="${locale}" href="${base}?lang=${locale}" data-page-head />`,
      );
    expect(linked.body).toContain(
      `<link rel="alternate" hreflang="x-default" href="${base}" data-page-head />`,
    );
  });
});

describe('the language of mail', () => {
  it('is the language the person signed up in, and stays theirs for later mail', async () => {
    const email = 'greta@example.test';
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
      payload: {
        fullName: 'Greta Berg',
        email,
        phone: '+49 30 1234567',
        password: 'secret-1',
        confirmPassword: 'secret-1',
        userType: 'vendor',
        service: 'Photographer',
      },
    });
    expect(signedUp.json()).toEqual({ ok: true, email });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.language).toBe('de');
    const [confirmation] = await waitForCapturedMail(t.db, email);
    expect(confirmation?.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für MEA Events');
    expect(confirmation?.text).toContain('Hallo Greta Berg,');
    expect(confirmation?.html).toContain('<html lang="de" dir="ltr">');
    expect(confirmation?.html).toContain('Oder öffnen Sie diesen Link:');

    // A reset asked for from an English page still reaches her in German: the account decides.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      headers: { 'accept-language': 'en' },
      payload: { email },
    });
    expect(reset.statusCode).toBeLessThan(300);
    const mails = await waitForCapturedMail(t.db, email, { count: 2 });
    expect(mails.map((m) => m.subject)).toContain('Setzen Sie Ihr MEA Events-Passwort zurück');
  });

  it('is right to left in Arabic', async () => {
    const email = 'amal@example.test';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { cookie: 'mea_lang=ar' },
      payload: {
        fullName: 'Amal Haddad',
        email,
        phone: '+20 2 1234567',
        password: 'secret-1',
        confirmPassword: 'secret-1',
        userType: 'vendor',
        service: 'Photographer',
      },
    });
    const [mail] = await waitForCapturedMail(t.db, email);
    expect(mail?.subject).toBe('أكِّد بريدك الإلكتروني في MEA Events');
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
  });
});
