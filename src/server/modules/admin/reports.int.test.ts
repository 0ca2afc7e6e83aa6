import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DUPLICATE_MESSAGE, type ReportPage } from '../../../contracts/admin';
import { eventFeedback } from '../../db/schema/feedback';
import { chatParticipants, chats, messages } from '../../db/schema/messaging';
import { must } from '../../platform/must';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { requestAs, type Sender } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

// The reports queue: people report, moderators decide, every decision is audited.

let t: TestApp;
type Who = 'organizer' | 'reporter' | 'moderator' | 'admin' | 'other';
const cookies = {} as Record<Who, string>;
let organizer: CreatedUser;
let reporter: CreatedUser;
let moderator: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await createUser(t.db, { userType: 'organizer', fullName: 'Olive Organizer' });
  reporter = await createUser(t.db, { fullName: 'Rita Reporter' });
  moderator = await createUser(t.db, { roles: ['moderator'], fullName: 'Mo Moderator' });
  cookies.organizer = await t.sessionCookie(organizer);
  cookies.reporter = await t.sessionCookie(reporter);
  cookies.moderator = await t.sessionCookie(moderator);
  cookies.admin = await t.sessionCookie(await createUser(t.db, { roles: ['admin'] }));
  cookies.other = await t.sessionCookie(await createUser(t.db));
}, 60_000);
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);

const report = (who: Sender<Who>, targetType: string, targetId: string, reason = 'scam') =>
  call(who, 'POST', '/api/reports', { targetType, targetId, reason, details: 'Fake tickets' });

/**
 * The queue's first 100 of a status. The test clock stands still, so every report has the same
 * time and the queue orders them by id: a new one may be on any page of the default 25.
 */
