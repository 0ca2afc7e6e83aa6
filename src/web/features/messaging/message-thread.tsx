import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { ChatAvatar } from './chat-avatar';
import { MessageItem, messageTime, type MessageActions } from './message-item';
import type { ThreadEntry, ThreadMessage } from './thread';

/** Closer than this to the top loads the older page; to the bottom counts as "at the end". */
const EDGE_PX = 120;

interface Snapshot {
  firstId: string | undefined;
  lastId: string | undefined;
  scrollHeight: number;
  scrollTop: number;
  isAtBottom: boolean;
}

/**
 * The scrolling history: starts at the newest message, loads older pages when scrolled to the
 * top (or by its button) keeping the message in view where it was, follows new messages when
 * the reader is at the end, and otherwise offers a "New messages" button.
 */
export function MessageThread({
  messages,
  entries,
  myId,
  seenId,
  canRemove,
  canPin,
  actions,
  hasOlder,
  isLoadingOlder,
  onLoadOlder,
}: {
  messages: readonly ThreadMessage[];
  entries: readonly ThreadEntry[];
  myId: string;
  seenId: string | null;
  canRemove: (message: ThreadMessage) => boolean;
  canPin: boolean;
  actions: MessageActions;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const { t } = useLingui();
  const scroller = useRef<HTMLDivElement>(null);
  const firstId = messages[0]?.id;
  const last = messages.at(-1);
  const lastId = last?.id;
  const snapshot = useRef<Snapshot>({
    firstId: undefined,
    lastId: undefined,
    scrollHeight: 0,
    scrollTop: 0,
    isAtBottom: true,
  });
  const [hasNewBelow, setHasNewBelow] = useState(false);

  const record = (element: HTMLDivElement) => {
    snapshot.current = {
      firstId,
      lastId,
      scrollHeight: element.scrollHeight,
      scrollTop: element.scrollTop,
      isAtBottom: element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX,
    };
  };

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = snapshot.current;
    if (before.firstId && before.firstId !== firstId && before.lastId === lastId) {
      // An older page went on top: keep the same messages under the reader's eye.
      element.scrollTop = element.scrollHeight - before.scrollHeight + before.scrollTop;
    } else if (before.lastId !== lastId) {
      const isMine = last?.senderId === myId;
      if (!before.lastId || before.isAtBottom || isMine) {
        element.scrollTop = element.scrollHeight;
        setHasNewBelow(false);
      } else {
        setHasNewBelow(true);
      }
    }
    record(element);
    // A first page that does not fill the box: nothing to scroll, so fetch the older one now.
    if (hasOlder && !isLoadingOlder && element.scrollHeight <= element.clientHeight) onLoadOlder();
  }, [firstId, lastId]);

  const toBottom = () => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    setHasNewBelow(false);
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        role="region"
        aria-label={t`Message history`}
        tabIndex={0}
        className="h-full overflow-y-auto overscroll-contain focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        onScroll={(event) => {
          const element = event.currentTarget;
          record(element);
          if (snapshot.current.isAtBottom && hasNewBelow) setHasNewBelow(false);
          if (element.scrollTop < EDGE_PX && hasOlder && !isLoadingOlder) onLoadOlder();
        }}
      >
        {/* Few messages sit at the bottom, next to the composer, as in any chat. */}
        <div className="flex min-h-full flex-col justify-end">
          <div className="flex justify-center p-2">
            {isLoadingOlder ? (
              <Spinner label={t`Loading older messages`} />
            ) : hasOlder ? (
              <Button variant="ghost" size="sm" onClick={onLoadOlder}>
                <Trans>Load older messages</Trans>
              </Button>
            ) : messages.length ? (
              <p className="text-xs text-muted-foreground">
                <Trans>Start of the conversation</Trans>
              </p>
            ) : null}
          </div>
          <ol aria-label={t`Messages`} className="flex flex-col gap-3 px-3 pb-3 md:px-4">
            {entries.map((entry) =>
              entry.kind === 'day' ? (
                <li key={entry.key} className="flex items-center gap-3 py-1">
                  <span aria-hidden="true" className="h-px flex-1 bg-border" />
                  <span className="text-xs font-medium text-muted-foreground">{entry.label}</span>
                  <span aria-hidden="true" className="h-px flex-1 bg-border" />
                </li>
              ) : (
                <li
                  key={entry.key}
                  className={cn('flex gap-2', entry.isMine ? 'justify-end' : 'justify-start')}
                >
                  {entry.isMine ? null : (
                    <ChatAvatar src={entry.senderAvatarUrl} className="mt-5 size-8" />
                  )}
                  <div
                    className={cn(
                      'flex min-w-0 flex-col gap-1',
                      entry.isMine ? 'items-end' : 'items-start',
                    )}
                  >
                    <p className="px-1 text-xs text-muted-foreground">
                      <span className="font-medium text-foreground">
                        {entry.isMine ? t`You` : entry.senderName}
                      </span>
                      {' · '}
                      <time dateTime={entry.messages[0]?.createdAt}>
                        {entry.messages[0] ? messageTime(entry.messages[0].createdAt) : ''}
                      </time>
                    </p>
                    <ol className="flex flex-col gap-1">
                      {entry.messages.map((message) => (
                        <MessageItem
                          key={message.clientId ?? message.id}
                          message={message}
                          isMine={entry.isMine}
                          isSeen={message.id === seenId}
                          canRemove={canRemove(message)}
                          canPin={canPin}
                          actions={actions}
                        />
                      ))}
                    </ol>
                  </div>
                </li>
              ),
            )}
          </ol>
        </div>
      </div>
      {hasNewBelow ? (
        <Button
          size="sm"
          className="absolute bottom-3 start-1/2 -translate-x-1/2 shadow-md rtl:translate-x-1/2"
          onClick={toBottom}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
          <Trans>New messages</Trans>
        </Button>
      ) : null}
    </div>
  );
}
