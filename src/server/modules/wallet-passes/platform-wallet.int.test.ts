import { generateKeyPairSync } from 'node:crypto';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../contracts/admin';
import type { BoxOfficeSale } from '../../../contracts/box-office';
import type { PlatformWalletConfig } from '../../../contracts/wallet-passes';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { makePassCertificates } from '../../test/pass-certificates';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

// The platform's own wallet accounts (decision 099): set by admins in the console, they sign the
// passes of organizers who set up none of their own; an organizer's own account comes first.

let t: TestApp;
let organizer: CreatedUser;
let cookies: Record<'admin' | 'organizer' | 'other' | 'buyer', string>;
let buyerEmail: string;

const PASS_TYPE = 'pass.org.mea-events.platform';
const certificates = makePassCertificates({ passTypeId: PASS_TYPE, teamId: 'P1A2T3F4M5' });
const APPLE = {
  applePassTypeId: PASS_TYPE,
  appleTeamId: 'P1A2T3F4M5',
  appleCertificatePem: certificates.certificatePem,
  applePrivateKeyPem: certificates.privateKeyPem,
  appleWwdrPem: certificates.wwdrPem,
};
const googleKey = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
const GOOGLE = {
  googleIssuerId: '3388000000099999999',
  googleServiceAccountEmail: 'platform@mea-events.iam.gserviceaccount.com',
  googlePrivateKeyPem: googleKey(),
};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20', LOG_LEVEL: 'error' } });
  organizer = await createUser(t.db, { userType: 'organizer', fullName: 'Kemi Stages' });
  const buyer = await createUser(t.db, { fullName: 'Tunde Bello' });
  buyerEmail = buyer.email;
  cookies = {
    admin: await t.sessionCookie(await createUser(t.db, { roles: ['admin'] })),
    organizer: await t.sessionCookie(organizer),
    other: await t.sessionCookie(await createUser(t.db, { fullName: 'Ada Other' })),
    buyer: await t.sessionCookie(buyer),
  };
});
afterAll(() => t?.close());

const call = requestAs(
  () => t,
  () => cookies,
);

/** A ticket of the organizer's event, sold at the box office to the buyer. */
async function ticketOf(owner: CreatedUser, cookie: 'organizer' | { cookie: string }) {
  const event = await createEvent(t.db, { userId: owner.id, isFree: false, capacity: null });
  const type = await createTicketType(t.db, { eventId: event.id, quantity: 5, priceCents: 3000 });
  const sale = await call(
    cookie,
    'POST',
    `/api/door/events/${event.id}/box-office/sales`,
    { items: [{ ticketTypeId: type.id, quantity: 1 }], method: 'complimentary', buyerEmail },
    { 'idempotency-key': `platform-wallet-${event.id}` },
  );
  expect(sale.statusCode, sale.body).toBeLessThan(300);
  return sale.json<BoxOfficeSale>().tickets[0]?.id ?? '';
}

const offers = async (ticketId: string) =>
  (await call('buyer', 'GET', `/api/wallet/tickets/${ticketId}`)).json<{
    apple: boolean;
    google: boolean;
  }>();

const issuerOf = (url: string) => {
  const jwt = new URL(url).pathname.split('/').pop() ?? '';
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return claims.iss as string;
};

