import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { EventGrid } from '../events';
import { OrganizerRating } from '../feedback';
import { publicProfileQuery } from './api';
import { ReportButton } from '../reports';
import { FollowButton } from './follow-button';
import { PersonAvatar } from '../../components/person-avatar';
import { useCategoryLabel } from '../service-types';

/** An organizer's or venue's public page: who they are, followers, and their upcoming events. */
export function PublicProfile({ id, kind }: { id: string; kind: 'organizer' | 'venue' }) {
  const { t } = useLingui();
  const categoryLabel = useCategoryLabel();
  const query = useQuery(publicProfileQuery(id));
  const back = kind === 'venue' ? paths.venues() : paths.organizers();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">
          {isMissing
            ? kind === 'venue'
              ? t`Venue not found`
              : t`Organizer not found`
            : t`Profile unavailable`}
        </h1>
        <p className="text-muted-foreground">
          {errorMessage(query.error, t`Please try again later.`)}
        </p>
        <Link to={back} className={buttonClasses({ variant: 'outline' })}>
          {kind === 'venue' ? t`Back to venues` : t`Back to organizers`}
        </Link>
      </div>
    );
  }
  const { profile, upcomingEvents } = query.data;
  const name = profile.businessName ?? profile.fullName;
  const followers = profile.followerCount;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8">
      <header className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <PersonAvatar name={name} avatarUrl={profile.avatarUrl} className="size-20 text-2xl" />
        <div className="flex flex-1 flex-col gap-1">
          <h1 className="text-3xl font-extrabold tracking-tight">{name}</h1>
          {profile.businessName ? (
            <p className="text-muted-foreground">{profile.fullName}</p>
          ) : null}
          <p className="text-sm text-muted-foreground">
            {[
              profile.category && categoryLabel(profile.category),
              t`${plural(followers, { one: '# follower', other: '# followers' })}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {kind === 'organizer' ? <OrganizerRating organizerId={profile.id} /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <FollowButton personId={profile.id} name={name} isFollowing={profile.isFollowing} />
          {/* A profile can be reported to the moderators (not one's own). */}
          <ReportButton targetType="user" targetId={profile.id} authorId={profile.id} what={name} />
        </div>
      </header>
      <section aria-labelledby="profile-events" className="flex flex-col gap-4">
        <h2 id="profile-events" className="text-xl font-bold">
          <Trans>Upcoming events</Trans>
        </h2>
        {upcomingEvents.length ? (
          <EventGrid events={upcomingEvents} />
        ) : (
          <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
            <Trans>No upcoming events right now. Follow {name} to hear about the next one.</Trans>
          </p>
        )}
      </section>
    </div>
  );
}
