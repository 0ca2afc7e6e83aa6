import { msg } from '@lingui/core/macro';
import {
  ALREADY_CONFIRMED_MESSAGE,
  ERASED_MESSAGE,
  LAST_ADMIN_ERASE_MESSAGE,
  SELF_ERASE_MESSAGE,
} from '../../../contracts/admin';
import { announceSessionChange } from '../../platform/auth/session-events';
import { AppError } from '../../platform/http/errors';
import { requestPasswordReset, resendConfirmation, type AuthDeps } from '../auth/auth.service';
import * as q from './admin.queries';
import * as erasure from './account-help.queries';
import { recordAudit, type Actor, type AdminDeps } from './admin.service';

// What an admin does for one account: a new password link, a new confirmation link, erasure.

type MailDeps = AdminDeps & { auth: AuthDeps };

async function identityOf(deps: Pick<AdminDeps, 'db'>, userId: string) {
  const user = await erasure.userIdentity(deps.db, { id: userId });
  if (!user) throw new AppError('NOT_FOUND', msg`User not found`);
  if (user.email.endsWith(`@${q.ERASED_DOMAIN}`)) throw new AppError('CONFLICT', ERASED_MESSAGE);
  return user;
}

/**
 * Sends the person a password reset link through the auth module (its per-account limit of one
 * mail a minute applies: a second click within it sends nothing new).
 */
export async function sendPasswordReset(
  deps: MailDeps,
  params: { userId: string; actor: Actor },
): Promise<void> {
  const user = await identityOf(deps, params.userId);
  await requestPasswordReset(deps.auth, { email: user.email });
  await recordAudit(deps.db, {
    actorId: params.actor.user.id,
    action: 'user.password_reset_sent',
    targetType: 'user',
    targetId: params.userId,
    requestId: params.actor.requestId,
  });
}

/** Sends a new confirmation link to an unconfirmed address (409 once it is confirmed). */
export async function resendConfirmationFor(
  deps: MailDeps,
  params: { userId: string; actor: Actor },
): Promise<void> {
  const user = await identityOf(deps, params.userId);
  if (user.confirmed) throw new AppError('CONFLICT', ALREADY_CONFIRMED_MESSAGE);
  await resendConfirmation(deps.auth, { email: user.email });
  await recordAudit(deps.db, {
    actorId: params.actor.user.id,
    action: 'user.confirmation_resent',
    targetType: 'user',
    targetId: params.userId,
    requestId: params.actor.requestId,
  });
}

/**
 * Deletes an account for good: identity and credentials erased, sessions ended everywhere at
 * once, orders and the audit trail kept with the person anonymised (erasure.eraseAccount). The admin
 * confirms by typing the address. Nobody erases themselves here, nor the last admin.
 */
export async function eraseUser(
  deps: AdminDeps,
  params: { userId: string; confirmEmail: string; actor: Actor },
): Promise<void> {
  if (params.userId === params.actor.user.id) throw new AppError('CONFLICT', SELF_ERASE_MESSAGE);
  const now = deps.clock.now();
  const notice = await deps.db.transaction(async (tx) => {
    await q.lockRoles(tx);
    const user = await identityOf({ db: tx }, params.userId);
    if (user.email.toLowerCase() !== params.confirmEmail.trim().toLowerCase())
      throw new AppError('VALIDATION_FAILED', msg`The address does not match this account`, {
        fields: [{ field: 'confirmEmail', message: 'The address does not match this account' }],
      });
    if ((user.roles ?? []).includes('admin') && (await q.countAdmins(tx)) <= 1)
      throw new AppError('CONFLICT', LAST_ADMIN_ERASE_MESSAGE);
    const kept = await erasure.eraseAccount(tx, { id: params.userId, now });
    // No personal data in the trail: the row says who was erased (an id) and what was kept.
    await recordAudit(tx, {
      actorId: params.actor.user.id,
      action: 'user.erase',
      targetType: 'user',
      targetId: params.userId,
      details: { ...kept, rolesRemoved: user.roles ?? [], before: 'active', after: 'erased' },
      requestId: params.actor.requestId,
    });
    return announceSessionChange(tx, { userId: params.userId, accessChanged: true });
  });
  await deps.sessionEvents?.settle(notice);
}
