import { msg } from '@lingui/core/macro';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { listEvents, presentEvent, type EventDeps } from '../events/events.service';
import { mayFollow } from './organizers.policy';
import { findDirectory, getPublicProfile, setFollow } from './organizers.queries';

const NOT_FOUND = msg`Profile not found`;

/** A host's public page: their card and up to 50 upcoming events. */
export async function getOrganizerPage(
  deps: EventDeps,
  params: { id: string; viewer: AuthUser | null },
) {
  const profile = await getPublicProfile(deps.db, {
    id: params.id,
    viewerId: params.viewer?.id ?? null,
  });
  if (!profile) throw new AppError('NOT_FOUND', NOT_FOUND);
  const { rows } = await listEvents(deps, { organizer_id: profile.id, limit: 50 });
  return { profile, upcomingEvents: rows.map(presentEvent) };
}

/** Follows or unfollows a host; answers the new state and their follower count. */
export async function followOrganizer(
  deps: Pick<EventDeps, 'db'>,
  params: { organizerId: string; actor: AuthUser; follow: boolean },
) {
  if (!mayFollow(params.actor, params.organizerId))
    throw new AppError('BAD_REQUEST', msg`You cannot follow yourself`);
  const profile = await getPublicProfile(deps.db, {
    id: params.organizerId,
    viewerId: params.actor.id,
  });
  if (!profile) throw new AppError('NOT_FOUND', NOT_FOUND);
  const followerCount = await setFollow(deps.db, {
    followerId: params.actor.id,
    organizerId: profile.id,
    follow: params.follow,
  });
  return { following: params.follow, followerCount };
}

/** One page of the organizer, venue or provider directory. */
export async function listDirectory(
  deps: Pick<EventDeps, 'db' | 'clock'>,
  query: Omit<Parameters<typeof findDirectory>[1], 'now'>,
) {
  const { people, total } = await findDirectory(deps.db, { ...query, now: deps.clock.now() });
  return { people, total, page: query.page, pageSize: query.pageSize };
}
