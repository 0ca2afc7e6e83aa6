import type { FeatureRoutes } from '../../app/feature-routes';
import { setReauthPrompt } from '../../lib/api-client';

// No pages of its own (the settings live on the profile page); it hands the API client the
// re-authentication dialog, loaded the first time a sensitive action asks for it.
setReauthPrompt(() => import('./reauth-prompt').then((m) => m.confirmIdentity()));

export const twoFactorRoutes: FeatureRoutes = {};
