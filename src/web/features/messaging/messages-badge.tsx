import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CHAT_BADGE_POLL_MS, NOTIFICATION_REFRESH_MS } from '../../../contracts/limits';
import { unreadCountQuery } from '../notifications';

// On every signed-in page (the main menu), so it stays tiny: the count is the notifications'
// unread count of type `message`, kept live by the notifications socket code; the socket status
// comes from a chunk loaded after the first paint.

/**
 * spec §7/§9: unread messages on the menu's Messages item; polled every 5 s while the socket is
 * down. `describe` words the count for screen readers: the menu passes it from the shell's
 * catalog, so this badge does not download the messaging catalog on every page.
 */
export function MessagesBadge({ describe }: { describe: (count: number) => string }) {
  const [isLive, setLive] = useState(false);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let isCancelled = false;
    import('./socket-watch').then(
      (m) => {
        if (!isCancelled) stop = m.watchSocket(setLive);
      },
      () => undefined,
    );
    return () => {
      isCancelled = true;
      stop?.();
    };
  }, []);
  const count = useQuery({
    ...unreadCountQuery({ type: 'message' }),
    refetchInterval: isLive ? NOTIFICATION_REFRESH_MS : CHAT_BADGE_POLL_MS,
  }).data?.count;
  if (!count) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="ms-1.5 inline-flex h-5 align-middle min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-bold text-destructive-foreground tabular-nums"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only"> {describe(count)}</span>
    </>
  );
}
