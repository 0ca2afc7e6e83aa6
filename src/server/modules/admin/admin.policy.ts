import type { EventModeration, ReportAction, ReportTarget } from '../../../contracts/admin';
import type { Role } from '../../../contracts/enums';

// Who may do what in the console (decision 020). Admins do everything; moderators review
// content: they list events and take them off the site or put them back, nothing else.

type Holder = { roles: readonly Role[] };

export const isAdmin = (user: Holder) => user.roles.includes('admin');

export const canModerate = (user: Holder) => isAdmin(user) || user.roles.includes('moderator');

/** Featuring chooses what the home page shows: an editorial call kept for admins. */
export const canApplyModeration = (user: Holder, action: EventModeration) =>
  action === 'feature' || action === 'unfeature' ? isAdmin(user) : canModerate(user);

/**
 * What the reports queue offers per kind of target. "hide" is there only where the owning
 * module gives the console a way to take the thing down: events (unpublish) and event reviews
 * (the feedback module's setFeedbackHidden). Messages get it once messaging exposes a
 * moderator's removal; a profile's "hide" is suspending its owner (decision 020).
 */
export const reportActions = (targetType: ReportTarget): ReportAction[] =>
  targetType === 'event' || targetType === 'event_feedback'
    ? ['dismiss', 'hide', 'suspend_author']
    : ['dismiss', 'suspend_author'];

/**
 * Suspending the author from a report: admins may suspend anyone but themselves; moderators
 * only accounts without a privileged role (a moderator cannot lock out an admin or a peer).
 */
export const canSuspendAuthor = (
  actor: Holder & { id: string },
  author: { id: string; roles: readonly Role[] },
) =>
  actor.id !== author.id && (isAdmin(actor) || (canModerate(actor) && author.roles.length === 0));
