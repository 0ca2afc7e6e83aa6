import type { ServerModule } from '../module';
import { eventRoutes } from './events.routes';
import { expireEvents } from './events.service';

const EXPIRE_EVENTS_QUEUE = 'events.expire';

/** Events: listing, search, the organizer's own events and series (spec §4). */
export const eventsModule: ServerModule = {
  name: 'events',
  routes: eventRoutes,
  async workers(ctx) {
    // spec §4 expiry also runs on a schedule, so events expire even when nobody lists them.
    await ctx.jobs.createQueue(EXPIRE_EVENTS_QUEUE);
    await ctx.jobs.work(EXPIRE_EVENTS_QUEUE, async () => {
      await expireEvents(ctx, ctx.clock.now());
    });
    await ctx.jobs.schedule(EXPIRE_EVENTS_QUEUE, '* * * * *');
  },
};
