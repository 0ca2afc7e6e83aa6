import { registerEventCopier } from '../events/events.service';
import type { ServerModule } from '../module';
import { transferRoutes } from './transfers.routes';
import { seedTransfers } from './transfers.seed';
import { copyTransferSettings } from './transfers.service';

// A duplicated event allows transfers as the original did.
registerEventCopier('transfers', copyTransferSettings);

/** Ticket transfers between people, with a new code for each holder (decision 055). */
export const transfersModule: ServerModule = {
  name: 'transfers',
  routes: transferRoutes,
  // After dashboard's seed, which makes the demo festival.
  seed: seedTransfers,
};
