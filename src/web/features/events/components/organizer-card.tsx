import { Plural, Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { Event } from '../../../../contracts/events';
import { useQuery } from '@tanstack/react-query';
import { publicProfileQuery, FollowButton } from '../../directory';
import { PersonAvatar } from '../../../components/person-avatar';
import { paths } from '../../../lib/paths';

/** Who runs the event, with a link to their profile and a Follow button. */
export function OrganizerCard({ organizer }: { organizer: Event['organizer'] }) {
  // The follow state lives on the profile; until it answers the button shows "Follow".
  const profile = useQuery({ ...publicProfileQuery(organizer.id), retry: false });
  const name = organizer.businessName ?? organizer.fullName;
  return (
    <section
      aria-labelledby="organizer-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="organizer-title" className="text-sm font-semibold text-muted-foreground uppercase">
        <Trans>Organizer</Trans>
      </h2>
      <div className="flex items-center gap-3">
        <PersonAvatar name={name} avatarUrl={organizer.avatarUrl} />
        <div className="min-w-0">
          <Link to={paths.organizer(organizer.id)} className="font-semibold hover:underline">
            {name}
          </Link>
          {profile.data ? (
            <p className="text-sm text-muted-foreground">
              <Plural
                value={profile.data.profile.followerCount}
                one="# follower"
                other="# followers"
              />
            </p>
          ) : null}
        </div>
      </div>
      <FollowButton
        personId={organizer.id}
        name={name}
        isFollowing={profile.data?.profile.isFollowing ?? false}
      />
    </section>
  );
}
