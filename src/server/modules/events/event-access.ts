import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { isAdmin } from '../../platform/auth/guards';
import { actAsTeamMember, type TeamPermission } from '../teams/teams.service';

export const MANAGE_FORBIDDEN = msg`Only the event creator can manage its tickets`;

/** The owner-or-admin condition, inside the query (docs/architecture.md). */
export const managedBy = (actor: AuthUser) =>
  isAdmin(actor) ? sql`true` : eq(events.userId, actor.id);

const managedColumns = {
  id: events.id,
  userId: events.userId,
  title: events.title,
  capacity: events.capacity,
  attendeeVisibility: events.attendeeVisibility,
  currency: events.currency,
};

/**
 * The event the actor manages (owner or admin), locked for the rest of the transaction unless
 * `lock: false`. Missing → 404; someone else's → 403. With `permission`, a member of the owner's
 * team whose role allows it on this event is let in too (decision 065), and `action` goes into
 * the owner's activity log: this is the one place event routes learn about teams. A member
 * refused by role or scope gets the same answer as any other user.
 */
export async function lockManagedEvent(
  tx: DbExecutor,
  params: { eventId: string; actor: AuthUser },
  options: {
    lock?: boolean;
    forbidden?: string | MessageDescriptor;
    permission?: TeamPermission;
    /** What a member did, for the owner's activity log; reads pass none. */
    action?: string;
  } = {},
) {
  if (options.permission && !isAdmin(params.actor)) {
    const [found] = await tx
      .select(managedColumns)
      .from(events)
      .where(eq(events.id, params.eventId));
    if (!found) throw new AppError('NOT_FOUND', msg`Event not found`);
    const allowed =
      found.userId === params.actor.id ||
      (await actAsTeamMember(tx, {
        actor: params.actor,
        ownerId: found.userId,
        eventId: found.id,
        permission: options.permission,
        action: options.action,
      }));
    if (!allowed) throw new AppError('FORBIDDEN', options.forbidden ?? MANAGE_FORBIDDEN);
    if (options.lock === false) return found;
    await tx.select({ id: events.id }).from(events).where(eq(events.id, found.id)).for('update');
    return found;
  }
  const query = tx
    .select(managedColumns)
    .from(events)
    .where(and(eq(events.id, params.eventId), managedBy(params.actor)));
  const [event] = options.lock === false ? await query : await query.for('update');
  if (event) return event;
  const [exists] = await tx
    .select({ id: events.id })
    .from(events)
    .where(eq(events.id, params.eventId));
  throw exists
    ? new AppError('FORBIDDEN', options.forbidden ?? MANAGE_FORBIDDEN)
    : new AppError('NOT_FOUND', msg`Event not found`);
}
