import type { ServerModule } from '../module';
import { organizerRoutes } from './organizers.routes';

/** The organizer directory, organizer pages and follows. */
export const organizersModule: ServerModule = { name: 'organizers', routes: organizerRoutes };
