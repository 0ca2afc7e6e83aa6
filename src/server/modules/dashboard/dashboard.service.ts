import {
  DASHBOARD_LIST_LIMIT,
  DASHBOARD_MESSAGES,
  DASHBOARD_SALES_DAYS,
  type HostDashboard,
} from '../../../contracts/dashboard';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { lastDays } from './calendar-days';
import { hasHostDashboard } from './dashboard.policy';
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
 * The host dashboard of the signed-in organizer or venue: their own events only, whoever asks
 * (admins included), counted in the viewer's time zone.
 */
export async function getHostDashboard(
  deps: DashboardDeps,
  params: { actor: AuthUser; timeZone: string },
): Promise<HostDashboard> {
  if (!hasHostDashboard(params.actor)) {
    throw new AppError('FORBIDDEN', DASHBOARD_MESSAGES.forbidden);
  }
  const hostId = params.actor.id;
  const now = deps.clock.now();
  const { dates, boundaries } = lastDays(now, params.timeZone, DASHBOARD_SALES_DAYS);
  const todayStart = boundaries[boundaries.length - 2] ?? now;
  const tomorrowStart = boundaries[boundaries.length - 1] ?? now;
  const limit = DASHBOARD_LIST_LIMIT;
  const [upcoming, buckets, checkInsToday, doors, applications, chats, setup] = await Promise.all([
    findUpcomingHostedEvents(deps.db, { hostId, now, limit }),
    findSalesByDay(deps.db, { hostId, boundaries }),
    countCheckInsBetween(deps.db, { hostId, from: todayStart, to: tomorrowStart }),
    findEventsRunningBetween(deps.db, { hostId, from: todayStart, to: tomorrowStart, limit }),
    findPendingApplications(deps.db, { hostId, limit }),
    findUnreadChats(deps.db, { hostId, limit: 3 }),
    findHostSetup(deps.db, { hostId, now }),
  ]);
  const revenue = await findEventRevenue(deps.db, {
    hostId,
    eventIds: upcoming.map((e) => e.id),
  });
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
  });
}
