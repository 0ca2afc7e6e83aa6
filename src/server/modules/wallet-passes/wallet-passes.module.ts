import type { ServerModule } from '../module';
import { walletPassRoutes } from './wallet-passes.routes';

/** Wallet passes for tickets: Google Wallet save links (decision 075). */
export const walletPassesModule: ServerModule = {
  name: 'wallet-passes',
  prefix: '/wallet',
  routes: walletPassRoutes,
};
