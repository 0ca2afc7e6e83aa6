import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  LAST_ADMIN_MESSAGE,
  SELF_SUSPEND_MESSAGE,
  SiteSettingsSchema,
  type AdminEventQuery,
  type AdminOrderQuery,
  type AdminUserQuery,
  type AuditQuery,
  type EventModeration,
  type RoleChange,
  type SiteSettings,
} from '../../../contracts/admin';
import { localeOrSource, SOURCE_LOCALE } from '../../../contracts/locales';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { announceSessionChange, type SessionEvents } from '../../platform/auth/session-events';
import { defineCache } from '../../platform/cache/shared-cache';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { translate, translator } from '../../platform/i18n/translate';
import {
  cancelEvent,
  forgetEventSight,
  transferEventOwnership,
  type EventDeps,
} from '../events/events.service';
import { createNotifications } from '../notifications/notifications.service';
import { refundOrder } from '../orders/orders.service';
import type { OrderDeps } from '../orders/orders.service';
import * as q from './admin.queries';
import * as audit from './audit.queries';
import { toAuditEntry } from './admin.presenter';
import { canOwnEvents } from './admin.policy';

export interface AdminDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'APP_NAME' | 'CONTACT_EMAIL' | 'CONTACT_PHONE'>;
  sessionEvents?: SessionEvents;
}

/** Who acted and under which request, for the audit row. */
export interface Actor {
  user: AuthUser;
  requestId: string;
}

/**
 * Writes one row to the append-only audit log. Other modules call this for their admin and
 * moderator actions; pass the transaction that makes the change, so the row exists exactly when
 * the change does.
 */
export async function recordAudit(
  tx: DbExecutor,
  entry: Omit<audit.AuditInput, 'createdAt'>,
): Promise<void> {
  await audit.insertAudit(tx, entry);
}

/** The audit log, newest first, a page at a time. */
export async function listAudit(deps: AdminDeps, query: AuditQuery) {
  const { rows, total } = await audit.listAudit(deps.db, query);
  return { rows: rows.map(toAuditEntry), total, page: query.page, pageSize: query.pageSize };
}

// ---------- users ----------

export async function listUsers(deps: AdminDeps, query: AdminUserQuery) {
  return q.listUsers(deps.db, query);
}

export async function getUser(deps: AdminDeps, params: { id: string; actor: Actor }) {
  const detail = await q.getUserDetail(deps.db, { id: params.id });
  if (!detail) throw new AppError('NOT_FOUND', msg`User not found`);
  // Viewing someone's sessions and devices is viewing protected data: it is audited too.
  await recordAudit(deps.db, {
    actorId: params.actor.user.id,
    action: 'user.view',
    targetType: 'user',
    targetId: params.id,
    requestId: params.actor.requestId,
  });
  return detail;
}

/**
 * Grants or revokes a privileged role. The change reaches every process's session cache in the
 * same transaction (NOTIFY at commit), so it counts on the person's next request. An admin
 * cannot take away their own admin role while nobody else holds it.
 */
export async function changeRole(
  deps: AdminDeps,
  params: { userId: string; change: RoleChange; actor: Actor },
): Promise<void> {
  const { role, granted } = params.change;
  const notice = await deps.db.transaction(async (tx) => {
    if (!(await q.userExists(tx, { id: params.userId })))
      throw new AppError('NOT_FOUND', msg`User not found`);
    await q.lockRoles(tx);
    const had = await q.userHasRole(tx, { userId: params.userId, role });
    if (had === granted) return null;
    if (
      !granted &&
      role === 'admin' &&
      params.userId === params.actor.user.id &&
      (await q.countAdmins(tx)) <= 1
    )
      throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
    if (granted) await q.grantRole(tx, { userId: params.userId, role });
    else await q.revokeRole(tx, { userId: params.userId, role });
    await recordAudit(tx, {
      actorId: params.actor.user.id,
      action: granted ? 'user.role_grant' : 'user.role_revoke',
      targetType: 'user',
      targetId: params.userId,
      details: { role, before: had, after: granted },
      requestId: params.actor.requestId,
    });
    return announceSessionChange(tx, { userId: params.userId, accessChanged: true });
  });
  if (notice) await deps.sessionEvents?.settle(notice);
}

