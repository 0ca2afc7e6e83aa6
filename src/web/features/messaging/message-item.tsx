import { Trans, useLingui } from '@lingui/react/macro';
import { Pin, RotateCw, Trash2 } from 'lucide-react';
import { REMOVED_BY_MODERATOR } from '../../../contracts/messaging';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { ReportButton } from '../reports';
import { LinkedText } from './linked-text';
import { useMessagingText } from './messaging-messages';
import type { ThreadMessage } from './thread';
import { chatLocale } from './chat-locale';

export const messageTime = (iso: string) =>
  new Intl.DateTimeFormat(chatLocale(), { timeStyle: 'short' }).format(new Date(iso));

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
  const { t } = useLingui();
  const text = useMessagingText();
  const { pending } = message;
  const senderName = message.senderName;
  const sentAt = messageTime(message.createdAt);
  const pinLabel = isMine ? t`Pin your message` : t`Pin message from ${senderName}`;
  const removeLabel = isMine ? t`Remove your message` : t`Remove message from ${senderName}`;
  const who = t`message from ${senderName}`;
  const error = pending?.error ? text(pending.error) : null;
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
              {message.removedByModerator
                ? text(REMOVED_BY_MODERATOR)
                : t`This message was removed`}
            </p>
          ) : (
            <>
              {message.image ? (
                <a href={message.image.url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={message.image.url}
                    width={message.image.width}
                    height={message.image.height}
                    alt={isMine ? t`Image from you` : t`Image from ${senderName}`}
                    loading="lazy"
                    className="mb-1 h-auto max-h-72 w-auto max-w-full rounded-lg object-contain"
                  />
                </a>
              ) : null}
              {message.body ? <LinkedText text={message.body} /> : null}
            </>
          )}
          <span className="sr-only">{pending ? '' : t`, sent at ${sentAt}`}</span>
        </div>
        {!pending && !message.deleted && (canPin || canRemove || !isMine) ? (
          <div className="flex shrink-0 items-center">
            {canPin ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-muted-foreground"
                aria-label={pinLabel}
                title={t`Pin as announcement`}
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
                aria-label={removeLabel}
                title={t`Remove message`}
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
        <p className="text-xs text-muted-foreground">
          <Trans>Sending…</Trans>
        </p>
      ) : null}
      {pending?.status === 'failed' ? (
        <div className="flex flex-wrap items-center justify-end gap-2 text-xs">
          <p role="alert" className="text-destructive">
            {error ? <Trans>Not sent: {error}</Trans> : <Trans>Not sent</Trans>}
          </p>
          <Button
            variant="outline"
            size="sm"
            className="h-7"
            onClick={() => actions.onRetry(pending.clientId)}
          >
            <RotateCw aria-hidden="true" className="size-3.5" />
            <Trans>Retry</Trans>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="h-7"
            onClick={() => actions.onDiscard(pending.clientId)}
          >
            <Trans>Discard</Trans>
          </Button>
        </div>
      ) : null}
      {isSeen ? (
        <p className="text-xs text-muted-foreground">
          <Trans>Seen</Trans>
        </p>
      ) : null}
    </li>
  );
}
