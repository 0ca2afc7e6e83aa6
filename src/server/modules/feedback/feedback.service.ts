import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import { localeOrSource } from '../../../contracts/locales';
import {
  FEEDBACK_EDIT_DAYS,
  FEEDBACK_MESSAGES,
  FEEDBACK_REQUEST_DELAY_HOURS,
  type FeedbackInputSchema,
  type FeedbackItem,
  type FeedbackQuestionsInputSchema,
  type FeedbackResults,
  type MyFeedbackResponse,
  type PublicRating,
} from '../../../contracts/feedback';
import type { Database, DbExecutor } from '../../db/client';
import type { eventFeedback } from '../../db/schema/feedback';
import type { AuthUser } from '../../platform/auth/sessions';
import { hasRole, isAdmin } from '../../platform/auth/guards';
import { eventActor } from '../teams/teams.service';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { translator } from '../../platform/i18n/translate';
import { createNotifications } from '../notifications/notifications.service';
import * as q from './feedback.queries';
import { answerErrors, editableUntil, feedbackWindow, ratingIsShown } from './feedback.policy';
import {
  presentComment,
  presentEvent,
  presentMine,
  presentQuestion,
  presentResults,
} from './feedback.presenter';

export interface FeedbackDeps {
  db: Database;
  clock: Clock;
}

type FeedbackRow = typeof eventFeedback.$inferSelect;
const DAY_MS = 86_400_000;
const LIST_LIMIT = 200;
const PUBLIC_COMMENTS = 20;
/** The notification's dedupe key prefix: one request per person and event, ever. */
export const FEEDBACK_REQUEST_KEY = 'feedback_request:';

const notFound = () => new AppError('NOT_FOUND', FEEDBACK_MESSAGES.notFound);
const feedbackNotFound = () => new AppError('NOT_FOUND', FEEDBACK_MESSAGES.feedbackNotFound);

async function itemsFor(
  deps: FeedbackDeps,
  rows: { event: q.FeedbackEventRow; feedback: FeedbackRow | null }[],
): Promise<FeedbackItem[]> {
  const now = deps.clock.now();
  const questions = await q.findQuestions(deps.db, { eventIds: rows.map((row) => row.event.id) });
  return rows.map(({ event, feedback }) => ({
    event: presentEvent(event),
    window: feedbackWindow(event.endsAt, now),
    editableUntil: editableUntil(event.endsAt).toISOString(),
    questions: questions.filter((question) => question.eventId === event.id).map(presentQuestion),
    mine: feedback ? presentMine(feedback) : null,
  }));
}

/** /event-feedback: ended events I attended that await my feedback, and feedback I gave. */
export async function listMine(
  deps: FeedbackDeps,
  params: { actor: AuthUser },
): Promise<MyFeedbackResponse> {
  const now = deps.clock.now();
  const [ended, mine] = await Promise.all([
    q.findAttendedEndedEvents(deps.db, {
      userId: params.actor.id,
      now,
      since: new Date(now.getTime() - FEEDBACK_EDIT_DAYS * DAY_MS),
      limit: LIST_LIMIT,
    }),
    q.findOwnFeedback(deps.db, { userId: params.actor.id, limit: LIST_LIMIT }),
  ]);
  const given = new Set(mine.map((row) => row.event.id));
  return {
    awaiting: await itemsFor(
      deps,
      ended.filter((event) => !given.has(event.id)).map((event) => ({ event, feedback: null })),
    ),
    given: await itemsFor(deps, mine),
  };
}

/** One event's form: its questions, my feedback, and whether it is open. */
export async function getForm(
  deps: FeedbackDeps,
  params: { actor: AuthUser; eventId: string },
): Promise<FeedbackItem> {
  const event = await q.findAttendedEvent(deps.db, {
    userId: params.actor.id,
    eventId: params.eventId,
  });
  if (!event) throw notFound();
  const feedback = await q.findFeedbackOf(deps.db, {
    userId: params.actor.id,
    eventId: event.id,
  });
  const [item] = await itemsFor(deps, [{ event, feedback }]);
  if (!item) throw notFound();
  return item;
}

