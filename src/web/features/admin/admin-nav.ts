import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '../../../contracts/enums';
import { paths } from '../../lib/paths';

// The admin console's side navigation, in one small file others can read: the spec's
// eight sections (§2 "Admin area"), then the sections other modules own under "More".

export interface AdminNavItem {
  to: string;
  /** Read in the page's language (the layout renders it with `i18n._`). */
  label: MessageDescriptor;
  /** Match the path exactly (the overview would otherwise be "active" everywhere). */
  end?: boolean;
  /** Who sees it: admins always; moderators only where listed (decision 020). */
  roles: readonly Role[];
}

const ADMIN: readonly Role[] = ['admin'];
const MODERATION: readonly Role[] = ['admin', 'moderator'];

export const ADMIN_SECTIONS: AdminNavItem[] = [
  { to: paths.admin.index(), label: msg`Overview`, end: true, roles: ADMIN },
  { to: paths.admin.users(), label: msg`Users`, roles: ADMIN },
  { to: paths.admin.events(), label: msg`Events`, roles: MODERATION },
  { to: '/admin/reports', label: msg`Reports`, roles: MODERATION },
  { to: paths.admin.orders(), label: msg`Orders`, roles: ADMIN },
  { to: paths.admin.analytics(), label: msg`Analytics`, roles: ADMIN },
  { to: paths.admin.blog(), label: msg`Blog`, roles: ADMIN },
  { to: paths.admin.settings(), label: msg`Settings`, roles: ADMIN },
  { to: paths.admin.help(), label: msg`Help`, roles: ADMIN },
];

export const ADMIN_MORE: AdminNavItem[] = [
  { to: '/admin/plans', label: msg`Plans`, roles: ADMIN },
  { to: '/admin/ads', label: msg`Ad review`, roles: ADMIN },
  { to: '/admin/support', label: msg`Support`, roles: ADMIN },
  { to: '/admin/affiliates', label: msg`Affiliates`, roles: ADMIN },
  { to: '/admin/platform-taxes', label: msg`Platform taxes`, roles: ADMIN },
  { to: '/admin/wallet-passes', label: msg`Wallet passes`, roles: ADMIN },
  { to: '/admin/data-checks', label: msg`Data checks`, roles: ADMIN },
  { to: '/admin/deletions', label: msg`Pending deletions`, roles: ADMIN },
];

/** The items a person with these roles sees. */
export const visibleTo = (items: AdminNavItem[], roles: readonly Role[]) =>
  items.filter((item) => item.roles.some((role) => roles.includes(role)));

/** The breadcrumb label of an admin path (its section), or null outside the console. */
export function sectionOf(pathname: string): AdminNavItem | null {
  const all = [...ADMIN_SECTIONS, ...ADMIN_MORE];
  return (
    all.find((item) => item.to !== paths.admin.index() && pathname.startsWith(item.to)) ??
    (pathname.replace(/\/$/, '') === paths.admin.index() ? (all[0] ?? null) : null)
  );
}
