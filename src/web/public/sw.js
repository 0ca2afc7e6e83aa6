/* global self, clients */
// The service worker of web push (spec §7 "Service worker registered at /sw.js with scope /").
// It only shows pushed notifications and opens their page; it caches nothing.
// Payload: PushPayloadSchema in src/contracts/notifications.ts { title, body, url, tag?, notificationId? }.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = payload.title || 'MEA Events';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: payload.body || '',
      tag: payload.tag,
      icon: '/favicon.svg',
      data: { url: payload.url || '/notifications', notificationId: payload.notificationId },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only pages of this site: a payload cannot send the click elsewhere.
  const target = new URL(event.notification.data?.url || '/notifications', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin + '/';
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        try {
          await open.focus();
          // navigate() needs a tab this worker controls; otherwise open a new one.
          return await open.navigate(url);
        } catch {
          return clients.openWindow(url);
        }
      }
      return clients.openWindow(url);
    }),
  );
});
