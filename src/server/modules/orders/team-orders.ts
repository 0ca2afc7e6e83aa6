import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { actAsTeamMember, type TeamPermission } from '../teams/teams.service';
import { findOrderEventOwners } from './orders.queries';

// A team member reaches an order of the owner's event through their role (decision 065). The
// order queries scope by the event's owner, so a member whose role and scope allow the action
// runs them as the owner: same rows, same checks, with the member recorded where an action is
// logged (the refund's created_by, the owner's activity log).

/**
 * The owner as the actor of the order's queries, when `actor` is a member of the team of the
 * order's event whose role allows `permission`; null otherwise (they get the other user's answer).
 */
export async function teamOwnerOf(
  db: DbExecutor,
  params: { orderId: string; actor: AuthUser; permission: TeamPermission; action?: string },
): Promise<AuthUser | null> {
  const owners = await findOrderEventOwners(db, { orderId: params.orderId });
  const [only] = owners;
  // An order over several owners' events stays with its owners and admins.
  if (!only || owners.length !== 1 || only.ownerId === params.actor.id) return null;
  const allowed = await actAsTeamMember(db, {
    actor: params.actor,
    ownerId: only.ownerId,
    eventId: only.eventId,
    permission: params.permission,
    action: params.action,
  });
  return allowed ? { ...params.actor, id: only.ownerId, roles: [] } : null;
}
