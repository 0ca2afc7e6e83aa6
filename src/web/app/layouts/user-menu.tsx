import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut } from 'lucide-react';
import { Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SessionUser } from '../../../contracts/auth';
import { isRightToLeft, localeOrSource } from '../../../contracts/locales';
import { useSignOut } from '../../features/session/sign-out';
import { buttonClasses } from '../../components/ui/button';
import { initials } from '../../lib/initials';
import { paths } from '../../lib/paths';
import { hostDashboardPath } from '../../features/dashboard/host-dashboard-path';
import { useActingFor } from '../../features/teams/acting';
import { lazyPage } from '../lazy-page';

// Only someone who opens the menu loads the switcher (and its messages).
const AccountSwitcher = lazyPage(() =>
  import('../../features/teams/account-switcher').then((m) => m.AccountSwitcher),
);

export interface UserMenuItem {
  to: string;
  label: MessageDescriptor;
}

// The menu's own names for the hosts' dashboards: the menu loads with the shell's messages.
const HOST_DASHBOARD: Partial<Record<SessionUser['userType'], MessageDescriptor>> = {
  organizer: msg`Organizer Dashboard`,
  venue: msg`Venue Dashboard`,
};

/** spec §2 user menu and §6: vendors get Vendor Profile and Vendor Applications, others My Profile. */
export function userMenuItems(user: Pick<SessionUser, 'userType'>): UserMenuItem[] {
  const isVendor = user.userType === 'vendor';
  const host = hostDashboardPath(user.userType);
  const hostLabel = HOST_DASHBOARD[user.userType];
  return [
    isVendor
      ? { to: paths.vendorProfile(), label: msg`Vendor Profile` }
      : { to: paths.profile(), label: msg`My Profile` },
    // spec §2 names the hosts' dashboards as navigation targets; they head the hosts' items.
    ...(host && hostLabel ? [{ to: host.to, label: hostLabel }] : []),
    { to: paths.dashboard(), label: msg`Dashboard` },
    { to: paths.myEvents(), label: msg`My Events` },
    ...(isVendor ? [{ to: paths.vendorApplications(), label: msg`Vendor Applications` }] : []),
    // Not in spec §2: anyone may be a member of an organizer's team (decision 065), and hosts
    // own one.
    { to: '/team', label: msg`Team` },
    // Not in spec §2: the hosts' tools the main menu does not list (decision 045), and API
    // keys (decision 029). The host dashboard lists every tool.
    ...(host
      ? [
          { to: '/mea-stream', label: msg`Live Streams` },
          { to: '/funnels', label: msg`Funnels` },
          { to: '/developer', label: msg`Developer settings` },
        ]
      : []),
  ];
}

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-muted';

export function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { i18n, t } = useLingui();
  const locale = localeOrSource(i18n.locale);
  const name = user.fullName;
  // Switched to a team, the menu lists the owner's kind of pages (an organizer's dashboard…).
  const { team } = useActingFor();

  return (
    // Radix reads the direction from its own context, not the page: arrow keys and the side
    // the menu opens to follow the language.
    <DropdownMenu.Root modal={false} dir={isRightToLeft(locale) ? 'rtl' : 'ltr'}>
      <DropdownMenu.Trigger
        aria-label={t`Account menu for ${name}`}
        className={buttonClasses({
          variant: 'ghost',
          size: 'icon',
          className: 'rounded-full max-md:size-9',
        })}
      >
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" className="size-9 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          >
            {initials(user.fullName)}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-52 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5">
            <span className="block text-sm font-semibold">{user.fullName}</span>
            <span className="block text-xs text-muted-foreground">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <Suspense fallback={null}>
            <AccountSwitcher ownName={user.fullName} />
          </Suspense>
          {userMenuItems(team ? { userType: team.ownerType } : user).map((item) => (
            <DropdownMenu.Item key={item.to} asChild className={ITEM}>
              <Link to={item.to}>{i18n._(item.label)}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={ITEM}
            disabled={signOut.isPending}
            onSelect={() => {
              signOut.mutate();
              void navigate(paths.home());
            }}
          >
            <LogOut aria-hidden="true" className="size-4" />
            <Trans>Sign Out</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
