import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, Radio } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { STREAMING_ADDON_CENTS, type Stream } from '../../../contracts/streaming';
import { AccessDenied } from '../../app/guards/access-denied';
import { isForbidden, isMissing, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { paths } from '../../lib/paths';
import { eventQuery } from '../events';
import { useSession } from '../session';
import { plansQuery, useSubscriptionStatus } from '../subscriptions';
import {
  eventStreamQuery,
  inviteTicketHolders,
  openStreamingCheckout,
  streamKeys,
  streamPaths,
  useCreateStream,
  useDeleteRecording,
  useEndStream,
  useUpdateStream,
} from './api';
import { BrowserBroadcast } from './browser-broadcast';
import { ObsPanel } from './obs-panel';
import { StatusBadge } from './status-badge';
import { StreamForm } from './stream-form';
import { formatDateTime } from '../../lib/dates';

// spec §2 /event/{eventId}/stream (organizer): set up, activate, go live, manage the stream.

/** spec §6 has_recording of the organizer's plan (no plan: no recording). */
function useCanRecord(): boolean {
  const status = useSubscriptionStatus();
  const plans = useQuery(plansQuery);
  const planId = status.subscription?.planId;
  return Boolean(planId && plans.data?.find((plan) => plan.id === planId)?.hasRecording);
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Activation({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  // The add-on is charged in US dollars (spec §6); written the way the page's language writes it.
  const price = formatMoney(STREAMING_ADDON_CENTS, 'USD');
  const checkout = useMutation({
    mutationFn: () => openStreamingCheckout(eventId),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <Section
      title={t`Activate streaming`}
      description={t`Streaming this event is an add-on (${price}, once per event) unless your plan includes it.`}
    >
      <div className="flex flex-col gap-3">
        {checkout.isError ? (
          <Alert variant="destructive">
            {errorMessage(checkout.error, t`The checkout could not be opened.`)}
          </Alert>
        ) : null}
        <Button
          className="self-start"
          disabled={checkout.isPending}
          onClick={() => checkout.mutate()}
        >
          {checkout.isPending ? t`Opening checkout…` : t`Activate streaming (${price})`}
        </Button>
      </div>
    </Section>
  );
}

function Manage({ stream }: { stream: Stream }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  // The server's word when it gives one (admins, plan changes); else the plan as the page reads it.
  const planAllowsRecording = useCanRecord();
  const canRecord = (stream.canRecord ?? planAllowsRecording) || stream.recordingEnabled;
  const update = useUpdateStream(stream.id);
  const end = useEndStream(stream.id);
  const deleteReplay = useDeleteRecording(stream.id);
  const [confirm, setConfirm] = useState<'end' | 'replay' | null>(null);
  const invite = useMutation({
    mutationFn: () => inviteTicketHolders(stream.id),
    onSuccess: ({ invited }) =>
      toast.success(
        invited === 0
          ? t`Everyone with a ticket was already invited`
          : t`${plural(invited, {
              one: 'Invitation sent to # ticket holder',
              other: 'Invitation sent to # ticket holders',
            })}`,
      ),
    onError: (error) => toast.error(errorMessage(error, t`The invitations could not be sent.`)),
  });
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: streamKeys.ofEvent(stream.eventId) });
  const ingest = stream.ingest;
  const isActivated = stream.activated !== false;
  const ffmpegMissing = ingest && !ingest.ffmpegAvailable;
  const ffmpegHint = ingest?.ffmpegHint ?? t`Install ffmpeg: sudo apt install ffmpeg`;
  const viewerCount = stream.viewerCount;
  const scheduledAt = formatDateTime(stream.scheduledStart, { timeZone: stream.eventTimezone });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4">
        <StatusBadge status={stream.status} />
        <p className="text-sm">
          {stream.status === 'live'
            ? t`${plural(viewerCount, { one: '# watching now', other: '# watching now' })}`
            : stream.status === 'ended'
              ? stream.hasReplay
                ? t`Ended. The replay is on the watch page.`
                : t`Ended.`
              : t`Scheduled for ${scheduledAt}`}
        </p>
        <Link
          to={streamPaths.watch(stream.id)}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'ms-auto' })}
        >
          <ExternalLink aria-hidden="true" className="size-4" /> <Trans>Watch page</Trans>
        </Link>
      </div>

      {!isActivated ? <Activation eventId={stream.eventId} /> : null}

      {ffmpegMissing ? (
        <Alert variant="destructive" title={t`The server cannot stream yet`}>
          <p>
            <Trans>
              Live video needs ffmpeg on the server, and it is not installed. {ffmpegHint}.
              Everything else on this page works; going live is possible once it is installed.
            </Trans>
          </p>
        </Alert>
      ) : null}

      {stream.status !== 'ended' && ingest ? (
        <Section
          title={t`Go live from the browser`}
          description={t`Your camera and microphone, or your screen. Nothing to install.`}
        >
          <BrowserBroadcast
            broadcastPath={ingest.broadcastPath}
            isDisabled={!isActivated || Boolean(ffmpegMissing)}
            disabledReason={
              !isActivated
                ? t`Activate streaming for this event to go live.`
                : ffmpegMissing
                  ? t`Going live needs ffmpeg on the server.`
                  : undefined
            }
            onLive={refresh}
            onStopped={refresh}
          />
        </Section>
      ) : null}

      {stream.status !== 'ended' && ingest && !ffmpegMissing ? (
        <Section title={t`Stream from OBS or another encoder`}>
          <ObsPanel streamId={stream.id} ingest={ingest} />
        </Section>
      ) : null}

      <Section title={t`Settings`}>
        <StreamForm
          key={`${stream.id}-${stream.status}`}
          eventId={stream.eventId}
          stream={stream}
          canRecord={canRecord}
          submitLabel={t`Save changes`}
          onSubmit={async (input) => {
            await update.mutateAsync(input);
            toast.success(t`Stream saved`);
          }}
        />
      </Section>

      <Section
        title={
          stream.status === 'live'
            ? t`Invite viewers or end the stream`
            : stream.status === 'scheduled'
              ? t`Invite viewers or call it off`
              : t`Replay`
        }
      >
        <div className="flex flex-wrap gap-2">
          {stream.status !== 'ended' ? (
            <Button variant="outline" disabled={invite.isPending} onClick={() => invite.mutate()}>
              <Trans>Invite ticket holders</Trans>
            </Button>
          ) : null}
          {/* Only a live stream has something to stop: a red button on a planned one alarms. */}
          {stream.status === 'live' ? (
            <Button variant="destructive" onClick={() => setConfirm('end')}>
              <Trans>End the stream</Trans>
            </Button>
          ) : null}
          {stream.status === 'scheduled' ? (
            <Button variant="ghost" onClick={() => setConfirm('end')}>
              <Trans>Cancel this stream</Trans>
            </Button>
          ) : null}
          {stream.status === 'ended' && !stream.hasReplay ? (
            <p className="text-sm text-muted-foreground">
              <Trans>This stream was not recorded.</Trans>
            </p>
          ) : null}
          {stream.hasReplay ? (
            <Button variant="destructive" onClick={() => setConfirm('replay')}>
              <Trans>Delete the replay</Trans>
            </Button>
          ) : null}
        </div>
      </Section>

      <ConfirmDialog
        open={confirm === 'end'}
        onOpenChange={(open) => setConfirm(open ? 'end' : null)}
        title={stream.status === 'scheduled' ? t`Cancel this stream?` : t`End the stream?`}
        description={
          stream.status === 'scheduled'
            ? t`It will not go live, and viewers see that it has ended. This cannot be undone.`
            : t`Viewers see that the stream has ended. An ended stream cannot go live again.`
        }
        error={end.isError ? errorMessage(end.error, t`The stream could not be ended.`) : null}
        cancelLabel={t`Keep it`}
        confirmLabel={stream.status === 'scheduled' ? t`Cancel the stream` : t`End the stream`}
        isPending={end.isPending}
        onConfirm={() => end.mutate(undefined, { onSuccess: () => setConfirm(null) })}
      />
      <ConfirmDialog
        open={confirm === 'replay'}
        onOpenChange={(open) => setConfirm(open ? 'replay' : null)}
        title={t`Delete the replay?`}
        description={t`The recording is removed for good; viewers can no longer watch it.`}
        error={
          deleteReplay.isError
            ? errorMessage(deleteReplay.error, t`The replay could not be deleted.`)
            : null
        }
        cancelLabel={t`Keep the replay`}
        confirmLabel={t`Delete the replay`}
        isPending={deleteReplay.isPending}
        onConfirm={() =>
          deleteReplay.mutate(undefined, {
            onSuccess: () => {
              setConfirm(null);
              toast.success(t`Replay deleted`);
            },
          })
        }
      />
    </div>
  );
}

