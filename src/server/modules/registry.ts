import type { ServerModule } from './module';
import { subscriptionsModule } from './subscriptions/subscriptions.module';
import { ridesModule } from './rides/rides.module';
import { vendorsModule } from './vendors/vendors.module';
import { affiliatesModule } from './affiliates/affiliates.module';

/**
 * The feature modules built on the module template (docs/architecture.md "How to add a
 * module"). One line each; order is the order routes, workers and seeds are registered.
 */
export const serverModules: ServerModule[] = [vendorsModule, ridesModule, affiliatesModule, subscriptionsModule];

/** Every module's paid-order hook, for the payment webhook and the reconcile job. */
export const fulfilHooks = () => serverModules.flatMap((m) => (m.fulfil ? [m.fulfil] : []));
