import { RequireAuth } from '../../app/guards/require-auth';
import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Meetings.
const MeetingPage = lazyPage(() => import('./meeting-page').then((m) => m.MeetingPage));
const NewMeetingPage = lazyPage(() => import('./new-meeting-page').then((m) => m.NewMeetingPage));

export const meetingsRoutes: FeatureRoutes = {
  bare: [
    {
      Component: RequireAuth,
      children: [{ path: 'meameet/:meetingId', Component: MeetingPage }],
    },
  ],
  member: [{ path: 'meameet', Component: NewMeetingPage }],
};
