import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Lock, UsersRound } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { SessionUser } from '../../../contracts/auth';
import type { EventChatStatus } from '../../../contracts/messaging';
import { LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { eventChatStatusQuery, joinEventChat, mayEnterEventChat } from './api';
import { Conversation } from './conversation';
import { messagingKeys } from './keys';
import { useMessagingLive } from './use-messaging-live';

/** What someone who may not enter can do about it (spec §2: buy a ticket, pay the vendor fee). */
function AccessAction({ status }: { status: EventChatStatus }) {
  const location = useLocation();
  const origin = `${location.pathname}${location.search}`;
  if (status.access === 'needs_ticket')
    return (
      <Link to={paths.buyTickets(status.eventId)} className={buttonClasses()}>
        <Trans>Get a ticket</Trans>
      </Link>
    );
  if (status.access === 'vendor_fee_due')
    return (
      <Link to={paths.vendorApplications()} className={buttonClasses()}>
        <Trans>Pay the vendor fee</Trans>
      </Link>
    );
  if (status.access === 'signed_out')
    return (
      <Link to={paths.auth(origin)} state={{ from: location }} className={buttonClasses()}>
        <Trans>Sign In</Trans>
      </Link>
    );
  return null;
}

function NoAccess({ status }: { status: EventChatStatus }) {
  const { t } = useLingui();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-lg border border-border px-6 py-10 text-center">
      <Lock aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-xl font-bold">
        <Trans>You cannot join this group chat yet</Trans>
      </h2>
      <p className="text-muted-foreground">
        {status.reason ?? t`Only the organizer, ticket holders and vendors of the event can join.`}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <AccessAction status={status} />
        <Link to={paths.event(status.eventId)} className={buttonClasses({ variant: 'outline' })}>
          <Trans>Back to the event</Trans>
        </Link>
      </div>
    </div>
  );
}

/** Entering joins: POST /api/events/:id/chat/join, then the conversation. */
function JoinedChat({ eventId, me }: { eventId: string; me: SessionUser }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const joined = useQuery({
    queryKey: messagingKeys.eventChatJoin(eventId),
    queryFn: () => joinEventChat(eventId),
    staleTime: Infinity,
    retry: false,
  });
  const chat = joined.data;
  useEffect(() => {
    if (chat && !queryClient.getQueryData(messagingKeys.chat(chat.id)))
      queryClient.setQueryData(messagingKeys.chat(chat.id), chat);
  }, [chat, queryClient]);
  useMessagingLive(me.id, chat?.id ?? null);

  if (joined.isError)
    return (
      <LoadFailed
        title={t`You could not join the group chat`}
        error={joined.error}
        onRetry={() => void joined.refetch()}
      />
    );
  if (!chat)
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t`Joining the group chat`} />
      </div>
    );
  const memberCount = chat.participantCount;
  return (
    <div className="flex h-[calc(100dvh-14rem)] min-h-[26rem] flex-col overflow-hidden rounded-lg border border-border">
      <Conversation
        key={chat.id}
        chatId={chat.id}
        me={me}
        header={
          <p className="flex items-center gap-2 border-b border-border px-4 py-2 text-sm text-muted-foreground">
            <UsersRound aria-hidden="true" className="size-4" />
            <Plural value={memberCount} one="# member" other="# members" />
          </p>
        }
      />
    </div>
  );
}

/** spec §2 /event-group-chat?event={id}: the event's one group chat, or why one cannot enter. */
export function EventGroupChat({ eventId, me }: { eventId: string; me: SessionUser }) {
  const { t } = useLingui();
  const status = useQuery(eventChatStatusQuery(eventId));
  if (status.isPending) return <PageSpinner />;
  if (status.isError) {
    const isMissing = status.error instanceof ApiError && status.error.status === 404;
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <LoadFailed
          title={isMissing ? t`Event not found` : t`The group chat could not be loaded`}
          error={status.error}
          onRetry={isMissing ? undefined : () => void status.refetch()}
        />
      </div>
    );
  }
  const data = status.data;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-col gap-2">
        <Link
          to={paths.event(data.eventId)}
          className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          <Trans>Event page</Trans>
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-extrabold tracking-tight md:text-3xl">{data.eventTitle}</h1>
          <Badge variant="outline">
            <Trans>Group chat</Trans>
          </Badge>
        </div>
      </div>
      {mayEnterEventChat(data.access) ? (
        <JoinedChat eventId={eventId} me={me} />
      ) : (
        <NoAccess status={data} />
      )}
    </div>
  );
}
