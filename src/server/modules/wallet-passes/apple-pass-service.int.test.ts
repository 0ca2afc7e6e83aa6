import http2 from 'node:http2';
import type { TLSSocket } from 'node:tls';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BoxOfficeSale } from '../../../contracts/box-office';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { makePassCertificates, makeServerCertificate } from '../../test/pass-certificates';
import { waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';

// Apple's pass web service as Wallet calls it: a device registers for a pass with the token the
// pass carries, asks which passes changed since a tag, fetches the latest version, and is woken
// by a push when its event or ticket changes. APNs is not reachable here: a stand-in HTTP/2
// server (TLS, self-signed, trusted through APPLE_PUSH_CA_PEM) records the pushes it receives.

let t: TestApp;
let ownerCookie: string;
let buyerCookie: string;
let ownerId: string;
let buyerEmail: string;
const PASS_TYPE = 'pass.org.mea-events.tickets';
const certificates = makePassCertificates({ passTypeId: PASS_TYPE, teamId: 'A1B2C3D4E5' });
const tlsCertificate = makeServerCertificate('localhost');
const pushes: { path: string; topic: string; body: string; clientCertificate: string }[] = [];
let apns: http2.Http2SecureServer;

beforeAll(async () => {
  apns = http2.createSecureServer({
    cert: tlsCertificate.certificatePem,
    key: tlsCertificate.privateKeyPem,
    requestCert: true,
    rejectUnauthorized: false,
  });
  apns.on('stream', (stream, headers) => {
    let body = '';
    stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    stream.on('end', () => {
      const peer = (stream.session?.socket as TLSSocket | undefined)?.getPeerCertificate();
      pushes.push({
        path: String(headers[':path']),
        topic: String(headers['apns-topic']),
        body,
        clientCertificate: String(peer?.subject?.CN ?? ''),
      });
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
  const owner = await createUser(t.db, { userType: 'organizer', fullName: 'Amara Stages' });
  const buyer = await createUser(t.db, { fullName: 'Leila Haddad' });
  ownerId = owner.id;
  buyerEmail = buyer.email;
  ownerCookie = await t.sessionCookie(owner);
  buyerCookie = await t.sessionCookie(buyer);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/wallet/config/apple',
    headers: { cookie: ownerCookie },
    payload: {
      applePassTypeId: PASS_TYPE,
      appleTeamId: 'A1B2C3D4E5',
      appleCertificatePem: certificates.certificatePem,
      applePrivateKeyPem: certificates.privateKeyPem,
      appleWwdrPem: certificates.wwdrPem,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => apns?.close(resolve));
});

async function buyTicket(title: string) {
  const event = await createEvent(t.db, { userId: ownerId, isFree: false, capacity: null, title });
  const type = await createTicketType(t.db, { eventId: event.id, quantity: 10, priceCents: 4000 });
  const sale = (
    await t.app.inject({
      method: 'POST',
      url: `/api/door/events/${event.id}/box-office/sales`,
      headers: { cookie: ownerCookie, 'idempotency-key': `apple-service-${title}` },
      payload: {
        items: [{ ticketTypeId: type.id, quantity: 1 }],
        method: 'complimentary',
        buyerEmail,
      },
    })
  ).json<BoxOfficeSale>();
  const ticketId = sale.tickets[0]?.id ?? '';
  const pass = await t.app.inject({
    method: 'GET',
    url: `/api/wallet/tickets/${ticketId}/apple`,
    headers: { cookie: buyerCookie },
  });
  expect(pass.statusCode, pass.body).toBe(200);
  return { eventId: event.id, ticketId, pass: await passJson(pass.rawPayload) };
}

async function passJson(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const text = (await zip.file('pass.json')?.async('string')) ?? '{}';
  return JSON.parse(text) as {
    serialNumber: string;
    webServiceURL: string;
    authenticationToken: string;
    voided?: boolean;
    barcodes?: { message: string }[];
    eventTicket: { auxiliaryFields: { key: string; value: string }[] };
  };
}

const service = '/api/wallet/apple/v1';
const auth = (token: string) => ({ authorization: `ApplePass ${token}` });
const register = (device: string, serial: string, token: string, pushToken = 'push-token-1') =>
  t.app.inject({
    method: 'POST',
    url: `${service}/devices/${device}/registrations/${PASS_TYPE}/${serial}`,
    headers: auth(token),
    payload: { pushToken },
  });
const updated = (device: string, since?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${service}/devices/${device}/registrations/${PASS_TYPE}${since ? `?passesUpdatedSince=${since}` : ''}`,
  });
const latest = (serial: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `${service}/passes/${PASS_TYPE}/${serial}`,
    headers: { ...auth(token), ...headers },
  });

describe("Apple's pass web service", () => {
  it('registers a device with the pass token: 201, then 200; a wrong token 401, an unknown serial 404', async () => {
    const { ticketId, pass } = await buyTicket('Registration night');
    expect(pass.webServiceURL).toBe(`${t.config.PUBLIC_URL}/api/wallet/apple`);
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    expect(pass.serialNumber).toBe(ticketId);

    expect((await register('device-a', ticketId, 'x'.repeat(43))).statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `${service}/devices/device-a/registrations/${PASS_TYPE}/${ticketId}`,
      payload: { pushToken: 'p' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await register('device-a', randomUUID(), pass.authenticationToken)).statusCode).toBe(
      404,
    );
    expect((await register('device-a', 'not-a-ticket', pass.authenticationToken)).statusCode).toBe(
      404,
    );
    const otherType = await t.app.inject({
      method: 'POST',
      url: `${service}/devices/device-a/registrations/pass.com.other/${ticketId}`,
      headers: auth(pass.authenticationToken),
      payload: { pushToken: 'p' },
    });
    expect(otherType.statusCode).toBe(404);
    const noPushToken = await t.app.inject({
      method: 'POST',
      url: `${service}/devices/device-a/registrations/${PASS_TYPE}/${ticketId}`,
      headers: auth(pass.authenticationToken),
      payload: {},
    });
    expect(noPushToken.statusCode).toBe(400);
    expect(noPushToken.json().error.details.fields[0].field).toBe('body.pushToken');

    expect((await register('device-a', ticketId, pass.authenticationToken)).statusCode).toBe(201);
    expect((await register('device-a', ticketId, pass.authenticationToken)).statusCode).toBe(200);
    const rows = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from apple_pass_registrations where ticket_id = ${ticketId}`,
    );
    expect(rows.rows[0]?.n).toBe(1);

    // Unregistering needs the token too, and leaves the device with nothing to hear of.
    const unregister = (token: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `${service}/devices/device-a/registrations/${PASS_TYPE}/${ticketId}`,
        headers: auth(token),
      });
    expect((await unregister('y'.repeat(43))).statusCode).toBe(401);
    expect((await unregister(pass.authenticationToken)).statusCode).toBe(200);
    expect((await updated('device-a')).statusCode).toBe(204);
  });

  it('serves the latest pass with Last-Modified, 304 when unchanged, 401 and 404 as Wallet expects', async () => {
    const { ticketId, pass } = await buyTicket('Latest pass night');
    const first = await latest(ticketId, pass.authenticationToken);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const lastModified = String(first.headers['last-modified']);
    expect(Date.parse(lastModified)).not.toBeNaN();
    expect((await passJson(first.rawPayload)).barcodes?.[0]?.message).toBe(
      pass.barcodes?.[0]?.message,
    );
    const same = await latest(ticketId, pass.authenticationToken, {
      'if-modified-since': lastModified,
    });
    expect(same.statusCode).toBe(304);
    expect((await latest(ticketId, 'z'.repeat(43))).statusCode).toBe(401);
    expect((await latest(randomUUID(), pass.authenticationToken)).statusCode).toBe(404);

    // A transfer gives the ticket a new code version: the previous holder's token now fetches a
    // void pass, without the code or anyone's name.
    await t.db.execute(
      sql`update tickets set code_version = code_version + 1 where id = ${ticketId}`,
    );
    const passedOn = await latest(ticketId, pass.authenticationToken);
    expect(passedOn.statusCode).toBe(200);
    const voided = await passJson(passedOn.rawPayload);
    expect(voided.voided).toBe(true);
    expect(voided.barcodes ?? []).toEqual([]);
    expect(voided.eventTicket.auxiliaryFields.map((field) => field.key)).not.toContain('holder');
    expect(voided.authenticationToken).not.toBe(pass.authenticationToken);
  });

  it('lists a pass as updated once its event changes, and wakes the device through APNs', async () => {
    const { eventId, ticketId, pass } = await buyTicket('Changing night');
    expect(
      (await register('device-b', ticketId, pass.authenticationToken, 'tok-b')).statusCode,
    ).toBe(201);
    // The ticket was made an hour ago and nothing changed since.
    await t.db.execute(
      sql`update tickets set created_at = now() - interval '1 hour' where id = ${ticketId}`,
    );
    const all = await updated('device-b');
    expect(all.statusCode).toBe(200);
    expect(all.json().serialNumbers).toEqual([ticketId]);
    const tag = all.json().lastUpdated as string;
    expect((await updated('device-b', tag)).statusCode).toBe(204);
    expect(pushes.filter((push) => push.path.endsWith('/tok-b'))).toEqual([]);

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}`,
      headers: { cookie: ownerCookie },
      payload: { venueName: 'The Old Harbour Hall' },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const after = await updated('device-b', tag);
    expect(after.statusCode).toBe(200);
    expect(after.json().serialNumbers).toEqual([ticketId]);
    const fresh = await latest(ticketId, pass.authenticationToken, {
      'if-modified-since': new Date(Number(tag)).toUTCString(),
    });
    expect(fresh.statusCode).toBe(200);
    expect(JSON.stringify(await passJson(fresh.rawPayload))).toContain('The Old Harbour Hall');

    await expect
      .poll(() => pushes.some((push) => push.path === '/3/device/tok-b'), { timeout: 10_000 })
      .toBe(true);
    const push = pushes.find((p) => p.path === '/3/device/tok-b');
    expect(push).toMatchObject({
      topic: PASS_TYPE,
      body: '{}',
      clientCertificate: `Pass Type ID: ${PASS_TYPE}`,
    });
    await t.settle();
    const marked = await t.db.execute<{ needs_push: boolean }>(
      sql`select needs_push from apple_pass_registrations where ticket_id = ${ticketId}`,
    );
    expect(marked.rows[0]?.needs_push).toBe(false);
    expect(pushes.filter((p) => p.path === '/3/device/tok-b')).toHaveLength(1);
  });

  it('puts an "Add to Apple Wallet" button in the ticket mail that opens without a session, only when set up', async () => {
    const { ticketId, pass } = await buyTicket('Mailed night');
    const path = `/api/wallet/passes/${ticketId}/apple?token=`;
    const mail = await vi.waitFor(
      async () => {
        const found = (await waitForCapturedMail(t.db, buyerEmail)).find((m) =>
          m.text.includes(path),
        );
        if (!found) throw new Error('no ticket mail with the Apple Wallet link yet');
        return found;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(mail?.text).toContain('Add to Apple Wallet: ');
    expect(mail?.text).not.toContain('Google Wallet');
    expect(mail?.html).toContain('Add to Apple Wallet');
    const link = /\/api\/wallet\/passes\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect((await passJson(opened.rawPayload)).barcodes?.[0]?.message).toBe(
      pass.barcodes?.[0]?.message,
    );
    const forged = await t.app.inject({ method: 'GET', url: `${path}${'a'.repeat(43)}` });
    expect(forged.statusCode).toBe(404);
    // A transfer ends the mailed link: the new holder gets their own mail.
    await t.db.execute(
      sql`update tickets set code_version = code_version + 1 where id = ${ticketId}`,
    );
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);

    // An organizer without wallet passes: the mail offers none.
    const plain = await createUser(t.db, { userType: 'organizer' });
    const plainCookie = await t.sessionCookie(plain);
    const guest = await createUser(t.db, { fullName: 'Noor Plain' });
    const event = await createEvent(t.db, { userId: plain.id, isFree: false, capacity: null });
    const type = await createTicketType(t.db, { eventId: event.id, quantity: 5, priceCents: 1000 });
    const sale = await t.app.inject({
      method: 'POST',
      url: `/api/door/events/${event.id}/box-office/sales`,
      headers: { cookie: plainCookie, 'idempotency-key': 'apple-service-plain' },
      payload: {
        items: [{ ticketTypeId: type.id, quantity: 1 }],
        method: 'complimentary',
        buyerEmail: guest.email,
      },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    const [plainMail] = await waitForCapturedMail(t.db, guest.email);
    expect(plainMail?.text).not.toContain('Wallet');
  });

  it('takes Wallet’s log lines', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${service}/log`,
      payload: { logs: ['Web service error for pass.org.mea-events.tickets: 500'] },
    });
    expect(answer.statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'POST', url: `${service}/log`, payload: { logs: 3 } });
    expect(bad.statusCode).toBe(400);
  });
});
