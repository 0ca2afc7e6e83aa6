// What authorising a team member costs (issue "Teams", decision 065): the same route asked by the
// owner (the reference) and by a member of the owner's team, one request of each in turn on one
// keep-alive connection, so both see the same machine at the same moment. The member's extra is
// the median of the pairs' differences (and the difference of the two medians beside it).
// - an event route (`GET /api/events/:id/questions`, `event.edit`): the event's owner, then a
//   manager over all the owner's events (`lockManagedEvent` → `actAsTeamMember`);
// - an account route (`GET /api/marketing/lists`, `marketing.lists`): the owner, then the manager
//   switched to the team with the acting-for cookie (`actorFor`).
// Run twice: with the session cache of production (the role and scope cached with the session,
// looked up once per cached session), and with the session cache off, where every request reads
// the session and the member's role from PostgreSQL: the cost when nothing is cached.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '../src/contracts/auth';
import { ACTING_COOKIE } from '../src/contracts/teams';
import { connectDatabase } from '../src/server/db/client';
import { createSession } from '../src/server/platform/auth/sessions';
import { createEvent, createUser } from '../src/server/test/factories';
import { median, startBuiltServer } from './lib';

const PAIRS = Number(process.env.BENCH_TEAM_AUTH_PAIRS ?? 2000);
const WARM_UP = 200;
export const TEAM_AUTH_AIM_MS = 0.5;

export interface RouteFigures {
  route: string;
  ownerMedianMs: number;
  memberMedianMs: number;
  /** Median of (member − owner) over the pairs. */
  extraMedianMs: number;
  /** Every answer was 200. */
  allOk: boolean;
}

export interface TeamAuthRun {
  cache: string;
  loadBefore: number;
  loadAfter: number;
  routes: RouteFigures[];
}

async function timed(url: string, cookie: string, origin: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie, origin } });
  await response.arrayBuffer();
  return { ms: performance.now() - started, ok: response.status === 200 };
}

async function pairs(
  url: string,
  owner: string,
  member: string,
  origin: string,
): Promise<Omit<RouteFigures, 'route'>> {
  for (let n = 0; n < WARM_UP; n += 1) {
    await timed(url, owner, origin);
    await timed(url, member, origin);
  }
  const owners: number[] = [];
  const members: number[] = [];
  const extras: number[] = [];
  let allOk = true;
  for (let n = 0; n < PAIRS; n += 1) {
    // The order swaps every pair: neither side always runs right after the other.
    const first = n % 2 ? member : owner;
    const a = await timed(url, first, origin);
    const b = await timed(url, first === owner ? member : owner, origin);
    const [o, m] = first === owner ? [a, b] : [b, a];
    owners.push(o.ms);
    members.push(m.ms);
    extras.push(m.ms - o.ms);
    allOk &&= o.ok && m.ok;
  }
  return {
    ownerMedianMs: median(owners),
    memberMedianMs: median(members),
    extraMedianMs: median(extras),
    allOk,
  };
}

async function run(cache: string, env: Record<string, string>): Promise<TeamAuthRun> {
  const server = await startBuiltServer('team-auth', { SEED_DEMO: 'false', ...env });
  const { db, close } = connectDatabase(server.databaseUrl, { max: 2 });
  try {
    const owner = await createUser(db, { userType: 'organizer', fullName: 'Bench Owner' });
    const member = await createUser(db, { fullName: 'Bench Manager' });
    const event = await createEvent(db, { userId: owner.id, title: 'Bench festival' });
    await db.execute(sql`
      insert into team_members (owner_id, member_id, role, all_events)
      values (${owner.id}, ${member.id}, 'manager', true)`);
    const now = new Date();
    const ownerSession = await createSession(db, { userId: owner.id, now });
    const memberSession = await createSession(db, { userId: member.id, now });
    const ownerCookie = `${SESSION_COOKIE}=${ownerSession.token}`;
    const memberCookie = `${SESSION_COOKIE}=${memberSession.token}`;
    const loadBefore = os.loadavg()[0] ?? 0;
    const eventRoute = `/api/events/${event.id}/questions`;
    const onEvent = await pairs(
      `${server.base}${eventRoute}`,
      ownerCookie,
      memberCookie,
      server.base,
    );
    const onAccount = await pairs(
      `${server.base}/api/marketing/lists`,
      ownerCookie,
      `${memberCookie}; ${ACTING_COOKIE}=${owner.id}`,
      server.base,
    );
    return {
      cache,
      loadBefore,
      loadAfter: os.loadavg()[0] ?? 0,
      routes: [
        { route: 'GET /api/events/:id/questions (manager)', ...onEvent },
        { route: 'GET /api/marketing/lists (manager, switched)', ...onAccount },
      ],
    };
  } finally {
    await close();
    await server.stop();
  }
}

export async function benchTeamAuth(): Promise<{ pairs: number; runs: TeamAuthRun[] }> {
  return {
    pairs: PAIRS,
    runs: [
      await run('session cache on (5 s, production)', {}),
      await run('session cache off (every request reads PostgreSQL)', { SESSION_CACHE_MS: '0' }),
    ],
  };
}
