import { Trans, useLingui } from '@lingui/react/macro';
import { UserCheck, UserPlus } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useSession } from '../session';
import { useFollow } from './api';

/**
 * Follow an organizer or venue (attendees follow organizers, spec §1). Signed-out visitors get a
 * link to sign in that brings them back; nobody follows themselves.
 */
export function FollowButton({
  personId,
  name,
  isFollowing,
}: {
  personId: string;
  name: string;
  isFollowing: boolean;
}) {
  const { t } = useLingui();
  const { user } = useSession();
  const location = useLocation();
  const follow = useFollow(personId);
  if (user?.id === personId) return null;
  if (!user) {
    return (
      <Link
        to={paths.auth(`${location.pathname}${location.search}`)}
        className={buttonClasses({ variant: 'outline', size: 'sm' })}
      >
        <UserPlus aria-hidden="true" className="size-4" />
        <Trans>Sign in to follow</Trans>
      </Link>
    );
  }
  // Optimistic label while the request runs, so the button answers at once.
  const shown = follow.isPending ? follow.variables : isFollowing;
  return (
    <Button
      variant={shown ? 'secondary' : 'primary'}
      size="sm"
      aria-pressed={shown}
      disabled={follow.isPending}
      onClick={() =>
        follow.mutate(!isFollowing, {
          onSuccess: (state) =>
            toast.success(
              state.following ? t`You follow ${name}` : t`You no longer follow ${name}`,
            ),
          onError: (error) => toast.error(errorMessage(error, t`Could not update following.`)),
        })
      }
    >
      {shown ? (
        <UserCheck aria-hidden="true" className="size-4" />
      ) : (
        <UserPlus aria-hidden="true" className="size-4" />
      )}
      {shown ? t`Following` : t`Follow`}
    </Button>
  );
}
