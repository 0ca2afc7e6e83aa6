import { SOURCE_LOCALE } from '../../../contracts/locales';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  REPORT_DUPLICATE_MESSAGE,
  type CreateReport,
  type ReportAction,
  type ReportQuery,
  type ReportStatus,
} from '../../../contracts/admin';
import type { Config } from '../../config';
import type { AuthUser } from '../../platform/auth/sessions';
import { hitCounter } from '../../platform/http/rate-limits';
import { AppError } from '../../platform/http/errors';
import { translate } from '../../platform/i18n/translate';
import type { RealtimeHub } from '../../platform/realtime/hub';
import { forgetEventSight } from '../events/events.service';
import { setFeedbackHidden } from '../feedback/feedback.service';
import { MESSAGES_SOURCE, removeMessageByModerator } from '../messaging/messaging.service';
import * as adminQ from './admin.queries';
import { canSuspendAuthor, reportActions } from './admin.policy';
import { recordAudit, suspendIn, type Actor, type AdminDeps } from './admin.service';
import { toReport } from './reports.presenter';
import * as q from './reports.queries';

// Reports a person may file per window, counted per account across every process. Generous for
// a person flagging a spam wave, tight enough that one account cannot flood the queue.
const REPORTS_PER_WINDOW = 20;
const REPORT_WINDOW_MS = 10 * 60_000;

// A field's message is the English (values filled in); the error handler translates it.
const fieldError = (field: string, message: MessageDescriptor) =>
  new AppError('VALIDATION_FAILED', message, {
    fields: [{ field, message: translate(SOURCE_LOCALE, message) }],
  });

// The status and the kind of content are machine words (the spec's English values).
const alreadyDone = (status: string) => msg`This report was already ${status}`;
const notAvailableFor = (targetType: string) =>
  msg`This action is not available for a ${targetType} report`;

type ReportDeps = AdminDeps & { config: Pick<Config, 'RATE_LIMIT_MULTIPLIER'> };

/**
 * A signed-in person reports an event, a message, a profile or an event review. One open report
 * per reporter and target (a second answers 409 and changes nothing); rate limited per account.
 */
export async function fileReport(
  deps: ReportDeps,
  params: { reporter: AuthUser; report: CreateReport },
) {
  const { targetType, targetId, reason } = params.report;
  const now = deps.clock.now();
  const hit = await hitCounter(deps.db, {
    key: `report:${params.reporter.id}`,
    windowMs: REPORT_WINDOW_MS,
    now,
  });
  if (hit.count > REPORTS_PER_WINDOW * deps.config.RATE_LIMIT_MULTIPLIER)
    throw new AppError('RATE_LIMITED', msg`You have sent many reports; please try again later.`);
  const target = await q.reportableTarget(deps.db, {
    targetType,
    targetId,
    reporterId: params.reporter.id,
  });
  if (!target) throw new AppError('NOT_FOUND', msg`There is nothing to report here`);
  if (target.authorId === params.reporter.id)
    throw fieldError('targetId', msg`You cannot report your own content`);
  const created = await q.insertReport(deps.db, {
    reporterId: params.reporter.id,
    targetType,
    targetId,
    reason,
    details: params.report.details ?? '',
    now,
  });
  if (!created) throw new AppError('CONFLICT', REPORT_DUPLICATE_MESSAGE);
  return { id: created.id, status: 'open' as const };
}

export async function listReports(deps: AdminDeps, query: ReportQuery) {
  const { rows, total } = await q.listReports(deps.db, query);
  return { rows: rows.map(toReport), total, page: query.page, pageSize: query.pageSize };
}

const RESULT: Record<ReportAction, Exclude<ReportStatus, 'open'>> = {
  dismiss: 'dismissed',
  hide: 'actioned',
  suspend_author: 'actioned',
};

/**
 * A moderator's decision on a report. It settles every open report on the same target (one
 * look at the thing answers them all) and does the action in the same transaction, with an
 * audit row for the decision and one for the change it made (event.unpublish, user.suspend).
 */