async function queue(query = '') {
  const res = await call(
    'moderator',
    'GET',
    `/api/admin/reports${query}${query ? '&' : '?'}pageSize=100`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReportPage>();
}

/** The open report on a target, as the queue lists it. */
async function openReportOn(targetId: string) {
  const { rows } = await queue();
  return must(
    rows.find((r) => r.targetId === targetId),
    'report',
  );
}

async function auditRows(targetId: string) {
  const { rows } = await t.db.execute<{ action: string; request_id: string | null }>(
    sql`select action, request_id from audit_log where target_id = ${targetId} order by created_at`,
  );
  return rows;
}

describe('filing a report', () => {
  it('lets a signed-in person report a published event once; a second open report is refused', async () => {
    const event = await createEvent(t.db, { userId: organizer.id, title: 'Too good to be true' });
    const first = await report('reporter', 'event', event.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'open' });
    const again = await report('reporter', 'event', event.id, 'spam');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REPORT_DUPLICATE_MESSAGE);
    // Someone else's report on the same event is its own row.
    expect((await report('other', 'event', event.id)).statusCode).toBe(201);
    const open = (await queue()).rows.filter((row) => row.targetId === event.id);
    expect(open).toHaveLength(2);
    expect(open.find((row) => row.reporter?.id === reporter.id)).toMatchObject({
      targetType: 'event',
      reason: 'scam',
      details: 'Fake tickets',
      openOnTarget: 2,
      reporter: { id: reporter.id, name: 'Rita Reporter' },
      preview: {
        title: 'Too good to be true',
        hidden: false,
        href: `/event/${event.id}`,
        author: { id: organizer.id, name: 'Olive Organizer', suspended: false },
      },
      actions: ['dismiss', 'hide', 'suspend_author'],
    });
  });

  it('refuses signed-out visitors, unknown or unseen targets, own content and bad fields', async () => {
    const event = await createEvent(t.db, { userId: organizer.id });
    expect((await report('signedOut', 'event', event.id)).statusCode).toBe(401);
    const unknown = await report('reporter', 'event', '5b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f');
    expect(unknown.statusCode).toBe(404);
    const draft = await createEvent(t.db, { userId: organizer.id, eventStatus: 'draft' });
    expect((await report('reporter', 'event', draft.id)).statusCode).toBe(404);
    const own = await report('organizer', 'event', event.id);
    expect(own.statusCode).toBe(400);
    expect(own.json().error.details.fields[0].field).toBe('targetId');
    const badReason = await report('reporter', 'event', event.id, 'boring');
    expect(badReason.statusCode).toBe(400);
    expect(badReason.body).toContain('reason');
  });

  it('lets only participants report a message', async () => {
    const chat = must((await t.db.insert(chats).values({ isGroup: false }).returning())[0], 'chat');
    await t.db.insert(chatParticipants).values([
      { chatId: chat.id, userId: organizer.id },
      { chatId: chat.id, userId: reporter.id },
    ]);
    const message = must(
      (
        await t.db
          .insert(messages)
          .values({ chatId: chat.id, senderId: organizer.id, body: 'Send me your password' })
          .returning()
      )[0],
      'message',
    );
    expect((await report('other', 'message', message.id)).statusCode).toBe(404);
    expect((await report('reporter', 'message', message.id, 'harassment')).statusCode).toBe(201);
    const row = (await queue('?targetType=message')).rows.find((r) => r.targetId === message.id);
    expect(row?.preview).toMatchObject({
      text: 'Send me your password',
      href: null,
      author: { id: organizer.id },
    });
    expect(row?.actions).toEqual(['dismiss', 'hide', 'suspend_author']);
  });

  it('limits how many reports one account files in a window', async () => {
    const spammer = await createUser(t.db);
    const cookie = await t.sessionCookie(spammer);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const event = await createEvent(t.db, { userId: organizer.id });
      statuses.push((await report({ cookie }, 'event', event.id)).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('the moderators’ queue', () => {
  it('is open to moderators and admins only', async () => {
    const event = await createEvent(t.db, { userId: organizer.id });
    await report('reporter', 'event', event.id);
    const id = (await openReportOn(event.id)).id;
    for (const [who, status] of [
      ['signedOut', 401],
      ['reporter', 403],
      ['organizer', 403],
    ] as const) {
      expect((await call(who, 'GET', '/api/admin/reports')).statusCode).toBe(status);
      const res = await call(who, 'POST', `/api/admin/reports/${id}/action`, { action: 'dismiss' });
      expect(res.statusCode).toBe(status);
    }
    expect((await call('admin', 'GET', '/api/admin/reports')).statusCode).toBe(200);
  });

  it('hides a reported event: unpublished, every open report on it settled, audited in the same transaction', async () => {
    const event = await createEvent(t.db, { userId: organizer.id, title: 'Phishing party' });
    await report('reporter', 'event', event.id);
    await report('other', 'event', event.id);
    const id = (await openReportOn(event.id)).id;
    const res = await call('moderator', 'POST', `/api/admin/reports/${id}/action`, {
      action: 'hide',
      note: 'Phishing',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.db.execute<{ event_status: string }>(
      sql`select event_status from events where id = ${event.id}`,
    );
    expect(rows[0]?.event_status).toBe('draft');
    expect((await queue()).rows.some((r) => r.targetId === event.id)).toBe(false);
    const handled = (await queue('?status=actioned')).rows.filter((r) => r.targetId === event.id);
    expect(handled).toHaveLength(2);
    expect(handled[0]).toMatchObject({
      handledBy: { id: moderator.id },
      resolution: 'hide: Phishing',
      actions: [],
      preview: { hidden: true },
    });
    const audit = await auditRows(event.id);
    expect(audit.map((row) => row.action)).toEqual(['event.unpublish', 'report.hide']);
    expect(audit[0]?.request_id).toBeTruthy();
    // A settled report cannot be decided again.
    const again = await call('moderator', 'POST', `/api/admin/reports/${id}/action`, {
      action: 'dismiss',
    });
    expect(again.statusCode).toBe(409);
  });

  it('hides a reported review’s comment through the feedback module; the rating stays', async () => {
    const event = await createEvent(t.db, { userId: organizer.id });
    const author = await createUser(t.db, { fullName: 'Rude Reviewer' });
    const feedback = must(
      (
        await t.db
          .insert(eventFeedback)
          .values({ eventId: event.id, userId: author.id, rating: 1, comment: 'Insulting words' })
          .returning()
      )[0],
      'feedback',
    );
    expect((await report('reporter', 'event_feedback', feedback.id, 'hate')).statusCode).toBe(201);
    const row = must(
      (await queue('?targetType=event_feedback')).rows.find((r) => r.targetId === feedback.id),
      'report',
    );
    expect(row.preview).toMatchObject({
      text: '1/5 · Insulting words',
      hidden: false,
      href: `/event/${event.id}`,
      author: { id: author.id },
    });
    expect(row.actions).toEqual(['dismiss', 'hide', 'suspend_author']);
    const res = await call('moderator', 'POST', `/api/admin/reports/${row.id}/action`, {
      action: 'hide',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.db.execute<{ comment_hidden: boolean; rating: number }>(
      sql`select comment_hidden, rating from event_feedback where id = ${feedback.id}`,
    );
    expect(rows[0]).toEqual({ comment_hidden: true, rating: 1 });
    expect((await auditRows(feedback.id)).map((r) => r.action)).toEqual([
      'feedback.hide',
      'report.hide',
    ]);
  });

  it('hides a reported message: removed for everyone, shown as removed by a moderator, audited', async () => {
    const chat = must((await t.db.insert(chats).values({ isGroup: false }).returning())[0], 'chat');
    await t.db.insert(chatParticipants).values([
      { chatId: chat.id, userId: organizer.id },
      { chatId: chat.id, userId: reporter.id },
    ]);
    const sent = await call('organizer', 'POST', `/api/chats/${chat.id}/messages`, {
      body: 'Pay me outside the site',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId = sent.json<{ id: string }>().id;
    expect((await report('reporter', 'message', messageId)).statusCode).toBe(201);
    const row = must(
      (await queue('?targetType=message')).rows.find((r) => r.targetId === messageId),
      'report',
    );
    const res = await call('moderator', 'POST', `/api/admin/reports/${row.id}/action`, {
      action: 'hide',
      note: 'Off-site payment',
    });
    expect(res.statusCode, res.body).toBe(200);
    // Both participants read it removed, with no content, in the history and the chat list.
    for (const who of ['reporter', 'organizer'] as const) {
      const page = await call(who, 'GET', `/api/chats/${chat.id}/messages`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().items[0]).toMatchObject({
        id: messageId,
        body: '',
        image: null,
        deleted: true,
        removedByModerator: true,
      });
      const list = await call(who, 'GET', '/api/chats');
      const summary = list.json().items.find((c: { id: string }) => c.id === chat.id);
      expect(summary.lastMessage).toBe('Removed by a moderator');
      expect(list.body).not.toContain('Pay me outside the site');
    }
    expect(
      (await queue('?status=actioned&targetType=message')).rows.find((r) => r.id === row.id),
    ).toMatchObject({ preview: { hidden: true, text: '' }, resolution: 'hide: Off-site payment' });
    expect((await auditRows(messageId)).map((r) => r.action)).toEqual([
      'message.remove',
      'report.hide',
    ]);
  });

  it('writes nothing when the action fails half-way (one transaction)', async () => {
    const admin = await createUser(t.db, { roles: ['admin'] });
    await report('reporter', 'user', admin.id);
    const id = must(
      (await queue('?targetType=user')).rows.find((r) => r.targetId === admin.id),
      'report',
    ).id;
    const res = await call('moderator', 'POST', `/api/admin/reports/${id}/action`, {
      action: 'suspend_author',
    });
    expect(res.statusCode).toBe(403);
    expect(await auditRows(admin.id)).toEqual([]);
    expect((await queue('?targetType=user')).rows.some((r) => r.id === id)).toBe(true);
  });

  it('suspends a reported profile: sessions end, the report is actioned, both audited', async () => {
    const troll = await createUser(t.db, { fullName: 'Terry Troll' });
    const trollCookie = await t.sessionCookie(troll);
    expect((await call({ cookie: trollCookie }, 'GET', '/api/auth/session')).json().user?.id).toBe(
      troll.id,
    );
    await report('reporter', 'user', troll.id, 'harassment');
    const id = must(
      (await queue('?targetType=user')).rows.find((r) => r.targetId === troll.id),
      'report',
    ).id;
    const bad = await call('moderator', 'POST', `/api/admin/reports/${id}/action`, {
      action: 'hide',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('action');
    const res = await call('moderator', 'POST', `/api/admin/reports/${id}/action`, {
      action: 'suspend_author',
      note: 'Repeated abuse',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await call({ cookie: trollCookie }, 'GET', '/api/auth/session')).json().user,
    ).toBeNull();
    expect((await auditRows(troll.id)).map((row) => row.action)).toEqual([
      'user.suspend',
      'report.suspend_author',
    ]);
  });

  it('dismisses a report and leaves the target alone', async () => {
    const event = await createEvent(t.db, { userId: organizer.id });
    await report('reporter', 'event', event.id, 'other');
    const id = (await openReportOn(event.id)).id;
    const res = await call('admin', 'POST', `/api/admin/reports/${id}/action`, {
      action: 'dismiss',
    });
    expect(res.statusCode).toBe(200);
    const dismissed = (await queue('?status=dismissed')).rows.find((r) => r.id === id);
    expect(dismissed?.preview?.hidden).toBe(false);
    expect((await auditRows(event.id)).map((row) => row.action)).toEqual(['report.dismiss']);
    // Once the report is settled the reporter may report the same thing again.
    expect((await report('reporter', 'event', event.id)).statusCode).toBe(201);
  });
});
