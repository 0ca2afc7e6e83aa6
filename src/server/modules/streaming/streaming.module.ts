import type { ServerModule } from '../module';
import { streamingRoutes } from './streaming.routes';
import { seedStreaming } from './streaming.seed';
import { fulfilStreaming } from './streaming.service';

/** Live event streaming (decision 030). */
export const streamingModule: ServerModule = {
  name: 'streaming',
  routes: streamingRoutes,
  fulfil: fulfilStreaming,
  seed: seedStreaming,
};
