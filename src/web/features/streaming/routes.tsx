import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Live streaming (issue 26).
const StreamSetupPage = lazyPage(() =>
  import('./stream-setup-page').then((m) => m.StreamSetupPage),
);
const WatchStreamPage = lazyPage(() => import('./watch-page').then((m) => m.WatchPage));
const StreamAccessPage = lazyPage(() =>
  import('./stream-access-page').then((m) => m.StreamAccessPage),
);
const MeaStreamPage = lazyPage(() => import('./mea-stream-page').then((m) => m.MeaStreamPage));
const StreamingSuccessPage = lazyPage(() =>
  import('./result-pages').then((m) => m.StreamingSuccessPage),
);
const StreamingCancelledPage = lazyPage(() =>
  import('./result-pages').then((m) => m.StreamingCancelledPage),
);

export const streamingRoutes: FeatureRoutes = {
  public: [
    { path: 'stream-access', element: <StreamAccessPage /> },
    { path: 'stream/watch/:streamId', element: <WatchStreamPage /> },
  ],
  member: [
    { path: 'event/:eventId/stream', element: <StreamSetupPage /> },
    { path: 'mea-stream', element: <MeaStreamPage /> },
  ],
  results: [
    { path: 'streaming/success', element: <StreamingSuccessPage /> },
    { path: 'streaming/cancelled', element: <StreamingCancelledPage /> },
  ],
};
