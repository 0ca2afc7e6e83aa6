import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { SessionUser } from '../../../contracts/auth';
import type { Message } from '../../../contracts/messaging';
import { LoadFailed } from '../../components/query-states';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage, fieldErrors } from '../../lib/api-client';
import {
  chatQuery,
  deleteMessage,
  messagePagesQuery,
  pinMessage,
  sendMessage,
  uploadChatImage,
} from './api';
import { applySent, putMessage } from './cache';
import { Composer, type Attachment } from './composer';
import { BookingContext, PinnedMessage } from './conversation-context';
import { ConversationHeader } from './conversation-header';
import { messagingKeys } from './keys';
import { MessageThread } from './message-thread';
import {
  flattenPages,
  groupThread,
  mergePending,
  seenMessageId,
  type PendingMessage,
  type ThreadMessage,
} from './thread';
import { useReadPresence, useTyping } from './use-chat-presence';
import { useOfferPushOnce } from '../notifications';

const newClientId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** What to say when a send fails: the field message, the server's message, or a plain one. */
function sendError(error: unknown, i18n: I18n): string {
  return fieldErrors(error).body ?? errorMessage(error, i18n._(msg`Please try again.`));
}

/** The optimistic queue: messages shown at once, sent with a clientId, retried on demand. */
function useSendQueue(chatId: string, me: SessionUser) {
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  const offerPush = useOfferPushOnce();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const update = (clientId: string, change: Partial<PendingMessage>) =>
    setPending((list) => list.map((p) => (p.clientId === clientId ? { ...p, ...change } : p)));

  const deliver = async (message: PendingMessage) => {
    update(message.clientId, { status: 'sending', error: null });
    try {
      let imageKey = message.imageKey;
      if (message.file && !imageKey) {
        imageKey = (await uploadChatImage(chatId, message.file)).imageKey;
        update(message.clientId, { imageKey });
      }
      const sent = await sendMessage(chatId, {
        body: message.body,
        imageKey: imageKey ?? undefined,
        clientId: message.clientId,
      });
      applySent(queryClient, sent, me.id);
      // After a first message, push is how the reply reaches someone who closed the tab.
      offerPush();
      if (!queryClient.getQueryData(messagingKeys.messages(chatId)))
        void queryClient.invalidateQueries({ queryKey: messagingKeys.messages(chatId) });
      setPending((list) => list.filter((p) => p.clientId !== message.clientId));
      if (message.image) URL.revokeObjectURL(message.image.url);
    } catch (error) {
      update(message.clientId, { status: 'failed', error: sendError(error, i18n) });
    }
  };

  // Sends run from the latest list so a retry sends what is stored (with its uploaded image).
  const latest = useRef(pending);
  useEffect(() => {
    latest.current = pending;
  });

  return {
    pending,
    send(body: string, attachment: Attachment | null) {
      const message: PendingMessage = {
        clientId: newClientId(),
        body,
        image: attachment
          ? { url: attachment.url, width: attachment.width, height: attachment.height }
          : null,
        file: attachment?.file ?? null,
        imageKey: null,
        createdAt: new Date().toISOString(),
        status: 'sending',
        error: null,
      };
      setPending((list) => [...list, message]);
      void deliver(message);
    },
    retry(clientId: string) {
      const message = latest.current.find((p) => p.clientId === clientId);
      if (message) void deliver(message);
    },
    discard(clientId: string) {
      const message = latest.current.find((p) => p.clientId === clientId);
      if (message?.image) URL.revokeObjectURL(message.image.url);
      setPending((list) => list.filter((p) => p.clientId !== clientId));
    },
  };
}

/** The newest message from someone else, and the live-region text it brings (not on first load). */
function useArrivals(messages: readonly Message[], myId: string, isLoaded: boolean) {
  const { t } = useLingui();
  const newestFromOthers = useMemo(() => {
    for (let i = messages.length - 1; i >= 0; i--) {
      const message = messages[i];
      if (message && message.senderId !== myId) return message;
    }
    return null;
  }, [messages, myId]);
  const id = newestFromOthers?.id ?? null;
  const [state, setState] = useState<{ id: string | null; text: string; isPrimed: boolean }>({
    id,
    text: '',
    isPrimed: isLoaded,
  });
  if (isLoaded && !state.isPrimed) {
    // The history as first loaded is not news.
    setState({ id, text: '', isPrimed: true });
  } else if (state.isPrimed && newestFromOthers && id !== state.id) {
    const senderName = newestFromOthers.senderName;
    const body = newestFromOthers.body;
    setState({
      id,
      text: body
        ? t`New message from ${senderName}: ${body}`
        : newestFromOthers.image
          ? t`New message from ${senderName}: sent an image`
          : t`New message from ${senderName}`,
      isPrimed: true,
    });
  }
  return { newestFromOthers: id, announcement: state.text };
}

/**
 * One conversation: header (or the page's own), booking context, pinned announcement, the
 * history, who is typing, and the composer. Live through the socket (useMessagingLive, held by
 * the screen around it).
 */
