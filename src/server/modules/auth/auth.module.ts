import { deleteExpiredSessions } from '../../platform/auth/sessions';
import type { ServerModule } from '../module';
import { authRoutes } from './auth.routes';

const CLEANUP_QUEUE = 'auth.cleanup';

/** Accounts, sign-in, sessions, password resets (spec §3). */
export const authModule: ServerModule = {
  name: 'auth',
  prefix: '/auth',
  routes: authRoutes,
  async workers(ctx) {
    await ctx.jobs.createQueue(CLEANUP_QUEUE);
    await ctx.jobs.work(CLEANUP_QUEUE, async () => {
      await deleteExpiredSessions(ctx.db, { now: ctx.clock.now() });
    });
    await ctx.jobs.schedule(CLEANUP_QUEUE, '17 * * * *');
  },
};