function CreateStream({ eventId }: { eventId: string }) {
  const create = useCreateStream(eventId);
  const canRecord = useCanRecord();
  const { t } = useLingui();
  return (
    <Section
      title={t`Set up the stream`}
      description={t`Viewers watch on this site with live chat; you go live from the browser or OBS.`}
    >
      <StreamForm
        eventId={eventId}
        stream={null}
        canRecord={canRecord}
        submitLabel={t`Create the stream`}
        onSubmit={async (input) => {
          await create.mutateAsync(input);
          toast.success(t`Stream created`);
        }}
      />
    </Section>
  );
}

export function StreamSetupPage() {
  const { t } = useLingui();
  const { eventId = '' } = useParams();
  const stream = useQuery(eventStreamQuery(eventId));
  // Before the event has a stream, its owner is the one who may set one up.
  const event = useQuery(eventQuery(eventId));
  const { user } = useSession();
  const ownsEvent =
    !event.data ||
    Boolean(user && (user.id === event.data.organizer.id || user.roles.includes('admin')));

  // Managing a stream is gated by owning its event, not by a role: the refusal names who may.
  const refused = (to: string, label: string) => (
    <AccessDenied reason={t`Only the event's organizer can manage its stream.`}>
      <Link to={to} className="font-medium text-primary hover:underline">
        {label}
      </Link>
    </AccessDenied>
  );
  if ((stream.isError && isForbidden(stream.error)) || !ownsEvent)
    return refused(paths.event(eventId), t`Back to the event`);
  if (stream.data && !stream.data.isOwner)
    return refused(streamPaths.watch(stream.data.id), t`Go to the watch page`);

  let body: ReactNode;
  if (stream.isPending) body = <PageSpinner />;
  else if (stream.isError && isMissing(stream.error))
    body = event.isPending ? <PageSpinner /> : <CreateStream eventId={eventId} />;
  else if (stream.isError)
    body = (
      <LoadFailed
        title={t`The stream could not be loaded`}
        error={stream.error}
        onRetry={() => void stream.refetch()}
      />
    );
  else body = <Manage stream={stream.data} />;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:py-12">
      <div className="flex flex-col gap-2">
        <Link
          to={paths.event(eventId)}
          className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          <Trans>Event page</Trans>
        </Link>
        <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight">
          <Radio aria-hidden="true" className="size-7 text-primary" />
          {stream.data ? stream.data.title : t`Live stream`}
        </h1>
        {stream.data ? <p className="text-muted-foreground">{stream.data.eventTitle}</p> : null}
      </div>
      {body}
    </div>
  );
}