/** Suspends an account: every session ends at once and sign-in is refused until reactivated. */
export async function suspendUser(
  deps: AdminDeps,
  params: { userId: string; reason: string; actor: Actor },
): Promise<void> {
  if (params.userId === params.actor.user.id) throw new AppError('CONFLICT', SELF_SUSPEND_MESSAGE);
  const now = deps.clock.now();
  const notice = await deps.db.transaction(async (tx) => {
    if (!(await q.userExists(tx, { id: params.userId })))
      throw new AppError('NOT_FOUND', msg`User not found`);
    return suspendIn(tx, { ...params, now });
  });
  if (notice) await deps.sessionEvents?.settle(notice);
}

/**
 * The suspension itself, inside the caller's transaction (the console's button and the reports
 * queue). Returns the session notice to settle after commit, or null when already suspended.
 */
export async function suspendIn(
  tx: DbExecutor,
  params: { userId: string; reason: string; actor: Actor; now: Date },
) {
  const fresh = await q.insertSuspension(tx, {
    userId: params.userId,
    reason: params.reason,
    by: params.actor.user.id,
    now: params.now,
  });
  // Sessions made after an earlier suspension cannot exist, but ending them again is harmless.
  const ended = await q.deleteSessionsOf(tx, { userId: params.userId });
  if (!fresh) return null;
  await recordAudit(tx, {
    actorId: params.actor.user.id,
    action: 'user.suspend',
    targetType: 'user',
    targetId: params.userId,
    details: {
      reason: params.reason,
      sessionsEnded: ended,
      before: 'active',
      after: 'suspended',
    },
    requestId: params.actor.requestId,
  });
  return announceSessionChange(tx, { userId: params.userId, accessChanged: true });
}

export async function reactivateUser(
  deps: AdminDeps,
  params: { userId: string; actor: Actor },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await q.userExists(tx, { id: params.userId })))
      throw new AppError('NOT_FOUND', msg`User not found`);
    if (!(await q.deleteSuspension(tx, { userId: params.userId }))) return;
    await recordAudit(tx, {
      actorId: params.actor.user.id,
      action: 'user.reactivate',
      targetType: 'user',
      targetId: params.userId,
      details: { before: 'suspended', after: 'active' },
      requestId: params.actor.requestId,
    });
  });
}

// ---------- events ----------

export function listEvents(deps: AdminDeps, query: AdminEventQuery) {
  return q.listEvents(deps.db, query);
}

/**
 * Moderation of one event (admins and moderators): unpublish takes a published event off the
 * site (back to draft), republish puts it back; feature and unfeature choose it for the home
 * page. Each is a guarded update, so a repeat changes nothing and writes no audit row.
 */
export async function moderateEvent(
  deps: AdminDeps,
  params: { eventId: string; action: EventModeration; actor: Actor },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const event = await q.eventStatus(tx, { id: params.eventId });
    if (!event) throw new AppError('NOT_FOUND', msg`Event not found`);
    let changed: boolean;
    switch (params.action) {
      case 'unpublish':
        changed = await q.setEventStatus(tx, {
          id: params.eventId,
          from: 'published',
          to: 'draft',
          now,
        });
        if (!changed && event.status !== 'draft') {
          const status = event.status;
          throw new AppError(
            'CONFLICT',
            msg`Only a published event can be unpublished (this one is ${status})`,
          );
        }
        break;
      case 'republish':
        changed = await q.setEventStatus(tx, {
          id: params.eventId,
          from: 'draft',
          to: 'published',
          now,
        });
        if (!changed && event.status !== 'published') {
          const status = event.status;
          throw new AppError(
            'CONFLICT',
            msg`Only a draft event can be republished (this one is ${status})`,
          );
        }
        break;
      case 'feature':
        if (event.status !== 'published')
          throw new AppError('CONFLICT', msg`Only a published event can be featured`);
        changed = await q.featureEvent(tx, {
          eventId: params.eventId,
          by: params.actor.user.id,
          now,
        });
        break;
      case 'unfeature':
        changed = await q.unfeatureEvent(tx, { eventId: params.eventId });
        break;
    }
    if (!changed) return;
    await recordAudit(tx, {
      actorId: params.actor.user.id,
      action: `event.${params.action}`,
      targetType: 'event',
      targetId: params.eventId,
      details: { title: event.title, before: event.status },
      requestId: params.actor.requestId,
    });
  });
  // Unpublished or back on sale: buyers' checks of the event read it again.
  if (params.action === 'unpublish' || params.action === 'republish')
    await forgetEventSight(deps, params.eventId);
}

