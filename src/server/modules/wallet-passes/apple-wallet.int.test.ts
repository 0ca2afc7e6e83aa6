import { createHash, X509Certificate } from 'node:crypto';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxOfficeSale } from '../../../contracts/box-office';
import { ACTING_COOKIE } from '../../../contracts/teams';
import { walletPassConfigs } from '../../db/schema/wallet-passes';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { checkDetachedSignature, makePassCertificates } from '../../test/pass-certificates';
import { joinTeam } from '../../test/team-member';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

// Apple Wallet passes: the organizer's pass certificate (its key sealed, never answered, the pair
// checked when saved), a holder's .pkpass read back as Wallet reads it (the zip, the manifest's
// hashes, the PKCS#7 signature by the certificate the stand-in WWDR issued), and who may ask.
// Apple is not reachable: the certificates are made here (test/pass-certificates.ts).

let t: TestApp;
let cookies: Record<'owner' | 'other' | 'buyer', string>;
let ownerId: string;
let buyerEmail: string;
const PASS_TYPE = 'pass.org.mea-events.tickets';
const TEAM = 'A1B2C3D4E5';
const certificates = makePassCertificates({ passTypeId: PASS_TYPE, teamId: TEAM });
const CONFIG = {
  applePassTypeId: PASS_TYPE,
  appleTeamId: TEAM,
  appleCertificatePem: certificates.certificatePem,
  applePrivateKeyPem: certificates.privateKeyPem,
  appleWwdrPem: certificates.wwdrPem,
};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  const owner = await createUser(t.db, { userType: 'organizer', fullName: 'Amara Stages' });
  const buyer = await createUser(t.db, { fullName: 'Leila Haddad' });
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

async function buyTicket(title: string) {
  const event = await createEvent(t.db, { userId: ownerId, isFree: false, capacity: null, title });
  const type = await createTicketType(t.db, {
    eventId: event.id,
    quantity: 10,
    priceCents: 4000,
    name: 'Balcony',
  });
  const sale = (
    await call(
      'owner',
      'POST',
      `/api/door/events/${event.id}/box-office/sales`,
      { items: [{ ticketTypeId: type.id, quantity: 1 }], method: 'complimentary', buyerEmail },
      { 'idempotency-key': `apple-wallet-${title}` },
    )
  ).json<BoxOfficeSale>();
  return sale.tickets[0]?.id ?? '';
}

