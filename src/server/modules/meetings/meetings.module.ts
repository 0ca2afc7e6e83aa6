import type { ServerModule } from '../module';
import { meetingsRoutes } from './meetings.routes';
import { seedMeetings } from './meetings.seed';

/** Video meeting rooms at /meameet/:meetingId (decision 031). */
export const meetingsModule: ServerModule = {
  name: 'meetings',
  prefix: '/meetings',
  routes: meetingsRoutes,
  seed: seedMeetings,
};
