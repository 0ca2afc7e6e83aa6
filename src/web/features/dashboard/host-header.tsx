import { Trans } from '@lingui/react/macro';
import type { SessionUser } from '../../../contracts/auth';
import { useActingFor } from '../teams';
import { AccountSummary } from './account-summary';

/**
 * The host dashboard's heading: the signed-in person's summary on their own account; switched
 * to a team, whose account the dashboard shows (the banner above says as which role).
 */
export function HostHeader({ user, title }: { user: SessionUser; title: string }) {
  const { team } = useActingFor();
  if (!team) return <AccountSummary user={user} title={title} />;
  const owner = team.ownerName;
  return (
    <header className="flex flex-col gap-1">
      <p className="text-sm text-muted-foreground">{title}</p>
      <h1 className="text-3xl font-bold break-words">
        <Trans>{owner}&apos;s account</Trans>
      </h1>
    </header>
  );
}
