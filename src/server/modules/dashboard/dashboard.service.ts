import {
  DASHBOARD_LIST_LIMIT,
  DASHBOARD_MESSAGES,
  DASHBOARD_SALES_DAYS,
  DASHBOARD_SECTIONS,
  type DashboardSection,
  type HostDashboard,
} from '../../../contracts/dashboard';
import type { TeamPermission } from '../../../contracts/teams';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { lastDays } from './calendar-days';
import { roleAllows, type TeamView } from '../teams/teams.service';
import { hasHostDashboard, HOST_TYPES } from './dashboard.policy';
import { presentDashboard } from './dashboard.presenter';
import {
  countCheckInsBetween,
  findEventRevenue,
  findEventsRunningBetween,
  findHostSetup,
  findPendingApplications,
  findSalesByDay,
  findUnreadChats,
  findUpcomingHostedEvents,
} from './dashboard.queries';

export interface DashboardDeps {
  db: DbExecutor;
  clock: Clock;
}

/**
 * What opens each section to a team member. Every member sees the owner's events in their scope;
 * the owner's messages are the owner's own conversations, so no role opens them here (booking
 * chats are on the hire requests page).
 */
const SECTION_PERMISSION: Record<DashboardSection, TeamPermission | 'member' | 'owner'> = {
  events: 'member',
  sales: 'orders',
  checkIns: 'check_in',
  vendorApplications: 'vendors.applications',
  messages: 'owner',
  setup: 'event.edit',
};

/** The sections a switched member's role opens (decision 073). */
function memberSections(role: TeamView['role']): DashboardSection[] {
  return DASHBOARD_SECTIONS.filter((section) => {
    const need = SECTION_PERMISSION[section];
    return need === 'member' || (need !== 'owner' && roleAllows(role, need));
  });
}

const skip = <T>(shown: boolean, value: T, query: () => Promise<T>) =>
  shown ? query() : Promise.resolve(value);

/**
 * The host dashboard of the signed-in organizer or venue: their own events only, whoever asks
 * (admins included), counted in the viewer's time zone. A team member switched to an owner's
 * account (`team`) sees the owner's events in their scope and only the sections their role
 * opens; the others are not even read.
 */
export async function getHostDashboard(
  deps: DashboardDeps,
  params: { actor: AuthUser; team: TeamView | null; timeZone: string },
): Promise<HostDashboard> {
  const { team } = params;
  const host = team
    ? (HOST_TYPES as readonly string[]).includes(team.ownerType)
    : hasHostDashboard(params.actor);
  if (!host) {
    throw new AppError('FORBIDDEN', DASHBOARD_MESSAGES.forbidden);
  }
  const hostId = team ? team.ownerId : params.actor.id;
  const scope = team?.eventIds ?? null;
  const sections = team ? memberSections(team.role) : [...DASHBOARD_SECTIONS];
  const shows = (section: DashboardSection) => sections.includes(section);
  const now = deps.clock.now();
  const { dates, boundaries } = lastDays(now, params.timeZone, DASHBOARD_SALES_DAYS);
  const todayStart = boundaries[boundaries.length - 2] ?? now;
  const tomorrowStart = boundaries[boundaries.length - 1] ?? now;
  const limit = DASHBOARD_LIST_LIMIT;
  const today = { hostId, from: todayStart, to: tomorrowStart, scope };
  const noSetup = {
    events: 0,
    draft_id: null,
    draft_title: null,
    untyped_id: null,
    untyped_title: null,
  };
  const [upcoming, buckets, checkInsToday, doors, applications, chats, setup] = await Promise.all([
    findUpcomingHostedEvents(deps.db, { hostId, now, limit, scope }),
    skip(shows('sales'), [], () => findSalesByDay(deps.db, { hostId, boundaries, scope })),
    skip(shows('checkIns'), 0, () => countCheckInsBetween(deps.db, today)),
    skip(shows('checkIns'), [], () => findEventsRunningBetween(deps.db, { ...today, limit })),
    skip(shows('vendorApplications'), [], () =>
      findPendingApplications(deps.db, { hostId, limit, scope }),
    ),
    skip(shows('messages'), [], () => findUnreadChats(deps.db, { hostId, limit: 3 })),
    skip(shows('setup'), noSetup, () => findHostSetup(deps.db, { hostId, now, scope })),
  ]);
  const revenue = shows('sales')
    ? await findEventRevenue(deps.db, { hostId, eventIds: upcoming.map((e) => e.id) })
    : [];
  return presentDashboard({
    timeZone: params.timeZone,
    today: dates[dates.length - 1] ?? '',
    upcoming,
    revenue,
    dates,
    buckets,
    checkInsToday,
    doors,
    applications,
    chats,
    setup,
    sections,
  });
}
