import type { ServerModule } from '../module';
import { healthRoutes } from './health.routes';

/** Liveness and readiness (spec §9). */
export const healthModule: ServerModule = { name: 'health', routes: healthRoutes };
