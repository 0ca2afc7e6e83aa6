import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Live streaming.
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
    { path: 'stream-access', Component: StreamAccessPage },
    { path: 'stream/watch/:streamId', Component: WatchStreamPage },
  ],
  member: [
    { path: 'event/:eventId/stream', Component: StreamSetupPage },
    { path: 'mea-stream', Component: MeaStreamPage },
  ],
  results: [
    { path: 'streaming/success', Component: StreamingSuccessPage },
    { path: 'streaming/cancelled', Component: StreamingCancelledPage },
  ],
};
