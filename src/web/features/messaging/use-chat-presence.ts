import { i18n as sharedI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  CHAT_PRESENCE_INTERVAL_MS,
  TYPING_SHOWN_MS,
  TYPING_SIGNAL_EVERY_MS,
} from '../../../contracts/messaging';
import { errorMessage } from '../../lib/api-client';
import { realtime } from '../../lib/realtime';
import { notificationKeys } from '../notifications';
import { markChatRead, sendTyping } from './api';
import { clearUnread, setReadMark } from './cache';
import { isTabVisible } from './use-messaging-live';

/**
 * "Looking at the chat": marks it read when it opens, when someone else's message
 * arrives while the tab is visible, when the tab becomes visible, and every
 * CHAT_PRESENCE_INTERVAL_MS while it stays visible, so members looking at it get no
 * notification. A failure says "Update Failed" (spec §8), once until a mark works again.
 */
export function useReadPresence(chatId: string, myId: string, newestFromOthers: string | null) {
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  const hasFailed = useRef(false);
  const markRead = useCallback(async () => {
    if (!isTabVisible()) return;
    try {
      const { readAt } = await markChatRead(chatId);
      hasFailed.current = false;
      clearUnread(queryClient, chatId);
      setReadMark(queryClient, chatId, myId, readAt);
      // The chat's message notifications were marked read with it.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCounts() });
    } catch (error) {
      if (hasFailed.current) return;
      hasFailed.current = true;
      toast.error(i18n._(msg`Update Failed`), {
        id: `chat-read-failed-${chatId}`,
        description: errorMessage(
          error,
          i18n._(msg`The conversation could not be marked as read.`),
        ),
      });
    }
  }, [chatId, myId, queryClient, i18n]);

  useEffect(() => {
    void markRead();
  }, [markRead, newestFromOthers]);

  useEffect(() => {
    const timer = setInterval(() => void markRead(), CHAT_PRESENCE_INTERVAL_MS);
    const onVisibility = () => {
      if (isTabVisible()) void markRead();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [markRead]);
}

interface Typist {
  userId: string;
  name: string;
  until: number;
}

/** "Ann is typing…", "Ann and Bo are typing…", "Several people are typing…", or null. */
export function typingText(names: readonly string[], i18n: I18n = sharedI18n): string | null {
  const [first, second] = names;
  if (first === undefined) return null;
  if (second === undefined) return i18n._(msg`${first} is typing…`);
  if (names.length === 2) return i18n._(msg`${first} and ${second} are typing…`);
  return i18n._(msg`Several people are typing…`);
}

/**
 * Who else is typing in this chat (each shown for TYPING_SHOWN_MS after their last signal, or
 * until their message arrives), and `onTyping` to tell the others, at most every
 * TYPING_SIGNAL_EVERY_MS.
 */
export function useTyping(
  chatId: string,
  myId: string,
  lastMessage: { id: string; senderId: string | null } | undefined,
) {
  const { i18n } = useLingui();
  const [typists, setTypists] = useState<Typist[]>([]);

  useEffect(
    () =>
      realtime.subscribe('chat_signal', ({ signal }) => {
        if (signal.kind !== 'typing' || signal.chatId !== chatId || signal.userId === myId) return;
        const until = Date.now() + TYPING_SHOWN_MS;
        setTypists((list) => [
          ...list.filter((t) => t.userId !== signal.userId),
          { userId: signal.userId, name: signal.name, until },
        ]);
      }),
    [chatId, myId],
  );

  // Their message arrived: they are done typing it.
  const [seenMessage, setSeenMessage] = useState(lastMessage?.id);
  if (seenMessage !== lastMessage?.id) {
    setSeenMessage(lastMessage?.id);
    const sender = lastMessage?.senderId;
    if (sender && typists.some((t) => t.userId === sender))
      setTypists(typists.filter((t) => t.userId !== sender));
  }

  useEffect(() => {
    if (typists.length === 0) return;
    const next = Math.min(...typists.map((t) => t.until));
    const timer = setTimeout(
      () => setTypists((list) => list.filter((t) => t.until > Date.now())),
      Math.max(0, next - Date.now()) + 20,
    );
    return () => clearTimeout(timer);
  }, [typists]);

  const lastSent = useRef(0);
  const onTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_SIGNAL_EVERY_MS) return;
    lastSent.current = now;
    // A lost typing signal is a missed dot, never worth an error.
    sendTyping(chatId).catch(() => undefined);
  }, [chatId]);

  return {
    text: typingText(
      typists.map((t) => t.name),
      i18n,
    ),
    onTyping,
  };
}
