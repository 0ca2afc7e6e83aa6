import type { ServerModule } from '../module';
import { seatingRoutes } from './seating.routes';
import { seedSeating } from './seating.seed';

/** Reserved seating: plans, an event's seats, and seats in checkout (decision 068). */
export const seatingModule: ServerModule = {
  name: 'seating',
  routes: seatingRoutes,
  seed: seedSeating,
};
