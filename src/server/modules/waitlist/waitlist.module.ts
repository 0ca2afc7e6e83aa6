import { registerEventCopier } from '../events/events.service';
import type { ServerModule } from '../module';
import { OFFERS_QUEUE, runOffersJob, type OffersJob } from './waitlist-offers';
import { waitlistRoutes } from './waitlist.routes';
import { copyWaitlistSettings } from './waitlist.service';
import { seedWaitlist } from './waitlist.seed';

// A duplicated event gives waiting-list offers the same time as the original.
registerEventCopier('waitlist', copyWaitlistSettings);

/** Waiting lists for sold-out ticket types and their offers (decision 054). */
export const waitlistModule: ServerModule = {
  name: 'waitlist',
  routes: waitlistRoutes,
  seed: seedWaitlist,
  async workers(ctx) {
    const deps = { db: ctx.db, clock: ctx.clock, jobs: ctx.jobs, config: ctx.config };
    await ctx.jobs.createQueue(OFFERS_QUEUE);
    await ctx.jobs.work<OffersJob>(OFFERS_QUEUE, { batchSize: 20 }, async (jobs) => {
      for (const job of jobs) await runOffersJob(deps, job.data);
    });
    // Offers run out on their own clock, and holds swept lazily by reads return stock without
    // telling anyone: once a minute every type with work for its list is looked at.
    await ctx.jobs.schedule(OFFERS_QUEUE, '* * * * *', {});
  },
};
