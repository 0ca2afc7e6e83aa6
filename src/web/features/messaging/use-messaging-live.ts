import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { realtime } from '../../lib/realtime';
import { notificationKeys } from '../notifications';
import { applyMessageEvents, setReadMark } from './cache';
import { messagingKeys } from './keys';

/** The tab is visible, so an open chat is being looked at. */
export const isTabVisible = () =>
  typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * Keeps the messaging caches live while a messaging screen is open: holds the socket, applies
 * `messages` frames and `read` / `chat_updated` signals, and refetches after a gap the socket
 * could not replay. `openChatId`: the chat on screen (its new messages are not unread).
 */
export function useMessagingLive(myId: string, openChatId: string | null) {
  const queryClient = useQueryClient();
  const open = useRef(openChatId);
  useEffect(() => {
    open.current = openChatId;
  });

  useEffect(() => {
    const isLooking = (chatId: string) => chatId === open.current && isTabVisible();
    const refetchAll = () => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCounts() });
    };
    let wasClosed = false;
    const unsubscribers = [
      realtime.subscribe('messages', ({ events }) =>
        applyMessageEvents(queryClient, events, { myId, isLooking }),
      ),
      realtime.subscribe('chat_signal', ({ signal }) => {
        if (signal.kind === 'read')
          setReadMark(queryClient, signal.chatId, signal.userId, signal.readAt);
        if (signal.kind === 'chat_updated')
          void queryClient.invalidateQueries({ queryKey: messagingKeys.chat(signal.chatId) });
      }),
      realtime.subscribe('resync', refetchAll),
      realtime.onStatus((status) => {
        if (status.status === 'closed') wasClosed = true;
        // Back after a drop that could not resume: what was missed is fetched again.
        if (status.status === 'open' && wasClosed && !status.resumed) refetchAll();
      }),
    ];
    const release = realtime.connect();
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
      release();
    };
  }, [queryClient, myId]);
}