// ---------- orders ----------

export function listOrders(deps: AdminDeps, query: AdminOrderQuery) {
  return q.listOrders(deps.db, query);
}

/** A full or partial refund through the orders module's refund service, then audited. */
export async function refund(
  deps: AdminDeps & { orders: OrderDeps },
  params: { orderId: string; amountCents?: number; reason?: string; actor: Actor },
) {
  const order = await refundOrder(deps.orders, {
    id: params.orderId,
    actor: params.actor.user,
    amountCents: params.amountCents,
    reason: params.reason,
  });
  await recordAudit(deps.db, {
    actorId: params.actor.user.id,
    action: 'order.refund',
    targetType: 'order',
    targetId: params.orderId,
    details: {
      amountCents: params.amountCents ?? 'rest',
      reason: params.reason ?? null,
      after: { status: order.status, refundedCents: order.refundedCents },
    },
    requestId: params.actor.requestId,
  });
  return order;
}

// ---------- search ----------

export function search(deps: AdminDeps, params: { q: string }) {
  return q.searchEverything(deps.db, params);
}

// ---------- settings ----------

const defaults = (config: AdminDeps['config']): SiteSettings => ({
  siteName: config.APP_NAME,
  contactEmail: config.CONTACT_EMAIL,
  contactPhone: config.CONTACT_PHONE,
  defaultCurrency: 'USD',
  platformFeeBps: 0,
  registrationOpen: true,
  vendorApplicationsOpen: true,
  maintenanceBanner: '',
});

// Read on every GET /api/site: a process keeps them a moment, and a change anywhere forgets them
// in every process (NOTIFY).
const settingsCache = defineCache<SiteSettings, Pick<AdminDeps, 'db' | 'clock'>>({
  name: 'admin.site-settings',
  ttlMs: 2000,
  maxEntries: 1,
});

/**
 * The site settings: stored values over the environment's defaults. A stored value that no
 * longer passes the contract (a key from an older version) falls back to its default.
 */
export function getSiteSettings(deps: Pick<AdminDeps, 'db' | 'clock' | 'config'>) {
  return settingsCache.in(deps).get('', async () => {
    const rows = await q.readSettings(deps.db);
    const value = { ...defaults(deps.config) };
    for (const row of rows) {
      const shape = SiteSettingsSchema.shape[row.key as keyof SiteSettings];
      const parsed = shape?.safeParse(row.value);
      if (parsed?.success) Object.assign(value, { [row.key]: parsed.data });
    }
    return value;
  });
}

export async function updateSiteSettings(
  deps: AdminDeps,
  params: { patch: Partial<SiteSettings>; actor: Actor },
) {
  const before = await getSiteSettings(deps);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(params.patch)) {
      if (value === undefined) continue;
      const old = before[key as keyof SiteSettings];
      if (old === value) continue;
      await q.writeSetting(tx, { key, value, by: params.actor.user.id, now });
      await recordAudit(tx, {
        actorId: params.actor.user.id,
        action: 'setting.change',
        targetType: 'setting',
        targetId: key,
        details: { before: old, after: value },
        requestId: params.actor.requestId,
      });
    }
  });
  await settingsCache.invalidate(deps, '');
  return getSiteSettings(deps);
}

// ---------- cancelling and moving events ----------

/**
 * Cancels an event through the events module, then tells every ticket holder (one
 * notification each, mailed by the notifications pipeline; a repeat creates nothing) and
 * audits it with the count. Refunds stay a separate, deliberate step (orders, per order).
 */