/** Gives or edits my feedback: ticket holders only, from the end for a week, once per event. */
export async function saveFeedback(
  deps: FeedbackDeps,
  params: { actor: AuthUser; eventId: string; input: z.output<typeof FeedbackInputSchema> },
): Promise<FeedbackItem> {
  const event = await q.findAttendedEvent(deps.db, {
    userId: params.actor.id,
    eventId: params.eventId,
  });
  if (!event) throw notFound();
  const window = feedbackWindow(event.endsAt, deps.clock.now());
  if (window === 'not_ended') throw new AppError('CONFLICT', FEEDBACK_MESSAGES.notEnded);
  if (window === 'closed') throw new AppError('CONFLICT', FEEDBACK_MESSAGES.closed);
  // Blank text answers are no answers (every question is optional).
  const answers = Object.fromEntries(
    Object.entries(params.input.answers)
      .map(([id, answer]) => [id, typeof answer === 'string' ? answer.trim() : answer] as const)
      .filter(([, answer]) => answer !== ''),
  );
  const questions = await q.findQuestions(deps.db, { eventIds: [event.id] });
  const fields = answerErrors(questions, answers);
  if (fields.length)
    throw new AppError('VALIDATION_FAILED', fields[0]?.message ?? msg`Invalid answer`, { fields });
  const feedback = await q.upsertFeedback(deps.db, {
    userId: params.actor.id,
    eventId: event.id,
    rating: params.input.rating,
    comment: params.input.comment || null,
    answers,
    now: deps.clock.now(),
  });
  if (!feedback) throw new AppError('INTERNAL', msg`Feedback not saved`);
  const [item] = await itemsFor(deps, [{ event, feedback }]);
  if (!item) throw notFound();
  return item;
}

async function managedEvent(
  deps: FeedbackDeps,
  params: { actor: AuthUser; eventId: string; action?: string },
) {
  // A member of the owner's team whose role handles feedback reads and sets it as the owner.
  const actor = await eventActor(deps.db, { ...params, permission: 'feedback' });
  const event = await q.findManagedEvent(deps.db, {
    eventId: params.eventId,
    userId: actor.id,
    admin: isAdmin(actor),
  });
  // Someone else's event and no event look the same.
  if (!event) throw new AppError('NOT_FOUND', msg`Event not found`);
  return event;
}

/** The organizer's questions for one event (also shown on their results page). */
export async function listQuestions(
  deps: FeedbackDeps,
  params: { actor: AuthUser; eventId: string },
) {
  const event = await managedEvent(deps, params);
  return (await q.findQuestions(deps.db, { eventIds: [event.id] })).map(presentQuestion);
}

export async function saveQuestions(
  deps: FeedbackDeps,
  params: {
    actor: AuthUser;
    eventId: string;
    input: z.output<typeof FeedbackQuestionsInputSchema>;
  },
) {
  const event = await managedEvent(deps, { ...params, action: 'feedback.questions' });
  const rows = await deps.db.transaction((tx) =>
    q.replaceQuestions(tx, {
      eventId: event.id,
      questions: params.input.questions,
      now: deps.clock.now(),
    }),
  );
  return rows.map(presentQuestion);
}

/** Per-event results for its organizer (and admins): average, distribution, answers, comments. */
export async function getResults(
  deps: FeedbackDeps,
  params: { actor: AuthUser; eventId: string },
): Promise<FeedbackResults> {
  const event = await managedEvent(deps, params);
  const [rows, questions] = await Promise.all([
    q.findEventFeedback(deps.db, { eventId: event.id }),
    q.findQuestions(deps.db, { eventIds: [event.id] }),
  ]);
  return presentResults(event, rows, questions);
}