export function Conversation({
  chatId,
  me,
  onBack,
  header,
}: {
  chatId: string;
  me: SessionUser;
  /** Phones: back to the list. */
  onBack?: () => void;
  /** Replaces the default header (the group chat page has its own). */
  header?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const { t, i18n } = useLingui();
  const detail = useQuery(chatQuery(chatId));
  const history = useInfiniteQuery(messagePagesQuery(chatId));
  const queue = useSendQueue(chatId, me);
  const sender = useMemo(
    () => ({ id: me.id, name: me.fullName, avatarUrl: me.avatarUrl }),
    [me.id, me.fullName, me.avatarUrl],
  );
  const messages = useMemo(() => flattenPages(history.data?.pages ?? []), [history.data]);
  const thread = useMemo(
    () => mergePending(messages, queue.pending, sender),
    [messages, queue.pending, sender],
  );
  // The day dividers ("Today") are words in the page's language: a language switch redraws them.
  const locale = i18n.locale;
  const entries = useMemo(() => groupThread(thread, me.id), [thread, me.id, locale]);
  const { newestFromOthers, announcement } = useArrivals(messages, me.id, history.isSuccess);
  const last = messages.at(-1);
  const typing = useTyping(chatId, me.id, last && { id: last.id, senderId: last.senderId });
  useReadPresence(chatId, me.id, newestFromOthers);

  const [toRemove, setToRemove] = useState<ThreadMessage | null>(null);
  const remove = useMutation({
    mutationFn: (message: ThreadMessage) => deleteMessage(chatId, message.id),
    onSuccess: (message) => {
      putMessage(queryClient, message);
      setToRemove(null);
      toast.success(t`Message removed`);
    },
  });
  const pin = useMutation({
    mutationFn: (messageId: string | null) => pinMessage(chatId, messageId),
    onSuccess: (chat, messageId) => {
      queryClient.setQueryData(messagingKeys.chat(chatId), chat);
      toast.success(messageId ? t`Message pinned` : t`Announcement unpinned`);
    },
    onError: (error) => toast.error(errorMessage(error, t`Please try again.`)),
  });

  if (detail.isPending)
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label={t`Loading conversation`} />
      </div>
    );
  if (detail.isError)
    return (
      <div className="p-4">
        <LoadFailed
          title={
            detail.error instanceof ApiError && detail.error.status === 404
              ? t`Conversation not found`
              : t`The conversation could not be loaded`
          }
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      </div>
    );
  const chat = detail.data;
  const chatTitle = chat.title;
  const isGroup = chat.kind === 'group';
  const otherReadAt = chat.other
    ? (chat.participants.find((p) => p.id === chat.other?.id)?.lastReadAt ?? null)
    : null;
  const seenId = isGroup ? null : seenMessageId(thread, me.id, otherReadAt);
  const canRemove = (message: ThreadMessage) =>
    !message.pending &&
    !message.deleted &&
    (message.senderId === me.id || (isGroup && chat.canModerate));

  return (
    <div className="flex h-full min-h-0 flex-col">
      {header ?? <ConversationHeader chat={chat} onBack={onBack} />}
      {chat.booking ? <BookingContext booking={chat.booking} /> : null}
      <PinnedMessage chat={chat} isUnpinning={pin.isPending} onUnpin={() => pin.mutate(null)} />
      {history.isPending ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner label={t`Loading messages`} />
        </div>
      ) : history.isError ? (
        <div className="flex-1 p-4">
          <LoadFailed
            title={t`Messages could not be loaded`}
            error={history.error}
            onRetry={() => void history.refetch()}
          />
        </div>
      ) : thread.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-1 p-6 text-center">
          <p className="font-semibold">
            <Trans>No messages yet</Trans>
          </p>
          <p className="text-sm text-muted-foreground">
            {isGroup ? t`Say hello to everyone going.` : t`Say hello to ${chatTitle}.`}
          </p>
        </div>
      ) : (
        <MessageThread
          messages={thread}
          entries={entries}
          myId={me.id}
          seenId={seenId}
          canRemove={canRemove}
          canPin={isGroup && chat.canModerate}
          hasOlder={Boolean(history.hasNextPage)}
          isLoadingOlder={history.isFetchingNextPage}
          onLoadOlder={() => void history.fetchNextPage()}
          actions={{
            onRetry: queue.retry,
            onDiscard: queue.discard,
            onRemove: setToRemove,
            onPin: (message) => pin.mutate(message.id),
          }}
        />
      )}
      <p className="min-h-6 px-4 text-xs text-muted-foreground italic">{typing.text}</p>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
      <Composer
        key={chatId}
        onSend={queue.send}
        onTyping={typing.onTyping}
        disabledReason={
          chat.blocked ? t`You blocked ${chatTitle}. Unblock them to send messages.` : null
        }
      />
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => {
          if (!open) {
            setToRemove(null);
            remove.reset();
          }
        }}
        title={t`Remove this message?`}
        description={t`Everyone in the conversation will see that it was removed instead of its text.`}
        error={remove.isError ? errorMessage(remove.error, t`Please try again.`) : null}
        cancelLabel={t`Keep it`}
        confirmLabel={t`Remove`}
        isPending={remove.isPending}
        onConfirm={() => toRemove && remove.mutate(toRemove)}
      />
    </div>
  );
}
