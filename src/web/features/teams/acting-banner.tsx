import { Trans, useLingui } from '@lingui/react/macro';
import { Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { useActingFor, useSwitchAccount } from './acting';
import { ROLE_LABELS } from './role-labels';

/**
 * Under the header while a member acts for a team: whose account the organizer pages act for,
 * with the way back to their own.
 */
export function ActingBanner() {
  const { i18n } = useLingui();
  const { team } = useActingFor();
  const switchAccount = useSwitchAccount();
  const navigate = useNavigate();
  if (!team) return null;
  const owner = team.ownerName;
  const role = i18n._(ROLE_LABELS[team.role]);
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-3 border-b border-border bg-muted px-4 py-2 text-sm"
    >
      <Users aria-hidden="true" className="size-4 text-primary" />
      <span>
        <Trans>
          Acting for {owner}&apos;s account as {role}
        </Trans>
      </span>
      <Button
        size="sm"
        variant="outline"
        disabled={switchAccount.isPending}
        onClick={() =>
          switchAccount.mutate(null, { onSuccess: () => void navigate(paths.dashboard()) })
        }
      >
        <Trans>Back to my account</Trans>
      </Button>
    </div>
  );
}
