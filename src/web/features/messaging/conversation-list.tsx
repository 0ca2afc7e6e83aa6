import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import type { ChatSummary } from '../../../contracts/messaging';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { chatListQuery } from './api';
import { ChatAvatar } from './chat-avatar';
import { chatPaths } from './chat-paths';
import { chatLocale } from './chat-locale';

/** "14:05" today, "Mon" within the week, "3 Mar" this year, else "3 Mar 2025". */
export function listTime(iso: string, now: number = Date.now()): string {
  const time = new Date(iso);
  const age = now - time.getTime();
  const today = new Date(now).toDateString() === time.toDateString();
  if (today) return new Intl.DateTimeFormat(chatLocale(), { timeStyle: 'short' }).format(time);
  if (age < 6 * 86_400_000)
    return new Intl.DateTimeFormat(chatLocale(), { weekday: 'short' }).format(time);
  const sameYear = new Date(now).getFullYear() === time.getFullYear();
  return new Intl.DateTimeFormat(chatLocale(), {
    day: 'numeric',
    month: 'short',
    year: sameYear ? undefined : 'numeric',
  }).format(time);
}

const KIND_LABEL: Record<ChatSummary['kind'], MessageDescriptor | null> = {
  direct: null,
  group: msg`Group chat`,
  booking: msg`Booking`,
};

function ConversationRow({
  chat,
  myId,
  isSelected,
}: {
  chat: ChatSummary;
  myId: string;
  isSelected: boolean;
}) {
  const { t, i18n } = useLingui();
  const lastMessage = chat.lastMessage;
  const preview = lastMessage
    ? chat.lastSenderId === myId
      ? t`You: ${lastMessage}`
      : lastMessage
    : t`No messages yet`;
  const kindLabel = KIND_LABEL[chat.kind];
  const kind = kindLabel ? i18n._(kindLabel) : null;
  const unread = chat.unreadCount;
  return (
    <Link
      to={chatPaths.messages(chat.id)}
      aria-current={isSelected ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-md px-3 py-3 hover:bg-muted',
        'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        isSelected && 'bg-muted',
      )}
    >
      <ChatAvatar src={chat.avatarUrl} isGroup={chat.kind === 'group'} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline gap-2">
          <span className={cn('truncate', chat.unreadCount ? 'font-bold' : 'font-medium')}>
            {chat.title}
          </span>
          {chat.lastMessageAt ? (
            <time
              dateTime={chat.lastMessageAt}
              className="ms-auto shrink-0 text-xs text-muted-foreground"
            >
              {listTime(chat.lastMessageAt)}
            </time>
          ) : null}
        </span>
        <span className="flex items-center gap-2">
          <span
            className={cn(
              'truncate text-sm',
              chat.unreadCount ? 'text-foreground' : 'text-muted-foreground',
            )}
          >
            {kind ? <span className="font-medium">{kind} · </span> : null}
            {preview}
          </span>
          {chat.unreadCount ? (
            <span className="ms-auto flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-bold text-primary-foreground tabular-nums">
              {chat.unreadCount > 99 ? '99+' : chat.unreadCount}
              <span className="sr-only">
                {' '}
                <Plural value={unread} one="unread message" other="unread messages" />
              </span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}

/** spec §2 /messages: the conversations, most recent first, with their unread counts. */
export function ConversationList({
  myId,
  selectedId,
}: {
  myId: string;
  selectedId: string | null;
}) {
  const { t } = useLingui();
  const query = useInfiniteQuery(chatListQuery());
  if (query.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t`Loading conversations`} />
      </div>
    );
  if (query.isError)
    return (
      <div className="p-3">
        <LoadFailed
          title={t`Conversations could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  const chats = query.data.pages.flatMap((page) => page.items);
  if (chats.length === 0)
    return (
      <div className="p-3">
        <EmptyState icon={MessagesSquare} title={t`No conversations yet`}>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Contact an organizer or a vendor from their page, or join the group chat of an event
              you have a ticket for.
            </Trans>
          </p>
        </EmptyState>
      </div>
    );
  return (
    <div className="flex flex-col gap-2 p-2">
      <ul aria-label={t`Conversations`} className="flex flex-col gap-0.5">
        {chats.map((chat) => (
          <li key={chat.id}>
            <ConversationRow chat={chat} myId={myId} isSelected={chat.id === selectedId} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t`Loading…` : t`More conversations`}
        </Button>
      ) : null}
    </div>
  );
}
