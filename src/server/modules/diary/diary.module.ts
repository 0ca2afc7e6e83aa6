import type { ServerModule } from '../module';
import { diaryRoutes } from './diary.routes';
import { seedDiary } from './diary.seed';
import { sendEventReminders } from './diary.service';

const REMINDERS_QUEUE = 'diary.reminders';

/** The personal event diary (private to its owner), its calendar and reminders. */
export const diaryModule: ServerModule = {
  name: 'diary',
  prefix: '/diary',
  routes: diaryRoutes,
  seed: seedDiary,
  async workers(ctx) {
    await ctx.jobs.createQueue(REMINDERS_QUEUE);
    // Every five minutes: reminders a day ahead need no finer grain, and the notification's
    // dedupe key keeps a repeated or overlapping run from reminding twice.
    await ctx.jobs.work(REMINDERS_QUEUE, async () => {
      await sendEventReminders(ctx);
    });
    await ctx.jobs.schedule(REMINDERS_QUEUE, '*/5 * * * *');
  },
};
