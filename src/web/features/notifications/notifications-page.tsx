import { Suspense } from 'react';
import { PageBody } from '../../components/page-header';
import { NotificationList } from './notification-list';
import { loadStreamNotifications } from '../streaming';
import { lazyPage } from '../../app/lazy-page';

// Unread stream notifications (spec §4) above the list; shown only when there are some.
const StreamNotificationList = lazyPage(() =>
  loadStreamNotifications().then((m) => m.StreamNotificationList),
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