describe("the platform's wallet accounts", () => {
  it('are the admins’ alone: organizers, other users and signed-out visitors are refused', async () => {
    const routes = [
      ['GET', '/api/admin/wallet-passes', undefined],
      ['PUT', '/api/admin/wallet-passes/apple', APPLE],
      ['PUT', '/api/admin/wallet-passes/google', GOOGLE],
      ['DELETE', '/api/admin/wallet-passes/google', undefined],
    ] as const;
    const seen: Record<string, Record<string, number>> = {};
    for (const [method, url, body] of routes) {
      const key = `${method} ${url}`;
      seen[key] = {};
      for (const who of ['organizer', 'other', 'signedOut'] as const)
        seen[key][who] = (await call(who, method, url, body)).statusCode;
    }
    const refused = { organizer: 403, other: 403, signedOut: 401 };
    expect(seen).toEqual(Object.fromEntries(routes.map(([m, u]) => [`${m} ${u}`, refused])));
    // Nothing was saved by the refused requests.
    const read = await call('admin', 'GET', '/api/admin/wallet-passes');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<PlatformWalletConfig>()).toEqual({
      apple: null,
      google: null,
      organizersWithOwn: { apple: 0, google: 0 },
    });
  });

  it('sign the passes of organizers without their own, and step aside for an organizer’s own', async () => {
    const ticketId = await ticketOf(organizer, 'organizer');
    expect(await offers(ticketId)).toEqual({ apple: false, google: false });

    const apple = await call('admin', 'PUT', '/api/admin/wallet-passes/apple', APPLE);
    expect(apple.statusCode, apple.body).toBe(200);
    const google = await call('admin', 'PUT', '/api/admin/wallet-passes/google', GOOGLE);
    expect(google.statusCode, google.body).toBe(200);
    const saved = google.json<PlatformWalletConfig>();
    expect(saved.apple).toMatchObject({ passTypeId: PASS_TYPE, teamId: 'P1A2T3F4M5' });
    expect(saved.google).toEqual({
      issuerId: GOOGLE.googleIssuerId,
      serviceAccountEmail: GOOGLE.googleServiceAccountEmail,
    });
    // The keys are never answered.
    expect(google.body).not.toContain('PRIVATE KEY');

    // The organizer set up nothing: the holder is offered both, signed with the platform's.
    expect(await offers(ticketId)).toEqual({ apple: true, google: true });
    const pass = await call('buyer', 'GET', `/api/wallet/tickets/${ticketId}/apple`);
    expect(pass.statusCode, pass.body.slice(0, 200)).toBe(200);
    const zip = await JSZip.loadAsync(pass.rawPayload);
    const passJson = JSON.parse((await zip.file('pass.json')?.async('string')) ?? '{}');
    expect(passJson).toMatchObject({ passTypeIdentifier: PASS_TYPE, teamIdentifier: 'P1A2T3F4M5' });
    const link = await call('buyer', 'GET', `/api/wallet/tickets/${ticketId}/google`);
    expect(link.statusCode, link.body).toBe(200);
    expect(issuerOf(link.json<{ url: string }>().url)).toBe(GOOGLE.googleServiceAccountEmail);

    // Saving the same account again changes nothing (one row for the platform, not two).
    const again = await call('admin', 'PUT', '/api/admin/wallet-passes/google', GOOGLE);
    expect(again.json<PlatformWalletConfig>().google).toEqual(saved.google);

    // An organizer with a Google account of their own: theirs signs, and the console counts them.
    const own = await createUser(t.db, { userType: 'organizer', fullName: 'Own Account Ltd' });
    const ownCookie = await t.sessionCookie(own);
    const mine = await call({ cookie: ownCookie }, 'PUT', '/api/wallet/config/google', {
      ...GOOGLE,
      googleServiceAccountEmail: 'own@own-account.iam.gserviceaccount.com',
      googlePrivateKeyPem: googleKey(),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const ownTicket = await ticketOf(own, { cookie: ownCookie });
    const ownLink = await call('buyer', 'GET', `/api/wallet/tickets/${ownTicket}/google`);
    expect(issuerOf(ownLink.json<{ url: string }>().url)).toBe(
      'own@own-account.iam.gserviceaccount.com',
    );
    const read = await call('admin', 'GET', '/api/admin/wallet-passes');
    expect(read.json<PlatformWalletConfig>().organizersWithOwn).toEqual({ apple: 0, google: 1 });

    // Removing the platform's Google account: organizers without their own lose the offer.
    const removed = await call('admin', 'DELETE', '/api/admin/wallet-passes/google');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<PlatformWalletConfig>().google).toBeNull();
    expect(removed.json<PlatformWalletConfig>().apple).not.toBeNull();
    expect(await offers(ticketId)).toEqual({ apple: true, google: false });
    expect((await offers(ownTicket)).google).toBe(true);
  });

  it('names the refused field of a bad account or kind', async () => {
    const badTeam = await call('admin', 'PUT', '/api/admin/wallet-passes/apple', {
      ...APPLE,
      appleTeamId: 'nope',
    });
    expect(badTeam.statusCode).toBe(400);
    expect(badTeam.body).toContain('body.appleTeamId');
    const wrongKey = await call('admin', 'PUT', '/api/admin/wallet-passes/apple', {
      ...APPLE,
      applePrivateKeyPem: googleKey(),
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.body).toContain('body.applePrivateKeyPem');
    const badKind = await call('admin', 'DELETE', '/api/admin/wallet-passes/samsung');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.body).toContain('params.kind');
  });
});

