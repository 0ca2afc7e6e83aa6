import { registerBackgroundWork } from '../../platform/background-work';
import type { ServerModule } from '../module';
import { dispatcher } from './dispatch';
import { createNotificationQueues, registerNotificationWorkers } from './notification-jobs';
import { notificationRoutes } from './notifications.routes';
import { notificationSource, streamNotificationSource } from './realtime-sources';

/** Notifications: the list, settings, push and email delivery, announcements (spec §5). */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  routes: notificationRoutes,
  async realtimeSources(deps, scope) {
    // Workers create the queues this process queues into; without workers here, create them now.
    if (!deps.config.RUN_WORKERS) await createNotificationQueues(deps.jobs);
    // Reading new notifications starts their push/email dispatch at once, not at the minute's sweep.
    const dispatch = dispatcher(deps, (error) => scope.onError(error, 'notification dispatch'));
    scope.onClose(() => dispatch.settle());
    registerBackgroundWork(deps.db, {
      name: 'notification dispatch',
      busy: dispatch.busy,
      drain: dispatch.settle,
    });
    return [notificationSource(deps.db, dispatch.poke), streamNotificationSource(deps.db)];
  },
  workers: registerNotificationWorkers,
};
