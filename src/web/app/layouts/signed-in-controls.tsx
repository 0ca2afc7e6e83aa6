import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { PlanBadge } from '../../features/subscriptions/plan-badge';
import { paths } from '../../lib/paths';
import { UserMenu } from './user-menu';
import type { SessionUser } from '../../../contracts/auth';

/**
 * The header's controls for a signed-in visitor (spec §2): plan badge, Create Event, the bell and
 * the account menu. One chunk, loaded once the session says someone is signed in, so signed-out
 * visitors (most first loads of the home page) never download it.
 */
export function SignedInControls({ user, iconClass }: { user: SessionUser; iconClass: string }) {
  const { t } = useLingui();
  return (
    <>
      <PlanBadge />
      <Link
        to={paths.createEvent()}
        aria-label={t`Create event`}
        className={buttonClasses({
          variant: 'outline',
          className: 'max-md:size-9 max-md:px-0',
        })}
      >
        <Plus aria-hidden="true" className="size-4" />
        <span className="hidden md:inline">
          <Trans>Create Event</Trans>
        </span>
      </Link>
      <NotificationBell className={iconClass} />
      <UserMenu user={user} />
    </>
  );
}
