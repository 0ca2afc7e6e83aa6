import type { ServerModule } from '../module';
import { startApplePushes } from './apple-pass-push';
import { walletPassRoutes } from './wallet-passes.routes';
import { ticketMailLinks } from './wallet-passes.service';

/**
 * Wallet passes for tickets: Google Wallet save links and Apple Wallet passes (decision 075),
 * kept up to date on the holder's device by Apple's pass web service and APNs (decision 089).
 */
export const walletPassesModule: ServerModule = {
  name: 'wallet-passes',
  prefix: '/wallet',
  routes: walletPassRoutes,
  ticketMailLinks,
  workers: async (ctx, options) => {
    const stop = startApplePushes(ctx, {
      idleMs: Math.min(2000, (options.pollingIntervalSeconds ?? 2) * 1000),
      onError: (error) =>
        ctx.jobs.boss.emit('error', error instanceof Error ? error : new Error(String(error))),
    });
    ctx.jobs.onStopped(stop);
  },
};
