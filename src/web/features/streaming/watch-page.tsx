import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarClock, Lock, MessageSquareOff, Radio, Users } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { SessionUser } from '../../../contracts/auth';
import type { Stream } from '../../../contracts/streaming';
import { isMissing, LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { useSession } from '../session';
import { requestWatch, streamPaths, streamQuery } from './api';
import type { LatencyMode } from './hls-player';
import { StatusBadge } from './status-badge';
import { formatCountdown, useNow } from './time';
import { formatDateTime } from '../../lib/dates';
import { lazyPage } from '../../app/lazy-page';

// spec §2 /stream/watch/{streamId}: the player with live chat, a countdown before the start,
// "Stream ended" and the replay after; a clear way to get access for anyone without it.

// The player (and hls.js inside it) is its own chunk: fetched only when there is video to play.
const HlsPlayer = lazyPage(() => import('./hls-player').then((m) => m.HlsPlayer));
const StreamChat = lazyPage(() => import('./stream-chat').then((m) => m.StreamChat));

function NoAccess({ stream }: { stream: Stream }) {
  const { t } = useLingui();
  const location = useLocation();
  const isSignedOut = stream.deniedReason === 'sign_in';
  return (
    <div
      data-testid="stream-no-access"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-lg border border-border px-6 py-10 text-center"
    >
      <Lock aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-xl font-bold">
        <Trans>You do not have access to this stream</Trans>
      </h2>
      <p className="text-muted-foreground">
        {isSignedOut
          ? t`Sign in to watch. If you have a ticket or an access code, the stream opens for you.`
          : stream.deniedReason === 'code'
            ? t`This stream needs an access code from the organizer.`
            : t`Watching needs a ticket to this event or a stream ticket.`}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {isSignedOut ? (
          <Link
            to={paths.auth(`${location.pathname}${location.search}`)}
            className={buttonClasses()}
          >
            <Trans>Sign In</Trans>
          </Link>
        ) : (
          <Link to={streamPaths.access(stream.id)} className={buttonClasses()}>
            <Trans>Get access</Trans>
          </Link>
        )}
        <Link to={paths.event(stream.eventId)} className={buttonClasses({ variant: 'outline' })}>
          <Trans>Event page</Trans>
        </Link>
      </div>
    </div>
  );
}

function Countdown({ stream }: { stream: Stream }) {
  const { t } = useLingui();
  const now = useNow();
  const left = new Date(stream.scheduledStart).getTime() - now;
  const countdown = formatCountdown(left);
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg bg-muted p-6 text-center">
      <CalendarClock aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-sm text-muted-foreground">
        {formatDateTime(stream.scheduledStart, { timeZone: stream.eventTimezone })}
      </p>
      <p className="text-2xl font-bold" role="timer" aria-live="off">
        {left > 0 ? t`Starts in ${countdown}` : t`Starting soon`}
      </p>
      <p className="text-sm text-muted-foreground">
        <Trans>The video appears here by itself when the stream goes live.</Trans>
      </p>
    </div>
  );
}

function Ended({ stream }: { stream: Stream }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border p-4">
      <h2 className="text-lg font-semibold">
        <Trans>Stream ended</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        {stream.hasReplay
          ? t`The replay is below.`
          : t`This stream was not recorded, so there is no replay.`}
      </p>
    </div>
  );
}

