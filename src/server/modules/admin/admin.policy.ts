import type { EventModeration } from '../../../contracts/admin';
import type { Role } from '../../../contracts/enums';

// Who may do what in the console (decision 020). Admins do everything; moderators review
// content: they list events and take them off the site or put them back, nothing else.

type Holder = { roles: readonly Role[] };

export const isAdmin = (user: Holder) => user.roles.includes('admin');

export const canModerate = (user: Holder) => isAdmin(user) || user.roles.includes('moderator');

/** Featuring chooses what the home page shows: an editorial call kept for admins. */
export const canApplyModeration = (user: Holder, action: EventModeration) =>
  action === 'feature' || action === 'unfeature' ? isAdmin(user) : canModerate(user);
