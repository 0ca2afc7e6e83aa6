import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FeedbackItem,
  FeedbackResults,
  MyFeedbackResponse,
  PublicRating,
} from '../../../contracts/feedback';
import { eventFeedback } from '../../db/schema/feedback';
import { notifications } from '../../db/schema/notifications';
import { tickets } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestAs } from '../../test/request-as';
import { FEEDBACK_REQUEST_KEY, sendFeedbackRequests, setFeedbackHidden } from './feedback.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
const people: Record<string, CreatedUser> = {};
const cookies: Record<string, string> = {};
let eventId: string;
let endsAt: Date;
let start: Date;

const call = requestAs(
  () => t,
  () => cookies,
);

const HOLDERS = ['ana', 'ben', 'cai', 'dee', 'voided'] as const;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  start = t.clock.now();
  people.organizer = await createUser(t.db, { userType: 'organizer', fullName: 'Orla Organizer' });
  people.stranger = await createUser(t.db, { fullName: 'Sam Stranger' });
  people.admin = await createUser(t.db, { roles: ['admin'], fullName: 'Ada Admin' });
  people.moderator = await createUser(t.db, { roles: ['moderator'], fullName: 'Mo Moderator' });
  for (const name of HOLDERS)
    people[name] = await createUser(t.db, {
      fullName: `${name[0]?.toUpperCase()}${name.slice(1)} Holder`,
    });
  for (const [name, user] of Object.entries(people)) cookies[name] = await t.sessionCookie(user);
  const startsAt = new Date(start.getTime() + DAY);
  endsAt = new Date(startsAt.getTime() + 4 * HOUR);
  const event = await createEvent(t.db, {
    userId: people.organizer.id,
    isFree: true,
    startsAt,
    endsAt,
  });
  await createTicketType(t.db, { eventId: event.id, priceCents: 0 });
  eventId = event.id;
  for (const name of HOLDERS) {
    const registered = await call(name, 'POST', `/api/events/${eventId}/register`, {});
    expect(registered.statusCode, registered.body).toBe(201);
  }
  // A cancelled ticket is no ticket: its holder is neither asked nor allowed to rate.
  await t.db
    .update(tickets)
    .set({ status: 'void' })
    .where(and(eq(tickets.eventId, eventId), eq(tickets.userId, people.voided?.id ?? '')));
}, 60_000);
afterAll(() => t.close());

const at = (ms: number) => t.clock.set(new Date(endsAt.getTime() + ms));
const give = (who: string, rating: number, extra: object = {}) =>
  call(who, 'PUT', `/api/feedback/events/${eventId}`, { rating, ...extra });
const requestsSent = async () =>
  (
    await t.db
      .select({ userId: notifications.userId, type: notifications.type })
      .from(notifications)
      .where(like(notifications.dedupeKey, `${FEEDBACK_REQUEST_KEY}%`))
  ).filter((row) => row.type === 'event_feedback_request');

