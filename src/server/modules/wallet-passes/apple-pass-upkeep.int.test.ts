import http2 from 'node:http2';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxOfficeSale } from '../../../contracts/box-office';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { makePassCertificates, makeServerCertificate } from '../../test/pass-certificates';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

// Keeping Apple passes in Wallet right over time (decision 092): a replaced pass certificate
// wakes every registered device once, to fetch its passes signed anew; registrations of events
// long over are forgotten by a daily job. APNs is a stand-in HTTP/2 server, as in decision 089.

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'buyer', string>;
let buyerEmail: string;
// A Pass Type ID of this file alone: the test databases are shared with the other wallet tests.
const PASS_TYPE = `pass.org.mea-events.upkeep${randomUUID().slice(0, 8)}`;
const TEAM = 'A1B2C3D4E5';
const tlsCertificate = makeServerCertificate('localhost');
const pushes: string[] = [];
let apns: http2.Http2SecureServer;

const call = requestAs(
  () => t,
  () => cookies,
);

const setCertificate = (set: ReturnType<typeof makePassCertificates>) =>
  call('owner', 'PUT', '/api/wallet/config/apple', {
    applePassTypeId: PASS_TYPE,
    appleTeamId: TEAM,
    appleCertificatePem: set.certificatePem,
    applePrivateKeyPem: set.privateKeyPem,
    appleWwdrPem: set.wwdrPem,
  });

beforeAll(async () => {
  apns = http2.createSecureServer({
    cert: tlsCertificate.certificatePem,
    key: tlsCertificate.privateKeyPem,
  });
  apns.on('stream', (stream, headers) => {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      pushes.push(String(headers[':path']));
      stream.respond({ ':status': 200 });
      stream.end();
    });
  });
  await new Promise<void>((resolve) => apns.listen(0, resolve));
  const port = (apns.address() as { port: number }).port;
  t = await createTestApp({
    env: {
      RATE_LIMIT_MULTIPLIER: '20',
      OUTGOING_ALLOW_LOOPBACK: 'true',
      APPLE_PUSH_URL: `https://localhost:${port}`,
      APPLE_PUSH_CA_PEM: tlsCertificate.certificatePem,
    },
  });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Amara Stages' });
  const buyer = await createUser(t.db, { fullName: 'Leila Haddad' });
  buyerEmail = buyer.email;
  cookies = { owner: await t.sessionCookie(owner), buyer: await t.sessionCookie(buyer) };
  const saved = await setCertificate(makePassCertificates({ passTypeId: PASS_TYPE, teamId: TEAM }));
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => apns?.close(resolve));
});

/** A ticket of a new event of the owner, its pass registered on each of `devices`. */
async function registeredPass(devices: string[]) {
  const event = await createEvent(t.db, {
    userId: owner.id,
    isFree: false,
    capacity: null,
    title: `Upkeep ${randomUUID().slice(0, 6)}`,
  });
  const type = await createTicketType(t.db, { eventId: event.id, quantity: 10, priceCents: 4000 });
  const sale = await call(
    'owner',
    'POST',
    `/api/door/events/${event.id}/box-office/sales`,
    { items: [{ ticketTypeId: type.id, quantity: 1 }], method: 'complimentary', buyerEmail },
    { 'idempotency-key': randomUUID() },
  );
  expect(sale.statusCode, sale.body).toBe(200);
  const ticketId = sale.json<BoxOfficeSale>().tickets[0]?.id ?? '';
  const pass = await call('buyer', 'GET', `/api/wallet/tickets/${ticketId}/apple`);
  expect(pass.statusCode, pass.body).toBe(200);
  const zip = await JSZip.loadAsync(pass.rawPayload);
  const { authenticationToken } = JSON.parse(
    (await zip.file('pass.json')?.async('string')) ?? '{}',
  ) as { authenticationToken: string };
  for (const device of devices) {
    const registered = await t.app.inject({
      method: 'POST',
      url: `/api/wallet/apple/v1/devices/${device}/registrations/${PASS_TYPE}/${ticketId}`,
      headers: { authorization: `ApplePass ${authenticationToken}` },
      payload: { pushToken: `token-of-${device}` },
    });
    expect(registered.statusCode, registered.body).toBe(201);
  }
  return { eventId: event.id, ticketId };
}

