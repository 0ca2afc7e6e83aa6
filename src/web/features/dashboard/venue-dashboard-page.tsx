import { useLingui } from '@lingui/react/macro';
import { useSession } from '../session';
import { HostHeader } from './host-header';
import { HostDashboardView } from './host-dashboard';

/** /venue-dashboard: where venues land after signing in (spec §2); venues host events too. */
export function VenueDashboardPage() {
  const { user } = useSession();
  const { t } = useLingui();
  if (!user) return null; // The route's RoleGuard renders this page only with a user.
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10">
      <HostHeader user={user} title={t`Venue Dashboard`} />
      <HostDashboardView />
    </div>
  );
}