export async function cancelEventFor(
  deps: AdminDeps & { events: EventDeps },
  params: { eventId: string; reason: string; actor: Actor },
): Promise<{ notified: number }> {
  const before = await q.eventStatus(deps.db, { id: params.eventId });
  if (!before) throw new AppError('NOT_FOUND', msg`Event not found`);
  await cancelEvent(deps.events, { id: params.eventId, actor: params.actor.user });
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const holders = await q.ticketHolders(tx, { eventId: params.eventId });
    const notified = await createNotifications(
      tx,
      holders.map(({ userId, language }) => {
        // Written in each holder's language; the admin's reason stays as they wrote it.
        const _ = translator(localeOrSource(language));
        const title = before.title;
        const reason = params.reason;
        return {
          userId,
          type: 'event_cancelled' as const,
          title: _(msg`Cancelled: ${title}`),
          message: reason
            ? _(msg`${title} has been cancelled: ${reason}. We will be in touch about refunds.`)
            : _(msg`${title} has been cancelled. We will be in touch about refunds.`),
          relatedId: params.eventId,
          relatedType: 'events' as const,
          dedupeKey: `event_cancelled:${params.eventId}`,
          createdAt: now,
        };
      }),
    );
    await recordAudit(tx, {
      actorId: params.actor.user.id,
      action: 'event.cancel',
      targetType: 'event',
      targetId: params.eventId,
      details: {
        title: before.title,
        before: before.status,
        after: 'cancelled',
        reason: params.reason,
        holdersNotified: notified,
      },
      requestId: params.actor.requestId,
    });
    return { notified };
  });
}

/**
 * Moves an event to another organizer or venue (admins): the owner changes in one transaction
 * with a notification to the new and the old owner and an audit row. Ticket holders keep their
 * tickets and orders; nothing is sent to them (the event itself did not change).
 */
export async function transferEvent(
  deps: AdminDeps,
  params: { eventId: string; toUserId: string; reason: string; actor: Actor },
) {
  const now = deps.clock.now();
  // The field's message is the English (values filled in); the error handler translates it.
  const refuse = (message: MessageDescriptor) =>
    new AppError('VALIDATION_FAILED', message, {
      fields: [{ field: 'toUserId', message: translate(SOURCE_LOCALE, message) }],
    });
  const moved = await deps.db.transaction(async (tx) => {
    const to = await q.ownerCandidate(tx, { id: params.toUserId });
    if (!to || to.erased) throw refuse(msg`No account has this id`);
    if (!canOwnEvents(to)) throw refuse(msg`Only an organizer or a venue can own events`);
    if (to.suspended) throw refuse(msg`This account is suspended`);
    const moved = await transferEventOwnership(tx, {
      eventId: params.eventId,
      toUserId: to.id,
      now,
    });
    if (!moved) throw new AppError('NOT_FOUND', msg`Event not found`);
    if (moved.fromUserId === to.id) throw refuse(msg`This account already owns the event`);
    const fromName = await q.profileName(tx, { id: moved.fromUserId });
    const note = params.reason ? ` Reason: ${params.reason}` : '';
    await createNotifications(tx, [
      {
        userId: to.id,
        type: 'event_transferred',
        title: `You now own ${moved.title}`,
        message: `An admin moved ${moved.title} to your account. You manage it from now on.${note}`,
        relatedId: params.eventId,
        relatedType: 'events',
        createdAt: now,
      },
      {
        userId: moved.fromUserId,
        type: 'event_transferred',
        title: `${moved.title} moved to ${to.fullName}`,
        message: `An admin moved ${moved.title} to ${to.fullName}, who manages it from now on.${note}`,
        relatedId: params.eventId,
        relatedType: 'events',
        createdAt: now,
      },
    ]);
    await recordAudit(tx, {
      actorId: params.actor.user.id,
      action: 'event.transfer',
      targetType: 'event',
      targetId: params.eventId,
      details: {
        title: moved.title,
        before: moved.fromUserId,
        after: to.id,
        reason: params.reason,
      },
      requestId: params.actor.requestId,
    });
    return {
      eventId: params.eventId,
      from: { id: moved.fromUserId, name: fromName },
      to: { id: to.id, name: to.fullName },
    };
  });
  // The new owner sees a draft; the old one no longer does.
  await forgetEventSight(deps, params.eventId);
  return moved;
}
