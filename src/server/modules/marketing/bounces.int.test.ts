import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailCampaigns,
  emailCampaignSends,
  emailLists,
  emailSubscribers,
  emailSuppressions,
} from '../../db/schema/marketing';
import { createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailgunSignature, signBounceBody } from './bounce-reports';
import { campaignMessageId } from './campaign-mail';
import { recordBounceReports } from './bounces.service';

// Asynchronous bounces and complaints (decision 024): a mail provider posts signed
// reports naming our Message-ID; a hard bounce or a complaint marks the send, suppresses the
// address on every list of the owner and counts in the campaign report, once per message.

const SECRET = 'bounce-secret-for-the-tests-0123456789';
let t: TestApp;
let owner: CreatedUser;
let cookie: string;
let campaignId: string;
let listIds: string[];
const PEOPLE = ['hard@b.test', 'spam@b.test', 'soft@b.test', 'mg@b.test', 'ses@b.test'];

const now = () => Math.floor(t.clock.now().getTime() / 1000);
const messageId = (email: string, campaign = campaignId) =>
  campaignMessageId(
    {
      APP_NAME: 'x',
      PUBLIC_URL: t.config.PUBLIC_URL,
      SESSION_SECRET: t.config.SESSION_SECRET ?? '',
    },
    campaign,
    email,
  );

function post(body: unknown, signature?: string) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/marketing/bounces',
    payload,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined
        ? { 'x-mea-signature': signBounceBody(SECRET, now(), payload) }
        : signature
          ? { 'x-mea-signature': signature }
          : {}),
    },
  });
}

const statusOf = async (email: string) =>
  (
    await t.db
      .select({ listId: emailSubscribers.listId, status: emailSubscribers.status })
      .from(emailSubscribers)
      .where(eq(emailSubscribers.email, email))
  )
    .map((r) => r.status)
    .sort();

const sendOf = async (email: string) =>
  (
    await t.db
      .select({ status: emailCampaignSends.status, error: emailCampaignSends.error })
      .from(emailCampaignSends)
      .where(
        and(eq(emailCampaignSends.campaignId, campaignId), eq(emailCampaignSends.email, email)),
      )
  )[0];

beforeAll(async () => {
  t = await createTestApp({ env: { BOUNCE_WEBHOOK_SECRET: SECRET } });
  owner = await createUser(t.db, { userType: 'organizer' });
  cookie = await t.sessionCookie(owner);
  // Two lists of the owner with everyone on both, and a sent campaign to the first: set up in the
  // database (sending is covered elsewhere; here only the reports matter).
  const lists = await t.db
    .insert(emailLists)
    .values([
      { ownerId: owner.id, name: 'News', optIn: 'single' },
      { ownerId: owner.id, name: 'Also mine', optIn: 'single' },
    ])
    .returning();
  listIds = lists.map((l) => l.id);
  const subs = await t.db
    .insert(emailSubscribers)
    .values(
      listIds.flatMap((listId) =>
        PEOPLE.map((email) => ({
          listId,
          email,
          status: 'subscribed' as const,
          source: 'import' as const,
        })),
      ),
    )
    .returning();
  const [campaign] = await t.db
    .insert(emailCampaigns)
    .values({
      ownerId: owner.id,
      subject: 'Reports',
      bodyHtml: '<p>Hi</p>',
      listIds: [listIds[0] as string],
      status: 'sent',
    })
    .returning();
  campaignId = campaign?.id ?? '';
  await t.db
    .insert(emailCampaignSends)
    .values(
      subs
        .filter((s) => s.listId === listIds[0])
        .map((s) => ({ campaignId, email: s.email, subscriberId: s.id })),
    );
});
afterAll(async () => {
  await t.close();
});

