import type { ServerModule } from '../module';
import { feedbackRoutes } from './feedback.routes';
import { seedFeedback } from './feedback.seed';
import { sendFeedbackRequests } from './feedback.service';

const REQUESTS_QUEUE = 'feedback.requests';

/** Event feedback (ratings, questions, results, replies) and its requests. */
export const feedbackModule: ServerModule = {
  name: 'feedback',
  prefix: '/feedback',
  routes: feedbackRoutes,
  seed: seedFeedback,
  async workers(ctx) {
    await ctx.jobs.createQueue(REQUESTS_QUEUE);
    // Every five minutes: "about two hours after the end" needs no finer grain, and the
    // notification's dedupe key keeps a repeated or overlapping run from asking twice.
    await ctx.jobs.work(REQUESTS_QUEUE, async () => {
      await sendFeedbackRequests(ctx);
    });
    await ctx.jobs.schedule(REQUESTS_QUEUE, '*/5 * * * *');
    // And once at start, so requests that fell due while no worker ran go out at once.
    await ctx.jobs.send(REQUESTS_QUEUE, {}, { singletonKey: 'start', singletonSeconds: 60 });
  },
};
