import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Wallet passes: the account's settings (the ticket page shows the buttons through the index).
const WalletSettingsPage = lazyPage(() =>
  import('./wallet-settings-page').then((m) => m.WalletSettingsPage),
);

export const walletPassesRoutes: FeatureRoutes = {
  // Not in spec §2: an organizer's wallet pass accounts, linked from the dashboard's tools.
  member: [{ path: 'wallet-settings', Component: WalletSettingsPage }],
};
