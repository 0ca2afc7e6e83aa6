import { msg } from '@lingui/core/macro';
import { AppError } from '../../platform/http/errors';
import { M, secretOf, type MarketingDeps } from './marketing.service';
import { readToken } from './tokens';
import * as q from './lists.queries';
import { ownerName, preferenceLists } from './preferences.queries';
import { liftSuppression } from './suppressions.queries';

// The manage-preferences page: a signed link [owner, address] in every campaign mail.

function preferencesOf(deps: MarketingDeps, token: string) {
  const parts = readToken(secretOf(deps.config), 'preferences', token);
  if (!parts || parts.length !== 2) throw new AppError('NOT_FOUND', M.preferencesLink);
  const [ownerId, email] = parts as [string, string];
  return { ownerId, email };
}

/** The sender's lists this address is on, with its status on each. */
export async function getPreferences(deps: MarketingDeps, token: string) {
  const { ownerId, email } = preferencesOf(deps, token);
  const [lists, sender] = await Promise.all([
    preferenceLists(deps.db, { ownerId, email }),
    ownerName(deps.db, { ownerId }),
  ]);
  if (lists.length === 0 && !sender) throw new AppError('NOT_FOUND', M.preferencesLink);
  return { email, sender: sender || deps.config.APP_NAME, lists };
}

/**
 * Leaves or (re)joins one list. Leaving affects that list only (the one-click unsubscribe leaves
 * them all). Joining is the person themself (the link came to their mailbox), so it confirms an
 * unconfirmed address and lifts an earlier unsubscribe or bounce; their other lists keep their
 * own status.
 */
export async function changePreference(
  deps: MarketingDeps,
  token: string,
  input: { listId: string; subscribed: boolean },
) {
  const { ownerId, email } = preferencesOf(deps, token);
  // The link reaches the lists of the sender who sent it, never another sender's.
  const list = await q.findOwnedList(deps.db, {
    id: input.listId,
    owner: { id: ownerId, admin: false },
  });
  const row = list ? await q.findSubscriber(deps.db, { listId: list.id, email }) : undefined;
  if (!list || !row)
    throw new AppError('NOT_FOUND', msg`You are not on this list`, {
      fields: [{ field: 'body.listId', message: 'You are not on this list' }],
    });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (input.subscribed) {
      await q.setSubscriberStatus(tx, {
        listId: list.id,
        email,
        from: ['unconfirmed', 'unsubscribed', 'bounced', 'complained'],
        to: 'subscribed',
        now,
      });
      await liftSuppression(tx, { ownerId, email, anyReason: true });
    } else {
      await q.setSubscriberStatus(tx, {
        listId: list.id,
        email,
        from: ['unconfirmed', 'subscribed'],
        to: 'unsubscribed',
        now,
      });
    }
  });
  return getPreferences(deps, token);
}
