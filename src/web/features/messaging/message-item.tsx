import { Pin, RotateCw, Trash2 } from 'lucide-react';
import { REMOVED_BY_MODERATOR } from '../../../contracts/messaging';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { ReportButton } from '../admin';
import { LinkedText } from './linked-text';
import type { ThreadMessage } from './thread';

export const messageTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' }).format(new Date(iso));

export interface MessageActions {
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  onRemove?: (message: ThreadMessage) => void;
  onPin?: (message: ThreadMessage) => void;
}

/** One message: its text (links clickable), image, state while sending, and what may be done. */
export function MessageItem({
  message,
  isMine,
  isSeen,
  canRemove,
  canPin,
  actions,
}: {
  message: ThreadMessage;
  isMine: boolean;
  isSeen: boolean;
  canRemove: boolean;
  canPin: boolean;
  actions: MessageActions;
}) {
  const { pending } = message;
  const who = isMine ? 'your message' : `message from ${message.senderName}`;
  return (
    <li className={cn('group flex flex-col gap-1', isMine ? 'items-end' : 'items-start')}>
      <div className={cn('flex max-w-full items-center gap-1', isMine && 'flex-row-reverse')}>
        <div
          className={cn(
            'max-w-[min(36rem,80vw)] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap md:max-w-md lg:max-w-lg',
            isMine ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
            pending?.status === 'sending' && 'opacity-70',
            pending?.status === 'failed' && 'ring-2 ring-destructive',
          )}
        >
          {message.deleted ? (
            <p className="italic opacity-80">
              {message.removedByModerator ? REMOVED_BY_MODERATOR : 'This message was removed'}
            </p>
          ) : (
            <>
              {message.image ? (
                <a href={message.image.url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={message.image.url}
                    width={message.image.width}
                    height={message.image.height}
                    alt={`Image from ${isMine ? 'you' : message.senderName}`}
                    loading="lazy"
                    className="mb-1 h-auto max-h-72 w-auto max-w-full rounded-lg object-contain"
                  />
                </a>
              ) : null}
              {message.body ? <LinkedText text={message.body} /> : null}
            </>
          )}
          <span className="sr-only">
            {pending ? '' : `, sent at ${messageTime(message.createdAt)}`}
          </span>
        </div>
        {!pending && !message.deleted && (canPin || canRemove || !isMine) ? (
          <div className="flex shrink-0 items-center">
            {canPin ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-muted-foreground"
                aria-label={`Pin ${who}`}
                title="Pin as announcement"
                onClick={() => actions.onPin?.(message)}
              >
                <Pin aria-hidden="true" className="size-4" />
              </Button>
            ) : null}
            {canRemove ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-muted-foreground"
                aria-label={`Remove ${who}`}
                title="Remove message"
                onClick={() => actions.onRemove?.(message)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            ) : null}
            {/* Someone else's message can be reported to the moderators. */}
            {isMine ? null : (
              <ReportButton
                targetType="message"
                targetId={message.id}
                what={who}
                size="icon"
                className="size-8 text-muted-foreground"
              />
            )}
          </div>
        ) : null}
      </div>
      {pending?.status === 'sending' ? (
        <p className="text-xs text-muted-foreground">Sending…</p>
      ) : null}
      {pending?.status === 'failed' ? (
        <div className="flex flex-wrap items-center justify-end gap-2 text-xs">
          <p role="alert" className="text-destructive">
            Not sent{pending.error ? `: ${pending.error}` : ''}
          </p>
          <Button
            variant="outline"
            size="sm"
            className="h-7"
            onClick={() => actions.onRetry(pending.clientId)}
          >
            <RotateCw aria-hidden="true" className="size-3.5" />
            Retry
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="h-7"
            onClick={() => actions.onDiscard(pending.clientId)}
          >
            Discard
          </Button>
        </div>
      ) : null}
      {isSeen ? <p className="text-xs text-muted-foreground">Seen</p> : null}
    </li>
  );
}
