import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Ban, Video } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { ChatDetail } from '../../../contracts/messaging';
import { Button, buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/api-client';
import { blockPerson, unblockPerson } from './api';
import { ChatAvatar } from './chat-avatar';
import { messagingKeys } from './keys';

function BlockButton({ chat }: { chat: ChatDetail }) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const [isConfirming, setConfirming] = useState(false);
  const other = chat.other;
  const otherName = other?.name ?? '';
  const mutation = useMutation({
    mutationFn: () =>
      chat.blocked ? unblockPerson(other?.id ?? '') : blockPerson(other?.id ?? ''),
    onSuccess: async () => {
      setConfirming(false);
      toast.success(chat.blocked ? t`${otherName} is unblocked` : t`${otherName} is blocked`);
      queryClient.setQueryData<ChatDetail>(messagingKeys.chat(chat.id), (data) =>
        data ? { ...data, blocked: !chat.blocked } : data,
      );
      await queryClient.invalidateQueries({ queryKey: messagingKeys.chat(chat.id) });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.blocks() });
    },
    onError: (error) => {
      if (!isConfirming) toast.error(errorMessage(error, t`Please try again.`));
    },
  });
  if (!other) return null;
  if (chat.blocked)
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate()}
      >
        <Trans>Unblock</Trans>
      </Button>
    );
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        <Ban aria-hidden="true" className="size-4" />
        <Trans>Block</Trans>
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) mutation.reset();
        }}
        title={t`Block ${otherName}?`}
        description={t`They will no longer be able to start a conversation with you or send you messages. You can unblock them here at any time.`}
        error={mutation.isError ? errorMessage(mutation.error, t`Please try again.`) : null}
        cancelLabel={t`Cancel`}
        confirmLabel={t`Block`}
        isPending={mutation.isPending}
        onConfirm={() => mutation.mutate()}
      />
    </>
  );
}

const USER_TYPES: Record<string, MessageDescriptor> = {
  attendee: msg`Attendee`,
  organizer: msg`Organizer`,
  vendor: msg`Vendor`,
  venue: msg`Venue`,
};

/** The conversation's title bar: back (phones), who it is with, a meeting link and blocking. */
export function ConversationHeader({ chat, onBack }: { chat: ChatDetail; onBack?: () => void }) {
  const { t, i18n } = useLingui();
  const count = chat.participantCount;
  const userType = chat.other?.userType;
  const typeLabel = userType ? USER_TYPES[userType] : undefined;
  const subtitle =
    chat.kind === 'group'
      ? t`Group chat · ${plural(count, { one: '# member', other: '# members' })}`
      : chat.kind === 'booking'
        ? t`Booking conversation`
        : typeLabel
          ? i18n._(typeLabel)
          : userType
            ? userType[0]?.toUpperCase() + userType.slice(1)
            : null;
  return (
    <div className="flex items-center gap-2 border-b border-border px-3 py-2 md:px-4">
      {onBack ? (
        <Button variant="ghost" size="icon" aria-label={t`Back to conversations`} onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        </Button>
      ) : null}
      <ChatAvatar src={chat.avatarUrl} isGroup={chat.kind === 'group'} />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">{chat.title}</h2>
        {subtitle ? <p className="truncate text-xs text-muted-foreground">{subtitle}</p> : null}
      </div>
      {chat.kind !== 'group' && !chat.blocked ? <StartMeetingLink chat={chat} /> : null}
      {chat.kind !== 'group' ? <BlockButton chat={chat} /> : null}
    </div>
  );
}

/**
 * A video meeting with the people of this chat: the new-meeting page creates the room
 * and posts its link here. Not in event group chats: a room holds 6, a group chat hundreds.
 */
function StartMeetingLink({ chat }: { chat: ChatDetail }) {
  const { t } = useLingui();
  const chatTitle = chat.title;
  const title = t`Call with ${chatTitle}`.slice(0, 120);
  return (
    <Link
      to={`/meameet?chat=${encodeURIComponent(chat.id)}&title=${encodeURIComponent(title)}`}
      aria-label={t`Start a meeting`}
      title={t`Start a meeting`}
      className={buttonClasses({ variant: 'ghost', size: 'icon' })}
    >
      <Video aria-hidden="true" className="size-5" />
    </Link>
  );
}
