import { PageBody } from '../../components/page-header';
import { NotificationList } from '../../features/notifications/notification-list';

/** spec §2 /notifications (signed in). */
export function NotificationsPage() {
  return (
    <PageBody narrow>
      <NotificationList />
    </PageBody>
  );
}
