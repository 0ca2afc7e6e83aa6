import type { ServerModule } from '../module';
import { exportRoutes } from './exports.routes';
import { seedExports } from './exports.seed';
import {
  buildExport,
  EXPORT_BUILD_QUEUE,
  EXPORT_SWEEP_QUEUE,
  sweepExports,
} from './exports.service';

/** An organizer's exports of an event: CSV and Excel, streamed or built in the background. */
export const exportsModule: ServerModule = {
  name: 'exports',
  routes: exportRoutes,
  seed: seedExports,
  async workers(ctx, options) {
    // A build that outlives its process (a restart) is retried after this long.
    await ctx.jobs.createQueue(EXPORT_BUILD_QUEUE, { expireInSeconds: 30 * 60 });
    await ctx.jobs.work<{ exportId: string }>(
      EXPORT_BUILD_QUEUE,
      { pollingIntervalSeconds: options.pollingIntervalSeconds },
      async (jobs) => {
        for (const job of jobs) await buildExport(ctx, job.data);
      },
    );
    await ctx.jobs.createQueue(EXPORT_SWEEP_QUEUE);
    await ctx.jobs.work(EXPORT_SWEEP_QUEUE, async () => {
      await sweepExports(ctx);
    });
    await ctx.jobs.schedule(EXPORT_SWEEP_QUEUE, '23 * * * *');
  },
};
