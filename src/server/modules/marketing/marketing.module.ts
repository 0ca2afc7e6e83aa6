import { retryPolicy } from '../../platform/mail/mail-jobs';
import type { ServerModule } from '../module';
import { recordRefusal } from './bounces.service';
import { runCampaignBatch } from './campaigns.service';
import { createFunnelPages } from './funnels.service';
import { marketingRoutes } from './marketing.routes';
import { seedMarketing } from './marketing.seed';
import { CAMPAIGN_QUEUE, REFUSAL_QUEUE } from './marketing.service';

/** Recipients queued per campaign batch: a few seconds of the bulk lane at its rate. */
const batchSize = (rate: number) => Math.max(50, Math.min(2000, Math.round(rate * 4)));

export const marketingModule: ServerModule = {
  name: 'marketing',
  prefix: '/marketing',
  routes: (ctx) => marketingRoutes(ctx),
  // /f/{slug} is served with its page already in the HTML (the seo module gives its head).
  pageBody: (ctx) => createFunnelPages(ctx),
  async workers(ctx, options) {
    await ctx.jobs.createQueue(CAMPAIGN_QUEUE, retryPolicy(options.retryDelaySeconds));
    await ctx.jobs.work<{ campaignId: string }>(
      CAMPAIGN_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
      async ([job]) => {
        if (!job) return;
        await runCampaignBatch(ctx, {
          campaignId: job.data.campaignId,
          batchSize: batchSize(ctx.config.MAIL_BULK_RATE),
        });
      },
    );
    // Campaign mails refused for good by the receiving server (reported by the bulk mail lane).
    await ctx.jobs.createQueue(REFUSAL_QUEUE, retryPolicy(options.retryDelaySeconds));
    await ctx.jobs.work<{
      campaignId: string;
      email: string;
      responseCode: string;
      response: string;
      command: string;
    }>(
      REFUSAL_QUEUE,
      // Idempotent, so a failed batch is simply retried whole.
      { batchSize: 20, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
      async (jobs) => {
        for (const job of jobs) await recordRefusal(ctx, job.data);
      },
    );
  },
  seed: seedMarketing,
};
