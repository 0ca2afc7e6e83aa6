import type { ServerModule } from '../module';
import { deleteStalePendingSignIns } from './two-factor.queries';
import { twoFactorRoutes } from './two-factor.routes';

const CLEANUP_QUEUE = 'two-factor.cleanup';

/** Two-factor sign-in (authenticator app, recovery codes, passkeys) and re-authentication. */
export const twoFactorModule: ServerModule = {
  name: 'two-factor',
  prefix: '/auth/two-factor',
  routes: twoFactorRoutes,
  async workers(ctx) {
    // Pending sign-ins nobody finished; hourly, as the passkey challenges.
    await ctx.jobs.createQueue(CLEANUP_QUEUE);
    await ctx.jobs.work(CLEANUP_QUEUE, async () => {
      await deleteStalePendingSignIns(ctx.db, { now: ctx.clock.now() });
    });
    await ctx.jobs.schedule(CLEANUP_QUEUE, '23 * * * *');
  },
};
