import { generateKeyPairSync, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxOfficeSale } from '../../../contracts/box-office';
import { walletPassConfigs } from '../../db/schema/wallet-passes';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { waitForCapturedMail } from '../../test/mail';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

// Google Wallet save links: the organizer's service account (its key sealed, never answered), a
// holder's link signed with it (checked with the public key here; Google is not reachable), and
// who may ask.

let t: TestApp;
let cookies: Record<'owner' | 'other' | 'buyer', string>;
let ownerId: string;
let buyerEmail: string;
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  const owner = await createUser(t.db, { userType: 'organizer', fullName: 'Nia Festival' });
  const buyer = await createUser(t.db, { fullName: 'Kofi Mensah' });
  ownerId = owner.id;
  buyerEmail = buyer.email;
  cookies = {
    owner: await t.sessionCookie(owner),
    other: await t.sessionCookie(await createUser(t.db, { userType: 'organizer' })),
    buyer: await t.sessionCookie(buyer),
  };
});
afterAll(() => t?.close());

const call = requestAs(
  () => t,
  () => cookies,
);

const CONFIG = {
  googleIssuerId: '3388000000012345678',
  googleServiceAccountEmail: 'passes@mea-events.iam.gserviceaccount.com',
  googlePrivateKeyPem: pem,
};

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

describe('Google Wallet', () => {
  it('gives the holder a save link signed with the organizer’s key, carrying the current code', async () => {
    const event = await createEvent(t.db, {
      userId: ownerId,
      isFree: false,
      capacity: null,
      title: 'Harbour Jazz',
    });
    const type = await createTicketType(t.db, {
      eventId: event.id,
      quantity: 10,
      priceCents: 2500,
      name: 'Standing',
    });
    const sale = (
      await call(
        'owner',
        'POST',
        `/api/door/events/${event.id}/box-office/sales`,
        { items: [{ ticketTypeId: type.id, quantity: 1 }], method: 'complimentary', buyerEmail },
        { 'idempotency-key': 'wallet-test-sale-1' },
      )
    ).json<BoxOfficeSale>();
    const ticketId = sale.tickets[0]?.id ?? '';
    const link = `/api/wallet/tickets/${ticketId}/google`;

    // Not set up: said plainly.
    const none = await call('buyer', 'GET', link);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('Google Wallet passes are not set up for this event');

    const saved = await call('owner', 'PUT', '/api/wallet/config/google', CONFIG);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      google: {
        issuerId: CONFIG.googleIssuerId,
        serviceAccountEmail: CONFIG.googleServiceAccountEmail,
      },
      apple: null,
    });
    expect(saved.body).not.toContain('PRIVATE KEY');
    // Sealed at rest.
    const [row] = await t.db
      .select()
      .from(walletPassConfigs)
      .where(eq(walletPassConfigs.ownerId, ownerId));
    expect(row?.googleKeySealed).toMatch(/^v1\./);
    expect(row?.googleKeySealed).not.toContain('PRIVATE');

    const answer = await call('buyer', 'GET', link);
    expect(answer.statusCode, answer.body).toBe(200);
    const url: string = answer.json().url;
    expect(url).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const jwt = url.split('/save/')[1] ?? '';
    const [header, payload, signature] = jwt.split('.');
    expect(decode(header ?? '')).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(
      verify(
        'sha256',
        Buffer.from(`${header}.${payload}`),
        publicKey,
        Buffer.from(signature ?? '', 'base64url'),
      ),
    ).toBe(true);
    const body = decode(payload ?? '');
    expect(body).toMatchObject({
      iss: CONFIG.googleServiceAccountEmail,
      aud: 'google',
      typ: 'savetowallet',
    });
    const ticket = (await call('buyer', 'GET', `/api/tickets/${ticketId}`)).json<{
      code: string;
    }>();
    const [object] = body.payload.eventTicketObjects;
    expect(object.barcode).toEqual({ type: 'QR_CODE', value: ticket.code });
    expect(object.classId).toBe(`${CONFIG.googleIssuerId}.event-${event.id}`);
    expect(body.payload.eventTicketClasses[0].eventName.defaultValue.value).toBe('Harbour Jazz');

    // Someone else's ticket is not theirs to save.
    expect((await call('other', 'GET', link)).statusCode).toBe(404);
    expect((await call('signedOut', 'GET', link)).statusCode).toBe(401);

    // Set up now: the next ticket mail offers "Save to Google Wallet", a link that opens without
    // a session and goes on to Google with a freshly signed pass (decision 089).
    const second = (
      await call(
        'owner',
        'POST',
        `/api/door/events/${event.id}/box-office/sales`,
        { items: [{ ticketTypeId: type.id, quantity: 1 }], method: 'complimentary', buyerEmail },
        { 'idempotency-key': 'wallet-test-sale-2' },
      )
    ).json<BoxOfficeSale>();
    const secondId = second.tickets[0]?.id ?? '';
    const mails = await waitForCapturedMail(t.db, buyerEmail, { count: 2 });
    const mail = mails.find((m) => m.text.includes(`/api/wallet/passes/${secondId}/google`));
    expect(mail?.text).toContain('Save to Google Wallet: ');
    expect(mail?.text).not.toContain('Apple Wallet');
    const mailed = /\/api\/wallet\/passes\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    const onward = await call('signedOut', 'GET', mailed);
    expect(onward.statusCode, onward.body).toBe(302);
    expect(onward.headers.location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    expect((await call('signedOut', 'GET', `${mailed.split('?')[0]}?token=nope`)).statusCode).toBe(
      404,
    );
  });

  it('refuses a config without a real key, naming the field', async () => {
    const bad = await call('other', 'PUT', '/api/wallet/config/google', {
      ...CONFIG,
      googlePrivateKeyPem: 'secret',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('body.googlePrivateKeyPem');
    expect((await call('other', 'GET', '/api/wallet/config')).json()).toEqual({
      google: null,
      apple: null,
    });
  });
});
