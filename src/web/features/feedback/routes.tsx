import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

const FeedbackPage = lazyPage(() => import('./feedback-page').then((m) => m.FeedbackPage));
const FeedbackResultsPage = lazyPage(() =>
  import('./results-page').then((m) => m.FeedbackResultsPage),
);

export const feedbackRoutes: FeatureRoutes = {
  member: [
    { path: 'event-feedback', Component: FeedbackPage },
    // Not in spec §2: an organizer's results for one event.
    { path: 'event-feedback/:eventId', Component: FeedbackResultsPage },
  ],
};
