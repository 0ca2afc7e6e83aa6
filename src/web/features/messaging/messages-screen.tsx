import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { SessionUser } from '../../../contracts/auth';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useIsMobile } from '../../lib/use-media-query';
import { openChatQuery } from './api';
import { openFailure } from './open-failure';
import { useMessagingText } from './messaging-messages';
import { chatPaths } from './chat-paths';
import { Conversation } from './conversation';
import { ConversationList } from './conversation-list';
import { messagingKeys } from './keys';
import { useMessagingLive } from './use-messaging-live';

/**
 * `?chat=` is a chat id or a person's id: POST /api/chats/open finds (or creates) the chat, then
 * the address is rewritten to the chat's own id so a reload or the list points at the same one.
 */
function OpenedConversation({
  reference,
  name,
  me,
  onBack,
}: {
  reference: string;
  name: string | null;
  me: SessionUser;
  onBack?: () => void;
}) {
  const { t } = useLingui();
  const text = useMessagingText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const opened = useQuery(openChatQuery(reference));
  const chat = opened.data;

  useEffect(() => {
    if (!chat) return;
    // The details come with the answer; the conversation does not fetch them again.
    if (!queryClient.getQueryData(messagingKeys.chat(chat.id)))
      queryClient.setQueryData(messagingKeys.chat(chat.id), chat);
    queryClient.setQueryData(messagingKeys.open(chat.id), chat);
    if (chat.id !== reference) void navigate(chatPaths.messages(chat.id), { replace: true });
  }, [chat, reference, queryClient, navigate]);

  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (!opened.isError || toasted.current === opened.error) return;
    toasted.current = opened.error;
    const { title, body } = openFailure(opened.error);
    toast.error(text(title), { description: text(body) });
  }, [opened.isError, opened.error, text]);

  if (opened.isError) {
    const { title, body, reason } = openFailure(opened.error);
    return (
      <div className="flex flex-col gap-3 p-4">
        <Alert variant="destructive" title={text(title)}>
          <p>{text(body)}</p>
          {reason ? <p className="text-sm">{reason}</p> : null}
          <Button variant="outline" size="sm" onClick={() => void opened.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
        {onBack ? (
          <Button variant="ghost" className="self-start" onClick={onBack}>
            <Trans>Back to conversations</Trans>
          </Button>
        ) : null}
      </div>
    );
  }
  if (!chat)
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6">
        <Spinner
          label={name ? t`Opening the conversation with ${name}` : t`Opening conversation`}
        />
        {name ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Opening the conversation with {name}…</Trans>
          </p>
        ) : null}
      </div>
    );
  return <Conversation key={chat.id} chatId={chat.id} me={me} onBack={onBack} />;
}

/**
 * spec §2 /messages: the conversation list and the open conversation side by side on a wide
 * screen; on a phone (≤ 768 px) the list, then the conversation with a way back.
 */
export function MessagesScreen({ me }: { me: SessionUser }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const reference = params.get('chat');
  const name = params.get('name');
  const openChatId =
    useQuery({ ...openChatQuery(reference ?? ''), enabled: false }).data?.id ?? reference;
  useMessagingLive(me.id, openChatId);

  const showList = !isMobile || !reference;
  const showConversation = !isMobile || Boolean(reference);
  const back = isMobile ? () => void navigate(chatPaths.messages()) : undefined;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col px-0 md:px-4 md:py-6">
      <h1
        className={cn(
          'px-4 pt-4 pb-3 text-2xl font-extrabold tracking-tight md:px-0 md:pt-0 md:text-3xl',
          isMobile && reference && 'sr-only',
        )}
      >
        <Trans>Messages</Trans>
      </h1>
      <div
        className={cn(
          'grid h-[calc(100dvh-7.5rem)] min-h-[26rem] overflow-hidden border-border md:h-[calc(100dvh-13rem)] md:rounded-lg md:border',
          'md:grid-cols-[20rem_minmax(0,1fr)]',
          !(isMobile && reference) && 'max-md:h-[calc(100dvh-10rem)]',
        )}
      >
        {showList ? (
          <section
            aria-label={t`Conversations`}
            className="min-h-0 overflow-y-auto border-border md:border-e"
          >
            <ConversationList myId={me.id} selectedId={openChatId} />
          </section>
        ) : null}
        {showConversation ? (
          <section aria-label={t`Conversation`} className="flex min-h-0 flex-col">
            {reference ? (
              <OpenedConversation
                key={reference}
                reference={reference}
                name={name}
                me={me}
                onBack={back}
              />
            ) : (
              <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
                <MessagesSquare aria-hidden="true" className="size-10 text-muted-foreground" />
                <p className="font-semibold">
                  <Trans>Select a conversation</Trans>
                </p>
                <p className="text-sm text-muted-foreground">
                  <Trans>Pick one from the list to read and reply.</Trans>
                </p>
              </div>
            )}
          </section>
        ) : null}
      </div>
    </div>
  );
}
