import type { Role } from '../../../contracts/enums';

type Actor = { roles: Role[] } | null | undefined;

// spec §6 and decision 022: blog_admin (or admin) writes, edits, publishes and deletes any post;
// other people read. There is no contributor role: drafts for review are out of scope for now.
export function canWriteBlog(actor: Actor): boolean {
  return Boolean(actor && (actor.roles.includes('admin') || actor.roles.includes('blog_admin')));
}

/** Support staff answer tickets and see the chatbot's unanswered questions. */
export function isSupportStaff(actor: Actor): boolean {
  return Boolean(actor && (actor.roles.includes('admin') || actor.roles.includes('moderator')));
}

/** Help articles and the site's pages are the operator's: admins edit them. */
export function canEditSiteContent(actor: Actor): boolean {
  return Boolean(actor?.roles.includes('admin'));
}