describe('bounce and complaint reports', () => {
  it('refuses a missing, wrong or stale signature and changes nothing', async () => {
    const body = { type: 'bounce', messageId: messageId('hard@b.test'), email: 'hard@b.test' };
    const payload = JSON.stringify(body);
    expect((await post(body, '')).statusCode).toBe(401);
    expect(
      (await post(body, signBounceBody('another-secret-0123456789', now(), payload))).statusCode,
    ).toBe(401);
    expect((await post(body, signBounceBody(SECRET, now() - 600, payload))).statusCode).toBe(401);
    // Signed for another body (the signature covers the exact bytes).
    const other = JSON.stringify({ ...body, email: 'spam@b.test' });
    expect((await post(body, signBounceBody(SECRET, now(), other))).statusCode).toBe(401);
    const garbage = await post('{"not":"a report"}');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.details.fields[0].field).toBe('body');
    expect(await sendOf('hard@b.test')).toMatchObject({ status: 'queued' });
    expect(await statusOf('hard@b.test')).toEqual(['subscribed', 'subscribed']);
  });

  it('a hard bounce and a complaint mark the send, suppress the address on every list and count once', async () => {
    const reports = [
      {
        type: 'bounce',
        messageId: messageId('hard@b.test'),
        email: 'hard@b.test',
        detail: '5.1.1 user unknown',
      },
      { type: 'complaint', messageId: messageId('spam@b.test'), email: 'SPAM@b.test' },
      {
        type: 'bounce',
        bounceType: 'soft',
        messageId: messageId('soft@b.test'),
        email: 'soft@b.test',
      },
    ];
    const first = await post({ reports });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'bounced',
      'complained',
      'soft_bounce',
    ]);
    expect(await sendOf('hard@b.test')).toMatchObject({
      status: 'bounced',
      error: 'Bounce reported by the provider: 5.1.1 user unknown',
    });
    expect((await sendOf('spam@b.test'))?.status).toBe('complained');
    expect((await sendOf('soft@b.test'))?.status).toBe('queued');
    expect(await statusOf('hard@b.test')).toEqual(['bounced', 'bounced']);
    expect(await statusOf('spam@b.test')).toEqual(['complained', 'complained']);
    expect(await statusOf('soft@b.test')).toEqual(['subscribed', 'subscribed']);
    const suppressed = await t.db
      .select({ email: emailSuppressions.email, reason: emailSuppressions.reason })
      .from(emailSuppressions)
      .where(eq(emailSuppressions.ownerId, owner.id));
    expect(suppressed.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: 'hard@b.test', reason: 'bounced' },
      { email: 'spam@b.test', reason: 'complaint' },
    ]);

    // The same reports again, and both at once: nothing more is counted.
    const [again, twice] = await Promise.all([
      post({ reports }),
      post({ reports: reports.slice(0, 2) }),
    ]);
    expect(again.json().results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'duplicate',
      'duplicate',
      'soft_bounce',
    ]);
    expect(twice.json().results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'duplicate',
      'duplicate',
    ]);

    const report = await t.app.inject({
      method: 'GET',
      url: `/api/marketing/email-campaigns/${campaignId}`,
      headers: { cookie },
    });
    expect(report.json().stats).toMatchObject({ sent: 5, bounces: 1, complaints: 1 });
    const lists = await t.app.inject({
      method: 'GET',
      url: '/api/marketing/lists',
      headers: { cookie },
    });
    const news = lists.json().lists.find((l: { id: string }) => l.id === listIds[0]);
    expect(news.counts).toMatchObject({ subscribed: 3, bounced: 1, complained: 1 });
  });

  it('answers unknown messages without changing anything', async () => {
    const before = await statusOf('ses@b.test');
    const outcomes = await post({
      reports: [
        // Another sender's message, a forged id for our campaign, our id with another address,
        // and a real campaign id of ours that never went to this address.
        { type: 'bounce', messageId: '<abc@elsewhere.test>', email: 'ses@b.test' },
        {
          type: 'bounce',
          messageId: `<m.${campaignId}.AAAAAAAAAAAAAAAAAAAAAA@localhost>`,
          email: 'ses@b.test',
        },
        { type: 'bounce', messageId: messageId('mg@b.test'), email: 'ses@b.test' },
        { type: 'complaint', messageId: messageId('nobody@b.test'), email: 'nobody@b.test' },
      ],
    });
    expect(outcomes.statusCode).toBe(200);
    expect(outcomes.json().results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'unknown_message',
      'unknown_message',
      'unknown_message',
      'unknown_message',
    ]);
    expect(await statusOf('ses@b.test')).toEqual(before);
    expect((await sendOf('ses@b.test'))?.status).toBe('queued');
  });

  it('reads Mailgun webhooks (their own signature) and SES notifications in an SNS envelope', async () => {
    const timestamp = String(now());
    const token = 'a'.repeat(50);
    const mailgun = (signature: string) => ({
      signature: { timestamp, token, signature },
      'event-data': {
        event: 'failed',
        severity: 'permanent',
        recipient: 'mg@b.test',
        message: { headers: { 'message-id': messageId('mg@b.test').slice(1, -1) } },
        'delivery-status': { description: 'No such mailbox' },
      },
    });
    expect((await post(mailgun('00'.repeat(32)), '')).statusCode).toBe(401);
    const good = await post(mailgun(mailgunSignature(SECRET, timestamp, token)), '');
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().results[0].outcome).toBe('bounced');
    expect((await sendOf('mg@b.test'))?.status).toBe('bounced');

    const ses = {
      notificationType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'ses@b.test' }] },
      mail: {
        // SES replaced the Message-ID with its own; the header we added survives.
        commonHeaders: { messageId: '<0100018c@email.amazonses.com>' },
        headers: [{ name: 'X-MEA-Message-ID', value: messageId('ses@b.test') }],
      },
    };
    const sns = await post({ Type: 'Notification', Message: JSON.stringify(ses) });
    expect(sns.statusCode, sns.body).toBe(200);
    expect(sns.json().results[0].outcome).toBe('complained');
    expect(await statusOf('ses@b.test')).toEqual(['complained', 'complained']);
  });

  it('is off (404) without a secret', async () => {
    // The service as an app without BOUNCE_WEBHOOK_SECRET would call it (a second app costs seconds).
    const off = recordBounceReports(
      { db: t.db, clock: t.clock, config: { ...t.config, BOUNCE_WEBHOOK_SECRET: undefined } },
      Buffer.from('{}'),
      signBounceBody(SECRET, now(), '{}'),
    );
    await expect(off).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