export async function handleReport(
  deps: AdminDeps & { realtime?: Pick<RealtimeHub, 'poke'> },
  params: { reportId: string; action: ReportAction; note: string; actor: Actor },
) {
  const now = deps.clock.now();
  const { actor } = params;
  let messageRemoved = false;
  let hiddenEvent: string | null = null;
  const notice = await deps.db.transaction(async (tx) => {
    const report = await q.reportForUpdate(tx, { id: params.reportId });
    if (!report) throw new AppError('NOT_FOUND', msg`Report not found`);
    if (report.status !== 'open') throw new AppError('CONFLICT', alreadyDone(report.status));
    if (!reportActions(report.targetType).includes(params.action))
      throw fieldError('action', notAvailableFor(report.targetType));
    const target = { targetType: report.targetType, targetId: report.targetId };
    let sessionNotice = null;
    if (params.action === 'hide' && report.targetType === 'event_feedback') {
      // The review's comment goes; its rating still counts (the feedback module's rule).
      if (!(await setFeedbackHidden(tx, { feedbackId: report.targetId, hidden: true })))
        throw new AppError('NOT_FOUND', msg`The review no longer exists`);
      await recordAudit(tx, {
        actorId: actor.user.id,
        action: 'feedback.hide',
        targetType: 'event_feedback',
        targetId: report.targetId,
        details: { before: 'visible', after: 'hidden', report: report.id },
        requestId: actor.requestId,
      });
    } else if (params.action === 'hide' && report.targetType === 'message') {
      // Gone for everyone in the chat, shown as removed by a moderator (the messaging module's
      // removal: its history cache and the socket hear of it through the hub, after commit).
      const removed = await removeMessageByModerator(tx, { messageId: report.targetId });
      if (!removed) throw new AppError('NOT_FOUND', msg`The message no longer exists`);
      messageRemoved = removed.changed;
      if (removed.changed)
        await recordAudit(tx, {
          actorId: actor.user.id,
          action: 'message.remove',
          targetType: 'message',
          targetId: report.targetId,
          details: {
            chatId: removed.chatId,
            before: 'visible',
            after: 'removed',
            report: report.id,
          },
          requestId: actor.requestId,
        });
    } else if (params.action === 'hide') {
      // An event (reportActions): take it off the site, back to draft.
      const event = await adminQ.eventStatus(tx, { id: report.targetId });
      if (!event) throw new AppError('NOT_FOUND', msg`The event no longer exists`);
      const changed = await adminQ.setEventStatus(tx, {
        id: report.targetId,
        from: 'published',
        to: 'draft',
        now,
      });
      if (changed) hiddenEvent = report.targetId;
      if (changed)
        await recordAudit(tx, {
          actorId: actor.user.id,
          action: 'event.unpublish',
          targetType: 'event',
          targetId: report.targetId,
          details: { title: event.title, before: event.status, after: 'draft', report: report.id },
          requestId: actor.requestId,
        });
    } else if (params.action === 'suspend_author') {
      const author = await q.targetAuthor(tx, target);
      if (!author) throw new AppError('NOT_FOUND', msg`The author no longer exists`);
      if (!canSuspendAuthor(actor.user, author))
        throw new AppError(
          'FORBIDDEN',
          author.id === actor.user.id
            ? msg`You cannot suspend your own account.`
            : msg`Only an admin can suspend an account with a role`,
        );
      sessionNotice = await suspendIn(tx, {
        userId: author.id,
        reason: `Report ${report.id}: ${params.note}`.trim(),
        actor,
        now,
      });
    }
    const resolved = await q.resolveReports(tx, {
      ...target,
      status: RESULT[params.action],
      resolution: params.note ? `${params.action}: ${params.note}` : params.action,
      by: actor.user.id,
      now,
    });
    await recordAudit(tx, {
      actorId: actor.user.id,
      action: `report.${params.action}`,
      targetType: report.targetType,
      targetId: report.targetId,
      details: { reports: resolved, note: params.note, after: RESULT[params.action] },
      requestId: actor.requestId,
    });
    return sessionNotice;
  });
  if (messageRemoved) deps.realtime?.poke(true, [MESSAGES_SOURCE]);
  // A hidden event went back to draft: buyers' checks of it read it again.
  if (hiddenEvent) await forgetEventSight(deps, hiddenEvent);
  if (notice) await deps.sessionEvents?.settle(notice);
}
