import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCampaigns } from '../../db/schema/marketing';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// A campaign delivered through a real SMTP server: the RFC 8058 headers reach the wire (the
// captured mailer of the other tests keeps no headers).

let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}?tls=off`, MAIL_FROM: 'MEA Events <hello@mea.test>' },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('campaign over SMTP', () => {
  it('delivers every recipient one mail with one-click unsubscribe headers and a text part', async () => {
    const owner = await createUser(t.db, { userType: 'organizer' });
    const cookie = await t.sessionCookie(owner);
    const as = (method: 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie } });
    const list = (
      await as('POST', '/api/marketing/lists', { name: 'Wire', optIn: 'single' })
    ).json();
    await as('POST', `/api/marketing/lists/${list.id}/import`, {
      header: ['email'],
      rows: [['one@wire.test'], ['two@wire.test']],
      mapping: { email: 0 },
    });
    const campaign = (
      await as('POST', '/api/marketing/email-campaigns', {
        subject: 'On the wire',
        bodyHtml: '<p>Hello {{email}}</p>',
        listIds: [list.id],
      })
    ).json();
    expect(
      (await as('POST', `/api/marketing/email-campaigns/${campaign.id}/send`, {})).statusCode,
    ).toBe(200);

    for (let i = 0; i < 100 && received.length < 2; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(received.map((m) => m.to[0]).sort()).toEqual(['one@wire.test', 'two@wire.test']);
    // Long headers are folded onto continuation lines on the wire.
    const raw = (received[0]?.raw ?? '').replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:\d+\/api\/marketing\/unsubscribe\?token=/m,
    );
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    const [row] = await t.db
      .select()
      .from(emailCampaigns)
      .where(eq(emailCampaigns.id, campaign.id));
    expect(row?.status).toBe('sent');
  });
});
