import { realtime, type RealtimeClient } from './realtime';

export interface HoldHandlers {
  /**
   * Runs when the socket is open (now, if it already is) and on every later open: a watch the
   * server keeps per connection is asked for again here.
   */
  onOpen?: () => void;
  /**
   * Runs on every open after the first this holder saw (counting the one it started on): frames
   * sent while the socket was down may not be replayed, so what they carried is read again.
   */
  onReopen?: () => void;
  /** Runs on every status that is not open (closed, connecting…), and when the hold ends. */
  onDown?: () => void;
}

/**
 * Keeps the tab's socket connected while a view listens on it: `subscriptions` are the view's
 * `subscribe` undoers, `handlers` follow the socket's opens and drops. The returned function drops
 * them all, releases the connection and calls `onDown`. A server-side watch must be undone before
 * calling it (the release may close the socket).
 */
export function holdRealtime(
  subscriptions: (() => void)[],
  handlers: HoldHandlers = {},
  client: RealtimeClient = realtime,
): () => void {
  let opened = client.isConnected;
  const unsubscribers = [
    ...subscriptions,
    client.onStatus((status) => {
      if (status.status !== 'open') {
        handlers.onDown?.();
        return;
      }
      if (opened) handlers.onReopen?.();
      opened = true;
      handlers.onOpen?.();
    }),
  ];
  const release = client.connect();
  if (client.isConnected) handlers.onOpen?.();
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    release();
    handlers.onDown?.();
  };
}
