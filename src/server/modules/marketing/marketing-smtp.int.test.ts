import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailCampaigns,
  emailCampaignSends,
  emailSubscribers,
  emailSuppressions,
} from '../../db/schema/marketing';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// A campaign delivered through a real SMTP server: the RFC 8058 headers reach the wire (the
// captured mailer of the other tests keeps no headers), and the server's refusals come back as
// bounces. The server refuses `gone…` addresses for good (550 at RCPT TO), `busy…` ones once for
// now (451), and any message to `refused…` at DATA (554: the message, not the address).

let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];
const rcptAttempts = new Map<string, number>();
let t: TestApp;

const smtpError = (message: string, responseCode: number) =>
  Object.assign(new Error(message), { responseCode });

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      const to = address.address;
      const attempt = (rcptAttempts.get(to) ?? 0) + 1;
      rcptAttempts.set(to, attempt);
      if (to.startsWith('gone')) return callback(smtpError('5.1.1 No such user here', 550));
      if (to.startsWith('busy') && attempt === 1)
        return callback(smtpError('4.2.1 Mailbox busy, try again later', 451));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (to.some((a) => a.startsWith('refused')))
          return callback(smtpError('5.7.1 Message refused by policy', 554));
        received.push({ to, raw });
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

    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    // The send job writes the campaign's status after the mails are out.
    await t.settle();
    expect(received.map((m) => m.to[0]).sort()).toEqual(['one@wire.test', 'two@wire.test']);
    // Long headers are folded onto continuation lines on the wire.
    const raw = (received[0]?.raw ?? '').replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:\d+\/api\/marketing\/unsubscribe\?token=/m,
    );
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Our Message-ID (bounce reports name the message by it), not one nodemailer made up.
    expect(raw).toMatch(
      new RegExp(`^Message-ID: <m\\.${campaign.id}\\.[\\w-]{22}@localhost>`, 'm'),
    );
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    const [row] = await t.db
      .select()
      .from(emailCampaigns)
      .where(eq(emailCampaigns.id, campaign.id));
    expect(row?.status).toBe('sent');
  });
});

describe('bounces at send time', () => {
  it('marks a 5xx at RCPT TO bounced and suppresses it, a 5xx at DATA failed, and retries a 4xx', async () => {
    const owner = await createUser(t.db, { userType: 'organizer' });
    const cookie = await t.sessionCookie(owner);
    const as = (method: 'POST' | 'GET', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie } });
    const list = (
      await as('POST', '/api/marketing/lists', { name: 'Bouncy', optIn: 'single' })
    ).json();
    const other = (
      await as('POST', '/api/marketing/lists', { name: 'Also mine', optIn: 'single' })
    ).json();
    const people = ['gone@b.test', 'busy@b.test', 'refused@b.test', 'fine@b.test'];
    await as('POST', `/api/marketing/lists/${list.id}/import`, {
      header: ['email'],
      rows: people.map((p) => [p]),
      mapping: { email: 0 },
    });
    await as('POST', `/api/marketing/lists/${other.id}/import`, {
      header: ['email'],
      rows: [['gone@b.test']],
      mapping: { email: 0 },
    });
    const campaign = (
      await as('POST', '/api/marketing/email-campaigns', {
        subject: 'Bounce test',
        bodyHtml: '<p>Hello</p>',
        listIds: [list.id],
      })
    ).json();
    expect(
      (await as('POST', `/api/marketing/email-campaigns/${campaign.id}/send`, {})).statusCode,
    ).toBe(200);

    const sendsOf = () =>
      t.db
        .select({
          email: emailCampaignSends.email,
          status: emailCampaignSends.status,
          error: emailCampaignSends.error,
        })
        .from(emailCampaignSends)
        .where(eq(emailCampaignSends.campaignId, campaign.id));
    const settled = async () => {
      const rows = await sendsOf();
      const status = Object.fromEntries(rows.map((r) => [r.email, r.status]));
      return (
        status['gone@b.test'] === 'bounced' &&
        status['refused@b.test'] === 'failed' &&
        received.some((m) => m.to.includes('busy@b.test')) &&
        received.some((m) => m.to.includes('fine@b.test'))
      );
    };
    // The 4xx is retried after the retry delay, a job in the future: polled for, not settled.
    await expect.poll(settled, { timeout: 20_000 }).toBe(true);
    await t.settle();

    const sends = Object.fromEntries((await sendsOf()).map((r) => [r.email, r]));
    expect(sends['gone@b.test']?.error).toMatch(/^550 .*No such user/);
    expect(sends['refused@b.test']?.error).toMatch(/^554 .*refused by policy/);
    // The temporary refusal was retried and delivered: the send stays a plain send.
    expect(sends['busy@b.test']).toMatchObject({ status: 'queued', error: null });
    expect(rcptAttempts.get('busy@b.test')).toBe(2);
    // Permanent refusals are not retried: their mail jobs completed after the one try.
    const jobs = await t.db.execute<{ to: string; state: string; retry_count: number }>(sql`
      select data->>'to' as "to", state, retry_count from pgboss.job
       where name = 'mail.bulk' and data->>'to' in ('gone@b.test', 'refused@b.test')`);
    expect(jobs.rows.map((j) => [j.to, j.state, j.retry_count]).sort()).toEqual([
      ['gone@b.test', 'completed', 0],
      ['refused@b.test', 'completed', 0],
    ]);
    expect(rcptAttempts.get('gone@b.test')).toBe(1);

    // The hard bounce is suppressed for every list of the owner; the refused message is not.
    const suppressed = await t.db
      .select({ email: emailSuppressions.email, reason: emailSuppressions.reason })
      .from(emailSuppressions)
      .where(eq(emailSuppressions.ownerId, owner.id));
    expect(suppressed).toEqual([{ email: 'gone@b.test', reason: 'bounced' }]);
    const statuses = await t.db
      .select({ listId: emailSubscribers.listId, status: emailSubscribers.status })
      .from(emailSubscribers)
      .where(and(eq(emailSubscribers.email, 'gone@b.test')));
    expect(statuses.map((s) => s.status)).toEqual(['bounced', 'bounced']);
    const [refused] = await t.db
      .select({ status: emailSubscribers.status })
      .from(emailSubscribers)
      .where(eq(emailSubscribers.email, 'refused@b.test'));
    expect(refused?.status).toBe('subscribed');

    const report = (await as('GET', `/api/marketing/email-campaigns/${campaign.id}`)).json();
    expect(report.stats).toMatchObject({ sent: 4, bounces: 1, failed: 1 });
  });
});
