import { Trans, useLingui } from '@lingui/react/macro';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { TeamRole } from '../../../contracts/teams';
import { paths } from '../../lib/paths';
import { membershipsQuery } from './api';
import { useSwitchAccount } from './acting';
import { ROLE_LABELS } from './role-labels';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-muted';

/** Where a role's work starts once the member switched to the team. */
function homeFor(role: TeamRole | null): string {
  if (role === 'marketing') return paths.emailLists();
  if (role === 'vendor_manager') return '/vendor-hiring';
  return paths.dashboard();
}

/**
 * In the account menu: the person's own account and the teams they belong to. Choosing one
 * makes the organizer pages act for it; nothing is shown to someone on no team.
 */
export function AccountSwitcher({ ownName }: { ownName: string }) {
  const { t, i18n } = useLingui();
  const memberships = useQuery(membershipsQuery);
  const switchAccount = useSwitchAccount();
  const navigate = useNavigate();
  const teams = memberships.data?.teams ?? [];
  if (teams.length === 0) return null;
  const current = memberships.data?.actingFor ?? null;
  // The menu closes (and this unmounts) on select, so the page moves on from the promise rather
  // than from a callback of this component's mutation.
  const choose = (ownerId: string | null, role: TeamRole | null) =>
    void switchAccount
      .mutateAsync(ownerId)
      .then(() => navigate(homeFor(role)))
      // A refused switch (the member just left the team) leaves the page as it was.
      .catch(() => undefined);
  return (
    <DropdownMenu.Group aria-label={t`Switch account`}>
      <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-muted-foreground">
        <Trans>Switch account</Trans>
      </DropdownMenu.Label>
      <DropdownMenu.Item
        className={ITEM}
        disabled={switchAccount.isPending}
        onSelect={() => choose(null, null)}
      >
        <Check aria-hidden="true" className={current === null ? 'size-4' : 'invisible size-4'} />
        <span>
          <Trans>My account ({ownName})</Trans>
        </span>
      </DropdownMenu.Item>
      {teams.map((team) => {
        const owner = team.ownerName;
        const role = i18n._(ROLE_LABELS[team.role]);
        return (
          <DropdownMenu.Item
            key={team.ownerId}
            className={ITEM}
            disabled={switchAccount.isPending}
            onSelect={() => choose(team.ownerId, team.role)}
          >
            <Check
              aria-hidden="true"
              className={current === team.ownerId ? 'size-4' : 'invisible size-4'}
            />
            <span>
              <Trans>
                {owner}&apos;s team · {role}
              </Trans>
            </span>
          </DropdownMenu.Item>
        );
      })}
      <DropdownMenu.Separator className="my-1 h-px bg-border" />
    </DropdownMenu.Group>
  );
}