function LatencyToggle({
  value,
  onChange,
}: {
  value: LatencyMode;
  onChange: (value: LatencyMode) => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="flex flex-wrap items-center gap-3 text-sm">
      <legend className="sr-only">
        <Trans>Latency</Trans>
      </legend>
      <span className="font-medium" aria-hidden="true">
        <Trans>Latency</Trans>
      </span>
      {(
        [
          ['low', t`Low latency`],
          ['stable', t`Stable`],
        ] as const
      ).map(([mode, label]) => (
        <label key={mode} className="flex items-center gap-1.5">
          <input
            type="radio"
            name="latency"
            value={mode}
            checked={value === mode}
            onChange={() => onChange(mode)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

function Watching({ stream, me }: { stream: Stream; me: SessionUser | null }) {
  const { t } = useLingui();
  const [latency, setLatency] = useState<LatencyMode>('low');
  // The person looking at the badge is watching too, before their first playlist request has
  // reached the count.
  const watching = Math.max(stream.viewerCount, 1);
  const hasVideo = stream.status === 'live' || (stream.status === 'ended' && stream.hasReplay);
  const hasChat = Boolean(stream.chatId && me && stream.chatEnabled);
  return (
    <div
      className={`grid gap-4 ${hasChat ? 'md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_24rem]' : ''}`}
    >
      <div className="flex min-w-0 flex-col gap-3">
        {stream.status === 'ended' ? <Ended stream={stream} /> : null}
        {stream.status === 'scheduled' ? <Countdown stream={stream} /> : null}
        {hasVideo ? (
          <Suspense
            fallback={
              <div className="flex aspect-video items-center justify-center rounded-lg bg-black text-white">
                <Spinner label={t`Loading the player`} />
              </div>
            }
          >
            <HlsPlayer
              streamId={stream.id}
              requestGrant={() => requestWatch(stream.id)}
              latency={latency}
              isLive={stream.status === 'live'}
              overlay={
                stream.status === 'live' ? (
                  <>
                    <StatusBadge status="live" />
                    <Badge variant="outline" className="gap-1 bg-background/90">
                      <Users aria-hidden="true" className="size-3" />
                      <Plural value={watching} one="# watching" other="# watching" />
                    </Badge>
                  </>
                ) : (
                  <Badge variant="outline" className="bg-background/90">
                    <Trans>Replay</Trans>
                  </Badge>
                )
              }
            />
          </Suspense>
        ) : null}
        {stream.status === 'live' ? <LatencyToggle value={latency} onChange={setLatency} /> : null}
      </div>
      {hasChat && me && stream.chatId ? (
        <aside
          aria-label={t`Live chat`}
          className="flex h-[28rem] min-h-0 flex-col overflow-hidden rounded-lg border border-border md:h-auto md:max-h-[calc(100dvh-10rem)] md:min-h-[28rem]"
        >
          <Suspense
            fallback={
              <div className="flex flex-1 items-center justify-center">
                <Spinner label={t`Loading the chat`} />
              </div>
            }
          >
            <StreamChat chatId={stream.chatId} me={me} />
          </Suspense>
        </aside>
      ) : stream.chatEnabled === false ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground md:hidden">
          <MessageSquareOff aria-hidden="true" className="size-4" />{' '}
          <Trans>Chat is off for this stream.</Trans>
        </p>
      ) : null}
    </div>
  );
}

export function WatchPage() {
  const { t } = useLingui();
  const { streamId = '' } = useParams();
  const { user } = useSession();
  const stream = useQuery(streamQuery(streamId));

  if (stream.isPending) return <PageSpinner />;
  if (stream.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <LoadFailed
          title={isMissing(stream.error) ? t`Stream not found` : t`The stream could not be loaded`}
          error={stream.error}
          onRetry={isMissing(stream.error) ? undefined : () => void stream.refetch()}
        />
      </div>
    );
  const data = stream.data;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-col gap-2">
        <Link
          to={paths.event(data.eventId)}
          className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {data.eventTitle}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight md:text-3xl">
            <Radio aria-hidden="true" className="size-6 text-primary" />
            {data.title}
          </h1>
          <StatusBadge status={data.status} />
          {data.isOwner ? (
            <Link
              to={streamPaths.setup(data.eventId)}
              reloadDocument
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <Trans>Manage the stream</Trans>
            </Link>
          ) : null}
        </div>
      </div>
      {data.canWatch ? <Watching stream={data} me={user} /> : <NoAccess stream={data} />}
    </div>
  );
}
