import { Trans } from '@lingui/react/macro';
import { MessageSquare } from 'lucide-react';
import type { SessionUser } from '../../../contracts/auth';
import { Conversation, useMessagingLive } from '../messaging';

/** The stream's live chat: the messaging feature's conversation on the stream's room. */
export function StreamChat({ chatId, me }: { chatId: string; me: SessionUser }) {
  useMessagingLive(me.id, chatId);
  return (
    <Conversation
      key={chatId}
      chatId={chatId}
      me={me}
      header={
        <p className="flex items-center gap-2 border-b border-border px-4 py-2 text-sm font-semibold">
          <MessageSquare aria-hidden="true" className="size-4" />
          <Trans>Live chat</Trans>
        </p>
      }
    />
  );
}