describe('Apple Wallet', () => {
  it('gives the holder a .pkpass signed with the organizer’s certificate, carrying the current code', async () => {
    const ticketId = await buyTicket('Night of Oud');
    const link = `/api/wallet/tickets/${ticketId}/apple`;

    // Not set up: said plainly, and the ticket page offers no button.
    const none = await call('buyer', 'GET', link);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('Apple Wallet passes are not set up for this event');
    expect((await call('buyer', 'GET', `/api/wallet/tickets/${ticketId}`)).json()).toEqual({
      apple: false,
      google: false,
    });

    const saved = await call('owner', 'PUT', '/api/wallet/config/apple', CONFIG);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      google: null,
      apple: {
        passTypeId: PASS_TYPE,
        teamId: TEAM,
        certificateExpiresAt: new Date(
          new X509Certificate(certificates.certificatePem).validTo,
        ).toISOString(),
      },
    });
    expect(saved.body).not.toContain('PRIVATE KEY');
    const [row] = await t.db
      .select()
      .from(walletPassConfigs)
      .where(eq(walletPassConfigs.ownerId, ownerId));
    expect(row?.appleKeySealed).toMatch(/^v1\./);
    expect(row?.appleKeySealed).not.toContain('PRIVATE');
    expect((await call('buyer', 'GET', `/api/wallet/tickets/${ticketId}`)).json()).toEqual({
      apple: true,
      google: false,
    });

    const answer = await call('buyer', 'GET', link);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const zip = await JSZip.loadAsync(answer.rawPayload);
    const files = Object.keys(zip.files).sort();
    expect(files).toEqual(
      ['icon.png', 'icon@2x.png', 'icon@3x.png', 'manifest.json', 'pass.json', 'signature'].sort(),
    );
    const read = (name: string) => zip.file(name)?.async('nodebuffer') ?? Promise.reject();
    const manifestBytes = await read('manifest.json');
    const manifest = JSON.parse(manifestBytes.toString('utf8'));
    // The manifest holds the SHA-1 of every other file; Wallet refuses a pass where one differs.
    for (const name of files.filter((f) => f !== 'manifest.json' && f !== 'signature'))
      expect(manifest[name], name).toBe(
        createHash('sha1')
          .update(await read(name))
          .digest('hex'),
      );
    expect(Object.keys(manifest).sort()).toEqual(
      files.filter((f) => f !== 'manifest.json' && f !== 'signature'),
    );

    const pass = JSON.parse((await read('pass.json')).toString('utf8'));
    const ticket = (await call('buyer', 'GET', `/api/tickets/${ticketId}`)).json<{
      code: string;
    }>();
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: TEAM,
      serialNumber: ticketId,
      barcodes: [{ format: 'PKBarcodeFormatQR', message: ticket.code }],
    });
    expect(pass.eventTicket.primaryFields[0]).toMatchObject({ value: 'Night of Oud' });
    expect(pass.eventTicket.auxiliaryFields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'holder', value: 'Leila Haddad' }),
        expect.objectContaining({ key: 'type', value: 'Balcony' }),
      ]),
    );

    // The signature: detached PKCS#7 over the manifest, by the pass certificate, with the
    // WWDR certificate that issued it beside it.
    const signature = checkDetachedSignature(await read('signature'), manifestBytes);
    expect(signature.digestMatches).toBe(true);
    expect(signature.signatureValid).toBe(true);
    expect(signature.signer?.subject).toContain(`Pass Type ID: ${PASS_TYPE}`);
    const wwdr = new X509Certificate(certificates.wwdrPem);
    expect(signature.certificates.map((c) => c.fingerprint256)).toContain(wwdr.fingerprint256);
    expect(signature.signer?.checkIssued(wwdr)).toBe(true);
    // A changed manifest no longer matches the signature.
    const altered = Buffer.from(manifestBytes.toString('utf8').replace('"icon.png"', '"icon.PNG"'));
    expect(checkDetachedSignature(await read('signature'), altered).digestMatches).toBe(false);

    // Someone else's ticket is not theirs to add.
    expect((await call('other', 'GET', link)).statusCode).toBe(404);
    expect((await call('other', 'GET', `/api/wallet/tickets/${ticketId}`)).statusCode).toBe(404);
    expect((await call('signedOut', 'GET', link)).statusCode).toBe(401);
  });

  it('refuses a key or WWDR certificate that does not go with the certificate, naming the field', async () => {
    const stranger = makePassCertificates({ passTypeId: PASS_TYPE, teamId: TEAM });
    const wrongKey = await call('other', 'PUT', '/api/wallet/config/apple', {
      ...CONFIG,
      applePrivateKeyPem: stranger.privateKeyPem,
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().error.details.fields[0].field).toBe('body.applePrivateKeyPem');
    const wrongWwdr = await call('other', 'PUT', '/api/wallet/config/apple', {
      ...CONFIG,
      appleWwdrPem: stranger.wwdrPem,
    });
    expect(wrongWwdr.statusCode).toBe(400);
    expect(wrongWwdr.json().error.details.fields[0].field).toBe('body.appleWwdrPem');
    const badTeam = await call('other', 'PUT', '/api/wallet/config/apple', {
      ...CONFIG,
      appleTeamId: 'team',
    });
    expect(badTeam.statusCode).toBe(400);
    expect(badTeam.json().error.details.fields[0].field).toBe('body.appleTeamId');
    expect((await call('other', 'GET', '/api/wallet/config')).json()).toEqual({
      google: null,
      apple: null,
    });
  });

  it('lets a manager switched to the team set up the owner’s passes; a check-in member may not', async () => {
    const team = await createUser(t.db, { userType: 'organizer', fullName: 'Kasbah Nights' });
    const teamCookie = await t.sessionCookie(team);
    const manager = await joinTeam(t, teamCookie, 'manager');
    const door = await joinTeam(t, teamCookie, 'check_in');
    const acting = (cookie: string) => ({ cookie: `${cookie}; ${ACTING_COOKIE}=${team.id}` });

    const saved = await call(acting(manager.cookie), 'PUT', '/api/wallet/config/apple', CONFIG);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await call({ cookie: teamCookie }, 'GET', '/api/wallet/config')).json().apple,
    ).toMatchObject({
      passTypeId: PASS_TYPE,
    });
    // On their own account the manager has none.
    expect(
      (await call({ cookie: manager.cookie }, 'GET', '/api/wallet/config')).json().apple,
    ).toBeNull();

    const refused = await call(acting(door.cookie), 'PUT', '/api/wallet/config/apple', CONFIG);
    expect(refused.statusCode).toBe(403);
    expect((await call(acting(door.cookie), 'GET', '/api/wallet/config')).statusCode).toBe(403);
  });
});