const registrationsOf = async (ticketIds: string[]) =>
  (
    await t.db.execute<{ ticket_id: string; needs_push: boolean }>(sql`
      select ticket_id, needs_push from apple_pass_registrations
      where ticket_id = any(${`{${ticketIds.join(',')}}`}::uuid[])`)
  ).rows;

describe('a replaced pass certificate', () => {
  it('wakes each registered device once, and lists its passes as updated', async () => {
    // Phone A holds two passes, phone B one of them.
    const [phoneA, phoneB] = [`phone-a-${randomUUID()}`, `phone-b-${randomUUID()}`];
    const first = await registeredPass([phoneA, phoneB]);
    const second = await registeredPass([phoneA]);
    await t.settle();
    const since = await call(
      'signedOut',
      'GET',
      `/api/wallet/apple/v1/devices/${phoneA}/registrations/${PASS_TYPE}`,
    );
    expect(since.statusCode, since.body).toBe(200);
    const tag = since.json<{ lastUpdated: string }>().lastUpdated;
    await t.db.execute(sql`
      update wallet_pass_ticket_changes set changed_at = now() - interval '1 hour'
      where ticket_id in (${first.ticketId}, ${second.ticketId})`);
    await t.db.execute(sql`
      update tickets set created_at = now() - interval '1 hour'
      where id in (${first.ticketId}, ${second.ticketId})`);
    pushes.length = 0;

    const renewed = await setCertificate(
      makePassCertificates({ passTypeId: PASS_TYPE, teamId: TEAM }),
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    await expect
      .poll(() => [...pushes].sort(), { timeout: 10_000 })
      .toEqual([`/3/device/token-of-${phoneA}`, `/3/device/token-of-${phoneB}`].sort());
    await t.settle();
    expect(pushes).toHaveLength(2);
    const marks = await registrationsOf([first.ticketId, second.ticketId]);
    expect(marks.map((row) => row.needs_push)).toEqual([false, false, false]);

    // Wallet then asks what changed since its tag: both passes.
    const updated = await call(
      'signedOut',
      'GET',
      `/api/wallet/apple/v1/devices/${phoneA}/registrations/${PASS_TYPE}?passesUpdatedSince=${tag}`,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ serialNumbers: string[] }>().serialNumbers.sort()).toEqual(
      [first.ticketId, second.ticketId].sort(),
    );
  });

  it('wakes nobody when the same certificate is saved again', async () => {
    const set = makePassCertificates({ passTypeId: PASS_TYPE, teamId: TEAM });
    expect((await setCertificate(set)).statusCode).toBe(200);
    const { ticketId } = await registeredPass([`phone-c-${randomUUID()}`]);
    await t.settle();
    pushes.length = 0;
    expect((await setCertificate(set)).statusCode).toBe(200);
    await t.settle();
    expect(pushes).toEqual([]);
    expect((await registrationsOf([ticketId])).map((row) => row.needs_push)).toEqual([false]);
  });
});

describe('registrations of events long over', () => {
  it('are deleted by the daily job, the others kept, and a second run deletes nothing', async () => {
    const day = 24 * 60 * 60_000;
    const now = t.clock.now().getTime();
    // Sold while on sale, then moved into the past (the box office sells no past event).
    const held = async (startsAgo: number, endsAgo: number | null) => {
      const pass = await registeredPass([`phone-${randomUUID()}`]);
      const endsAt = endsAgo === null ? null : new Date(now - endsAgo);
      await t.db.execute(sql`
        update events set starts_at = ${new Date(now - startsAgo)}, ends_at = ${endsAt}
        where id = ${pass.eventId}`);
      return pass;
    };
    const longOver = await held(40 * day, 40 * day - 3 * 60 * 60_000);
    const lately = await held(10 * day, 10 * day - 3 * 60 * 60_000);
    // No end: its start plus the default length.
    const noEnd = await held(60 * day, null);
    const coming = await registeredPass([`phone-${randomUUID()}`]);
    const ids = [longOver.ticketId, lately.ticketId, noEnd.ticketId, coming.ticketId];

    for (let run = 0; run < 2; run++) {
      await t.jobs.send('wallet-passes.cleanup', {});
      await t.settle();
      expect((await registrationsOf(ids)).map((row) => row.ticket_id).sort()).toEqual(
        [lately.ticketId, coming.ticketId].sort(),
      );
    }
  });
});
