import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { lazyPage } from '../../app/lazy-page';
import { useSession } from '../session';

// The live part of notifications (socket, toasts, sound, banner, push prompt) is its own chunk,
// fetched after the first paint and only for signed-in visitors: the home page's first load
// stays within its budget (bench/bundle-size.ts). If the chunk cannot load (offline, a new
// deploy), the page simply goes without live updates; the bell still refreshes itself.
const Nothing = () => null;
const LiveNotifications = lazyPage((): Promise<ComponentType> =>
  import('./live-notifications').then(
    (m) => m.LiveNotifications,
    () => Nothing,
  ),
);

export function LiveNotificationsLoader() {
  const { user } = useSession();
  const [isPainted, setPainted] = useState(false);
  useEffect(() => {
    if (!user || isPainted) return;
    // After the browser has painted the page (effects run after paint; the timeout yields once more).
    const timer = setTimeout(() => setPainted(true), 0);
    return () => clearTimeout(timer);
  }, [user, isPainted]);
  if (!user || !isPainted) return null;
  return (
    <Suspense fallback={null}>
      {/* A new account is a new visit: new socket cursor, new banner history. */}
      <LiveNotifications key={user.id} />
    </Suspense>
  );
}
