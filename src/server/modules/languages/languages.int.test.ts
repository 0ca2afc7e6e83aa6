import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let member: CreatedUser;
let memberCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  member = await createUser(t.db);
  memberCookie = await t.sessionCookie(member);
  adminCookie = await t.sessionCookie(await createUser(t.db, { roles: ['admin'] }));
});
afterAll(() => t.close());

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
