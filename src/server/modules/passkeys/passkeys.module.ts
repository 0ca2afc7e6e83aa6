import type { ServerModule } from '../module';
import { deleteStaleChallenges } from './passkeys.queries';
import { passkeyRoutes } from './passkeys.routes';

const CLEANUP_QUEUE = 'passkeys.cleanup';

/** Passkey sign-in and registration (WebAuthn). */
export const passkeysModule: ServerModule = {
  name: 'passkeys',
  prefix: '/auth/passkeys',
  routes: passkeyRoutes,
  async workers(ctx) {
    // Challenges nobody answered; hourly, as the session cleanup.
    await ctx.jobs.createQueue(CLEANUP_QUEUE);
    await ctx.jobs.work(CLEANUP_QUEUE, async () => {
      await deleteStaleChallenges(ctx.db, { now: ctx.clock.now() });
    });
    await ctx.jobs.schedule(CLEANUP_QUEUE, '17 * * * *');
  },
};