/** The organizer's public reply to one feedback of their event (empty removes it). */
export async function replyToFeedback(
  deps: FeedbackDeps,
  params: { actor: AuthUser; feedbackId: string; reply: string },
) {
  const eventId = await q.findFeedbackEventId(deps.db, params.feedbackId);
  const actor = eventId
    ? await eventActor(deps.db, {
        actor: params.actor,
        eventId,
        permission: 'feedback',
        action: 'feedback.reply',
      })
    : params.actor;
  const updated = await q.setReply(deps.db, {
    feedbackId: params.feedbackId,
    userId: actor.id,
    admin: isAdmin(actor),
    reply: params.reply || null,
    now: deps.clock.now(),
  });
  if (!updated.length) throw feedbackNotFound();
}

/**
 * Hides or shows a feedback's comment (its rating still counts). Exported for the admin
 * reports queue; returns whether the feedback exists.
 */
export async function setFeedbackHidden(
  db: DbExecutor,
  params: { feedbackId: string; hidden: boolean },
): Promise<boolean> {
  return (await q.setHidden(db, params)).length > 0;
}

/** The moderator endpoint's check around setFeedbackHidden. */
export async function moderateFeedback(
  deps: FeedbackDeps,
  params: { actor: AuthUser; feedbackId: string; hidden: boolean },
) {
  if (!hasRole(params.actor, 'moderator'))
    throw new AppError('FORBIDDEN', msg`Required role: moderator`);
  if (!(await setFeedbackHidden(deps.db, params))) throw feedbackNotFound();
}

/** The event page's rating: average and count from three ratings, visible comments, replies. */
export async function eventRating(
  deps: Pick<FeedbackDeps, 'db'>,
  params: { eventId: string },
): Promise<PublicRating> {
  const summary = await q.ratingOfEvent(deps.db, params);
  if (!ratingIsShown(summary.count) || summary.average === null)
    return { rating: null, comments: [] };
  const comments = await q.findVisibleComments(deps.db, {
    eventId: params.eventId,
    limit: PUBLIC_COMMENTS,
  });
  return {
    rating: { average: Math.round(summary.average * 10) / 10, count: summary.count },
    comments: comments.map(presentComment),
  };
}

/** The organizer profile's rating over all their events (from three ratings). */
export async function organizerRating(
  deps: Pick<FeedbackDeps, 'db'>,
  params: { organizerId: string },
): Promise<PublicRating> {
  const summary = await q.ratingOfOrganizer(deps.db, params);
  if (!ratingIsShown(summary.count) || summary.average === null)
    return { rating: null, comments: [] };
  return {
    rating: { average: Math.round(summary.average * 10) / 10, count: summary.count },
    comments: [],
  };
}

/**
 * The job: asks every ticket holder for feedback once, two hours after the event's end (and
 * not after the week it can be given in). The notification's dedupe key makes "once" a
 * constraint, so overlapping runs or retries send nothing twice; mail and push follow the
 * person's settings through the notification pipeline. Returns how many requests were new.
 */
export async function sendFeedbackRequests(
  deps: { db: DbExecutor; clock: Clock },
  params: { limit?: number } = {},
): Promise<number> {
  const now = deps.clock.now();
  const limit = params.limit ?? 1000;
  let sent = 0;
  for (;;) {
    const due = await q.findDueFeedbackRequests(deps.db, {
      dueBy: new Date(now.getTime() - FEEDBACK_REQUEST_DELAY_HOURS * 3_600_000),
      since: new Date(now.getTime() - FEEDBACK_EDIT_DAYS * DAY_MS),
      dedupePrefix: FEEDBACK_REQUEST_KEY,
      limit,
    });
    if (!due.length) return sent;
    sent += await createNotifications(
      deps.db,
      due.map((row) => {
        // Written in the attendee's language: the notification keeps its text as sent.
        const _ = translator(localeOrSource(row.language));
        const title = row.title;
        return {
          userId: row.userId,
          type: 'event_feedback_request' as const,
          title: _(msg`How was ${title}?`),
          message: _(
            msg`Rate the event and tell the organizer what you thought. It takes a minute.`,
          ),
          relatedId: row.eventId,
          relatedType: 'events' as const,
          dedupeKey: `${FEEDBACK_REQUEST_KEY}${row.eventId}`,
          createdAt: now,
        };
      }),
    );
    if (due.length < limit) return sent;
  }
}