describe('event feedback', () => {
  it('asks each ticket holder once, two hours after the end, and nobody else', async () => {
    // Ben reads German: the next test reads what he was sent.
    await t.db
      .update(users)
      .set({ language: 'de' })
      .where(eq(users.id, people.ben?.id ?? ''));
    at(-HOUR);
    await sendFeedbackRequests({ db: t.db, clock: t.clock });
    at(HOUR);
    await sendFeedbackRequests({ db: t.db, clock: t.clock });
    expect(await requestsSent()).toEqual([]);
    at(2 * HOUR + 1);
    await sendFeedbackRequests({ db: t.db, clock: t.clock });
    await sendFeedbackRequests({ db: t.db, clock: t.clock });
    at(3 * DAY);
    await sendFeedbackRequests({ db: t.db, clock: t.clock });
    const sent = await requestsSent();
    expect(sent.map((row) => row.userId).sort()).toEqual(
      ['ana', 'ben', 'cai', 'dee'].map((name) => people[name]?.id).sort(),
    );
    // The request leads to the event's feedback form.
    const list = await call('ana', 'GET', '/api/notifications');
    expect(list.body).toContain(`/event-feedback?event=${eventId}`);
  });

  it("asks in each holder's language and answers errors in the reader's", async () => {
    const texts = await t.db
      .select({
        userId: notifications.userId,
        title: notifications.title,
        message: notifications.message,
      })
      .from(notifications)
      .where(like(notifications.dedupeKey, `${FEEDBACK_REQUEST_KEY}%`));
    expect(texts.find((row) => row.userId === people.ana?.id)).toMatchObject({
      title: 'How was Sunset Rooftop Sessions?',
      message: 'Rate the event and tell the organizer what you thought. It takes a minute.',
    });
    expect(texts.find((row) => row.userId === people.ben?.id)).toMatchObject({
      title: 'Wie war Sunset Rooftop Sessions?',
      message:
        'Bewerten Sie die Veranstaltung und sagen Sie dem Veranstalter, wie sie Ihnen gefallen hat. Es dauert nur eine Minute.',
    });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/feedback/00000000-0000-4000-8000-000000000000/hidden',
      headers: { cookie: cookies.stranger, 'accept-language': 'es-MX,es;q=0.9' },
      payload: { hidden: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Rol necesario: moderador' },
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/feedback/organizers/nope/rating',
      headers: { 'accept-language': 'ar' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'المنظِّم غير موجود',
    });
  });

  it('lets ticket holders give feedback once, from the end, for a week', async () => {
    at(-HOUR);
    const early = await give('ana', 5);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/once the event has ended/);
    expect(
      (await call('ana', 'GET', '/api/feedback/mine')).json<MyFeedbackResponse>().awaiting,
    ).toEqual([]);

    at(3 * HOUR);
    const mine = (await call('ana', 'GET', '/api/feedback/mine')).json<MyFeedbackResponse>();
    expect(mine.awaiting.map((item) => item.event.id)).toEqual([eventId]);
    expect(mine.given).toEqual([]);
    for (const who of ['stranger', 'organizer', 'voided']) {
      expect((await give(who, 4)).statusCode, who).toBe(404);
      expect((await call(who, 'GET', `/api/feedback/events/${eventId}`)).statusCode).toBe(404);
    }
    expect(
      (await call('signedOut', 'PUT', `/api/feedback/events/${eventId}`, { rating: 4 })).statusCode,
    ).toBe(401);

    const bad = await give('ana', 6);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('body.rating');

    const first = await give('ana', 2, { comment: 'Too loud' });
    expect(first.statusCode, first.body).toBe(200);
    at(6 * DAY);
    const edited = await give('ana', 4, { comment: 'Loud, but a great night' });
    expect(edited.json<FeedbackItem>()).toMatchObject({
      window: 'open',
      mine: { rating: 4, comment: 'Loud, but a great night' },
    });
    const rows = await t.db.select().from(eventFeedback).where(eq(eventFeedback.eventId, eventId));
    expect(rows).toHaveLength(1);
    const after = (await call('ana', 'GET', '/api/feedback/mine')).json<MyFeedbackResponse>();
    expect(after.awaiting).toEqual([]);
    expect(after.given.map((item) => item.mine?.rating)).toEqual([4]);

    at(7 * DAY + 1);
    const late = await give('ana', 5);
    expect(late.statusCode).toBe(409);
    expect((await give('ben', 5)).statusCode).toBe(409);
  });

  it('asks the organizer’s questions and checks each answer', async () => {
    at(3 * HOUR);
    const questions = [
      { kind: 'scale', label: 'How was the sound?' },
      { kind: 'choice', label: 'Come again?', options: ['Yes', 'No'] },
      { kind: 'text', label: 'One thing to change' },
    ];
    expect(
      (await call('stranger', 'PUT', `/api/feedback/events/${eventId}/questions`, { questions }))
        .statusCode,
    ).toBe(404);
    const oneOption = await call('organizer', 'PUT', `/api/feedback/events/${eventId}/questions`, {
      questions: [{ kind: 'choice', label: 'Pick', options: ['Only'] }],
    });
    expect(oneOption.statusCode).toBe(400);
    expect(oneOption.json().error.details.fields[0].field).toBe('body.questions.0.options');
    const saved = await call('organizer', 'PUT', `/api/feedback/events/${eventId}/questions`, {
      questions,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [scale, choice, text] = saved.json<{ questions: { id: string }[] }>().questions;
    const wrong = await give('ben', 5, { answers: { [scale?.id ?? '']: 9 } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.fields[0].field).toBe(`answers.${scale?.id}`);
    const ok = await give('ben', 5, {
      answers: { [scale?.id ?? '']: 4, [choice?.id ?? '']: 'Yes', [text?.id ?? '']: 'More seats' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // Re-saving the questions with their ids keeps the answers.
    await call('organizer', 'PUT', `/api/feedback/events/${eventId}/questions`, {
      questions: saved.json<{ questions: object[] }>().questions,
    });
    const results = (
      await call('organizer', 'GET', `/api/feedback/events/${eventId}/results`)
    ).json<FeedbackResults>();
    expect(results.questions.map((q) => q.counts)).toEqual([[0, 0, 0, 1, 0], [1, 0], []]);
    expect(results.questions[2]?.texts).toEqual(['More seats']);
  });

  it('shows an average only from three ratings, with replies, and hides abusive comments', async () => {
    at(4 * HOUR);
    const publicRating = async () =>
      (
        await call('signedOut', 'GET', `/api/feedback/events/${eventId}/rating`)
      ).json<PublicRating>();
    const organizerRating = async () =>
      (
        await call('signedOut', 'GET', `/api/feedback/organizers/${people.organizer?.id}/rating`)
      ).json<PublicRating>();
    await t.db.delete(eventFeedback).where(eq(eventFeedback.eventId, eventId));
    await give('ana', 5, { comment: 'Wonderful' });
    await give('ben', 3, { comment: 'You are all idiots' });
    expect(await publicRating()).toEqual({ rating: null, comments: [] });
    expect((await organizerRating()).rating).toBeNull();
    await give('cai', 4);
    expect((await publicRating()).rating).toEqual({ average: 4, count: 3 });
    expect((await organizerRating()).rating).toEqual({ average: 4, count: 3 });

    const results = (
      await call('organizer', 'GET', `/api/feedback/events/${eventId}/results`)
    ).json<FeedbackResults>();
    expect(results).toMatchObject({ count: 3, average: 4, distribution: [0, 0, 1, 1, 1] });
    for (const who of ['stranger', 'ana'])
      expect((await call(who, 'GET', `/api/feedback/events/${eventId}/results`)).statusCode).toBe(
        404,
      );
    expect((await call('admin', 'GET', `/api/feedback/events/${eventId}/results`)).statusCode).toBe(
      200,
    );
    expect(
      (await call('signedOut', 'GET', `/api/feedback/events/${eventId}/results`)).statusCode,
    ).toBe(401);

    const praise = results.comments.find((c) => c.comment === 'Wonderful');
    const abuse = results.comments.find((c) => c.comment === 'You are all idiots');
    expect(
      (await call('stranger', 'PUT', `/api/feedback/${praise?.id}/reply`, { reply: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('organizer', 'PUT', `/api/feedback/${praise?.id}/reply`, { reply: 'Thank you!' }))
        .statusCode,
    ).toBe(200);
    const shown = await publicRating();
    expect(shown.comments.find((c) => c.id === praise?.id)).toMatchObject({
      reply: 'Thank you!',
      authorName: 'Ana',
    });
    expect(shown.comments.map((c) => c.comment)).toContain('You are all idiots');

    // Only moderators (and admins) hide; the rating still counts.
    for (const who of ['ana', 'organizer'])
      expect(
        (await call(who, 'PUT', `/api/feedback/${abuse?.id}/hidden`, { hidden: true })).statusCode,
      ).toBe(403);
    expect(
      (await call('moderator', 'PUT', `/api/feedback/${abuse?.id}/hidden`, { hidden: true }))
        .statusCode,
    ).toBe(200);
    const hidden = await publicRating();
    expect(hidden.comments.map((c) => c.comment)).not.toContain('You are all idiots');
    expect(hidden.rating).toEqual({ average: 4, count: 3 });
    const organizerView = (
      await call('organizer', 'GET', `/api/feedback/events/${eventId}/results`)
    ).json<FeedbackResults>();
    expect(organizerView.comments.find((c) => c.id === abuse?.id)?.hidden).toBe(true);

    // The function the admin reports queue calls.
    expect(await setFeedbackHidden(t.db, { feedbackId: abuse?.id ?? '', hidden: false })).toBe(
      true,
    );
    expect(
      await setFeedbackHidden(t.db, {
        feedbackId: '5b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f',
        hidden: true,
      }),
    ).toBe(false);
    expect((await publicRating()).comments.map((c) => c.comment)).toContain('You are all idiots');
  });
});
