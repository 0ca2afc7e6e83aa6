import { DEFAULT_DURATION_MS } from '../events/events.service';
import type { ServerModule } from '../module';
import { startApplePushes } from './apple-pass-push';
import { deleteRegistrationsOfPastEvents } from './apple-pass-service.queries';
import { platformWalletRoutes } from './platform-wallet.routes';
import { walletPassRoutes } from './wallet-passes.routes';
import { ticketMailLinks } from './wallet-passes.service';

const CLEANUP_QUEUE = 'wallet-passes.cleanup';
/** Registrations are kept this long after their event ended (a late refund still reaches them). */
const REGISTRATIONS_KEPT_DAYS = 30;

/**
 * Wallet passes for tickets: Google Wallet save links and Apple Wallet passes (decision 075),
 * kept up to date on the holder's device by Apple's pass web service and APNs (decision 089).
 */
export const walletPassesModule: ServerModule = {
  name: 'wallet-passes',
  routes: (ctx) => async (app) => {
    await app.register(walletPassRoutes(ctx), { prefix: '/wallet' });
    // The platform's own accounts, in the admin console (decision 099).
    await app.register(
      platformWalletRoutes(
        {
          db: ctx.db,
          clock: ctx.clock,
          tickets: ctx.ticketing.tickets,
          config: ctx.config,
        },
        ctx.recordAudit,
      ),
      { prefix: '/admin/wallet-passes' },
    );
  },
  ticketMailLinks,
  workers: async (ctx, options) => {
    const stop = startApplePushes(ctx, {
      idleMs: Math.min(2000, (options.pollingIntervalSeconds ?? 2) * 1000),
      onError: (error) =>
        ctx.jobs.boss.emit('error', error instanceof Error ? error : new Error(String(error))),
    });
    ctx.jobs.onStopped(stop);
    await ctx.jobs.createQueue(CLEANUP_QUEUE);
    await ctx.jobs.work(CLEANUP_QUEUE, async () => {
      const now = ctx.clock.now().getTime();
      await deleteRegistrationsOfPastEvents(ctx.db, {
        endedBefore: new Date(now - REGISTRATIONS_KEPT_DAYS * 24 * 60 * 60_000),
        defaultDurationMs: DEFAULT_DURATION_MS,
      });
    });
    await ctx.jobs.schedule(CLEANUP_QUEUE, '41 3 * * *');
  },
};
