import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { UserType } from '../../../contracts/enums';
import type { DbExecutor } from '../../db/client';
import { organizerFollows } from '../../db/schema/events';
import { profiles } from '../../db/schema/users';
import { DEFAULT_DURATION_MS } from '../events/events.service';
import { PUBLIC_PAGE_TYPES } from './organizers.policy';
import { containsPattern } from '../../db/like-pattern';

export async function getPublicProfile(
  db: DbExecutor,
  params: { id: string; viewerId: string | null },
) {
  const [row] = await db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      businessName: profiles.businessName,
      avatarUrl: profiles.avatarUrl,
      userType: profiles.userType,
      category: profiles.category,
      // Subqueries name their columns in full: in a one-table select Drizzle leaves column
      // names unqualified, and an unqualified "id" would bind to the subquery's own table.
      followerCount: sql<number>`(select count(*)::int from organizer_follows f where f.organizer_id = "profiles"."id")`,
      isFollowing: params.viewerId
        ? sql<boolean>`exists (select 1 from organizer_follows f where f.organizer_id = "profiles"."id" and f.follower_id = ${params.viewerId})`
        : sql<boolean>`false`,
    })
    .from(profiles)
    // Only hosts have public pages; attendees' profiles stay private (organizers.policy).
    .where(and(eq(profiles.id, params.id), inArray(profiles.userType, [...PUBLIC_PAGE_TYPES])));
  return row ?? null;
}

/** Idempotent: following twice is one follow, unfollowing a stranger is a no-op. */
export async function setFollow(
  db: DbExecutor,
  params: { followerId: string; organizerId: string; follow: boolean },
) {
  if (params.follow) {
    await db
      .insert(organizerFollows)
      .values({ followerId: params.followerId, organizerId: params.organizerId })
      .onConflictDoNothing();
  } else {
    await db
      .delete(organizerFollows)
      .where(
        and(
          eq(organizerFollows.followerId, params.followerId),
          eq(organizerFollows.organizerId, params.organizerId),
        ),
      );
  }
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(organizerFollows)
    .where(eq(organizerFollows.organizerId, params.organizerId));
  return row?.n ?? 0;
}

const DIRECTORY_TYPES: Record<'organizer' | 'venue' | 'provider', UserType[]> = {
  organizer: ['organizer'],
  venue: ['venue'],
  provider: ['vendor', 'venue'],
};

export async function findDirectory(
  db: DbExecutor,
  params: {
    type: keyof typeof DIRECTORY_TYPES;
    q?: string;
    category?: string;
    page: number;
    pageSize: number;
    now: Date;
  },
) {
  const pattern = params.q ? containsPattern(params.q) : undefined;
  const where = and(
    inArray(profiles.userType, DIRECTORY_TYPES[params.type]),
    pattern
      ? (or(
          ilike(profiles.fullName, pattern),
          ilike(profiles.businessName, pattern),
          ilike(profiles.category, pattern),
        ) as SQL)
      : undefined,
    params.category ? eq(profiles.category, params.category) : undefined,
  );
  const upcoming = sql<number>`(select count(*)::int from events e where e.user_id = "profiles"."id" and e.event_status = 'published' and e.visibility = 'public' and coalesce(e.ends_at, e.starts_at + ${`${DEFAULT_DURATION_MS / 1000} seconds`}::interval) >= ${params.now})`;
  const [people, [count]] = await Promise.all([
    db
      .select({
        id: profiles.id,
        fullName: profiles.fullName,
        businessName: profiles.businessName,
        avatarUrl: profiles.avatarUrl,
        userType: profiles.userType,
        category: profiles.category,
        upcomingEventCount: upcoming,
      })
      .from(profiles)
      .where(where)
      .orderBy(
        sql`${upcoming} desc`,
        sql`coalesce(${profiles.businessName}, ${profiles.fullName})`,
        profiles.id,
      )
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(profiles)
      .where(where),
  ]);
  return { people, total: count?.total ?? 0 };
}
