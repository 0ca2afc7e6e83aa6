import { RequireAuth } from '../../app/guards/require-auth';
import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Notifications.
const NotificationsPage = lazyPage(() =>
  import('./notifications-page').then((m) => m.NotificationsPage),
);
const NotificationSettingsPage = lazyPage(() =>
  import('./notification-settings-page').then((m) => m.NotificationSettingsPage),
);

export const notificationsRoutes: FeatureRoutes = {
  public: [
    {
      // Signed in (spec §2), except an e-mail's ?unsubscribe= link, which works signed out.
      element: <RequireAuth unlessQuery="unsubscribe" />,
      children: [{ path: 'notification-settings', Component: NotificationSettingsPage }],
    },
  ],
  member: [{ path: 'notifications', Component: NotificationsPage }],
};
