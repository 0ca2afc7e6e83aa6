import type { ServerModule } from '../module';
import { ratingRoutes } from './ratings.routes';

/** Ratings of events, organizers and vendors. */
export const ratingsModule: ServerModule = {
  name: 'ratings',
  prefix: '/ratings',
  routes: ratingRoutes,
};
