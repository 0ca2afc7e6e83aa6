import { lazy, Suspense } from 'react';
import { PageBody } from '../../components/page-header';
import { NotificationList } from './notification-list';
import { loadStreamNotifications } from '../streaming';

// Unread stream notifications (spec §4) above the list; shown only when there are some.
const StreamNotificationList = lazy(() =>
  loadStreamNotifications().then((m) => ({
    default: m.StreamNotificationList,
  })),
);

/** spec §2 /notifications (signed in). */
export function NotificationsPage() {
  return (
    <PageBody narrow>
      <Suspense fallback={null}>
        <StreamNotificationList />
      </Suspense>
      <NotificationList />
    </PageBody>
  );
}
