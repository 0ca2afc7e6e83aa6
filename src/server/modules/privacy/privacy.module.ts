import type { ServerModule } from '../module';
import { privacyRoutes } from './privacy.routes';
import {
  buildDataExport,
  DATA_EXPORT_QUEUE,
  PRIVACY_SWEEP_QUEUE,
  sweepPrivacy,
} from './privacy.service';

/** People's data in their own hands: download it all, or have the account erased. */
export const privacyModule: ServerModule = {
  name: 'privacy',
  routes: privacyRoutes,
  prefix: '/privacy',
  async workers(ctx, options) {
    // A build that outlives its process (a restart) is retried after this long.
    await ctx.jobs.createQueue(DATA_EXPORT_QUEUE, { expireInSeconds: 30 * 60 });
    await ctx.jobs.work<{ exportId: string }>(
      DATA_EXPORT_QUEUE,
      { pollingIntervalSeconds: options.pollingIntervalSeconds },
      async (jobs) => {
        for (const job of jobs) await buildDataExport(ctx, job.data);
      },
    );
    await ctx.jobs.createQueue(PRIVACY_SWEEP_QUEUE);
    await ctx.jobs.work(PRIVACY_SWEEP_QUEUE, async () => {
      await sweepPrivacy(ctx);
    });
    await ctx.jobs.schedule(PRIVACY_SWEEP_QUEUE, '*/10 * * * *');
  },
};