describe("the platform's wallet accounts in the admin audit log", () => {
  it('logs setting, replacing and removing an account, who it signed as, never its key', async () => {
    // A clean start whatever ran before: neither account set (as the file's first admin).
    for (const kind of ['apple', 'google'])
      expect((await call('admin', 'DELETE', `/api/admin/wallet-passes/${kind}`)).statusCode).toBe(
        200,
      );
    const admin = await createUser(t.db, { roles: ['admin'] });
    const as = { cookie: await t.sessionCookie(admin) };
    const replacement = {
      ...GOOGLE,
      googleServiceAccountEmail: 'wallet-2@mea-events.iam.gserviceaccount.com',
      googlePrivateKeyPem: googleKey(),
    };
    const url = '/api/admin/wallet-passes';
    expect((await call(as, 'PUT', `${url}/google`, GOOGLE)).statusCode).toBe(200);
    expect((await call(as, 'PUT', `${url}/google`, replacement)).statusCode).toBe(200);
    expect((await call(as, 'DELETE', `${url}/google`)).statusCode).toBe(200);
    // Removing what is not set changes nothing: no row.
    expect((await call(as, 'DELETE', `${url}/google`)).statusCode).toBe(200);
    expect((await call(as, 'PUT', `${url}/apple`, APPLE)).statusCode).toBe(200);
    expect((await call(as, 'DELETE', `${url}/apple`)).statusCode).toBe(200);

    const audit = await call(as, 'GET', `/api/admin/audit?actorId=${admin.id}&pageSize=100`);
    expect(audit.statusCode, audit.body).toBe(200);
    const rows = audit.json<AuditPage>().rows.reverse();
    const google = (email: string) => ({
      issuerId: GOOGLE.googleIssuerId,
      serviceAccountEmail: email,
    });
    const first = google(GOOGLE.googleServiceAccountEmail);
    const second = google(replacement.googleServiceAccountEmail);
    const apple = { passTypeId: PASS_TYPE, teamId: 'P1A2T3F4M5' };
    expect(rows.map((r) => [r.action, r.targetType, r.targetId, r.details])).toEqual([
      [
        'platform_wallet.set',
        'platform_wallet',
        'google',
        { kind: 'google', before: null, after: first },
      ],
      [
        'platform_wallet.replace',
        'platform_wallet',
        'google',
        { kind: 'google', before: first, after: second },
      ],
      [
        'platform_wallet.remove',
        'platform_wallet',
        'google',
        { kind: 'google', before: second, after: null },
      ],
      [
        'platform_wallet.set',
        'platform_wallet',
        'apple',
        { kind: 'apple', before: null, after: apple },
      ],
      [
        'platform_wallet.remove',
        'platform_wallet',
        'apple',
        { kind: 'apple', before: apple, after: null },
      ],
    ]);
    expect(audit.body).not.toContain('PRIVATE KEY');
    expect(audit.body).not.toContain('CERTIFICATE');
  });
});
