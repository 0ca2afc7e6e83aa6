import type { EventModeration, ReportAction, ReportTarget } from '../../../contracts/admin';
import type { Role } from '../../../contracts/enums';
import { isAdmin } from '../../platform/auth/guards';

// Who may do what in the console (decision 020). Admins do everything; moderators review
// content: they list events and take them off the site or put them back, nothing else.

type Holder = { roles: readonly Role[] };

export const canModerate = (user: Holder) => isAdmin(user) || user.roles.includes('moderator');

/** Featuring chooses what the home page shows: an editorial call kept for admins. */
export const canApplyModeration = (user: Holder, action: EventModeration) =>
  action === 'feature' || action === 'unfeature' ? isAdmin(user) : canModerate(user);

/**
 * What the reports queue offers per kind of target. "hide" is there where the owning module
 * gives the console a way to take the thing down: events (unpublish), event reviews (the
 * feedback module's setFeedbackHidden) and messages (messaging's removeMessageByModerator). A
 * profile's "hide" is suspending its owner (decision 020).
 */
export const reportActions = (targetType: ReportTarget): ReportAction[] =>
  HIDEABLE.includes(targetType)
    ? ['dismiss', 'hide', 'suspend_author']
    : ['dismiss', 'suspend_author'];
// A ride is taken down by cancelling it, with refunds the console does not do.
const HIDEABLE: readonly ReportTarget[] = ['event', 'event_feedback', 'message'];

/**
 * Suspending the author from a report: admins may suspend anyone but themselves; moderators
 * only accounts without a privileged role (a moderator cannot lock out an admin or a peer).
 */
export const canSuspendAuthor = (
  actor: Holder & { id: string },
  author: { id: string; roles: readonly Role[] },
) =>
  actor.id !== author.id && (isAdmin(actor) || (canModerate(actor) && author.roles.length === 0));

/** Who can be given an event from the console: the account types that host events (spec §6). */
export const canOwnEvents = (user: { userType: string }) =>
  user.userType === 'organizer' || user.userType === 'venue';
