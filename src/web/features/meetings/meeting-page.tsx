import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { Meeting } from '../../../contracts/meetings';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { describedBy, Field } from '../../components/ui/field';
import { useContractText } from '../../i18n/contract-text';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { joinMeeting, meetingKeys, meetingQuery } from './api';
import { MeetingRoom } from './meeting-room';

type Stage =
  | { kind: 'prejoin' }
  | { kind: 'waiting' }
  | { kind: 'room'; stream: MediaStream; muted: boolean; cameraOff: boolean }
  | { kind: 'left'; reason: string | null };

// The socket's close reasons that are not contracts' texts (the server writes them in English).
const CLOSE_REASONS: Record<string, MessageDescriptor> = {
  'Signed out': msg`You were signed out.`,
  'Please sign in to join the meeting': msg`Please sign in to join the meeting`,
  'Origin not allowed': msg`This page may not connect to the meeting.`,
};

/** /meameet/:meetingId: pre-join preview with device pickers, the lobby, then the room. */
export function MeetingPage() {
  const { i18n, t } = useLingui();
  const contractText = useContractText();
  const say = (reason: string) => {
    const own = CLOSE_REASONS[reason];
    return own ? i18n._(own) : contractText(reason);
  };
  const { meetingId = '' } = useParams();
  const query = useQuery(meetingQuery(meetingId));
  const [stage, setStage] = useState<Stage>({ kind: 'prejoin' });

  useEffect(() => {
    document.title = query.data ? `${query.data.title} · MEA Meet` : 'MEA Meet';
  }, [query.data]);

  if (query.isPending) return <PageSpinner />;
  if (query.isError)
    return (
      <Centered title={t`Meeting not found`}>
        <p>{errorMessage(query.error, t`This meeting link does not work.`)}</p>
        <Link to="/meameet" className="font-semibold underline">
          <Trans>Start a new meeting</Trans>
        </Link>
      </Centered>
    );
  const meeting = query.data;
  if (meeting.endedAt)
    return (
      <Centered title={meeting.title}>
        <p>
          <Trans>This meeting has ended.</Trans>
        </p>
      </Centered>
    );
  if (stage.kind === 'room')
    return (
      <MeetingRoom
        meeting={meeting}
        stream={stage.stream}
        initial={{ muted: stage.muted, cameraOff: stage.cameraOff }}
        onLeave={(reason) => {
          stage.stream.getTracks().forEach((track) => track.stop());
          setStage({ kind: 'left', reason });
        }}
      />
    );
  if (stage.kind === 'left')
    return (
      <Centered title={stage.reason ? t`You are out of the meeting` : t`You left the meeting`}>
        {/* The reason arrives in the contracts' English (the socket's close reason). */}
        {stage.reason ? <p>{say(stage.reason)}</p> : null}
        {!stage.reason || /network|connection/i.test(stage.reason) ? (
          <Button onClick={() => setStage({ kind: 'prejoin' })}>
            <Trans>Rejoin</Trans>
          </Button>
        ) : null}
      </Centered>
    );
  return (
    <PreJoin
      meeting={meeting}
      waiting={stage.kind === 'waiting'}
      onWaiting={() => setStage({ kind: 'waiting' })}
      onJoined={(stream, muted, cameraOff) => setStage({ kind: 'room', stream, muted, cameraOff })}
    />
  );
}

function Centered({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex min-h-screen max-w-lg flex-col justify-center gap-4 px-4 py-10">
      <h1 className="text-2xl font-extrabold">{title}</h1>
      {children}
    </div>
  );
}

/**
 * Camera and microphone preview with device pickers. The stream chosen here is the one the room
 * sends; a person without a camera or microphone (or who refused them) can still join to listen.
 */
function PreJoin({
  meeting,
  waiting,
  onWaiting,
  onJoined,
}: {
  meeting: Meeting;
  waiting: boolean;
  onWaiting: () => void;
  onJoined: (stream: MediaStream, muted: boolean, cameraOff: boolean) => void;
}) {
  const { t } = useLingui();
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState('');
  const [micId, setMicId] = useState('');
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [passcode, setPasscode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const handedOver = useRef(false);
  const queryClient = useQueryClient();

  // (Re)open the preview whenever a device is picked.
  useEffect(() => {
    let cancelled = false;
    let opened: MediaStream | null = null;
    const constraints: MediaStreamConstraints = {
      audio: micId ? { deviceId: { exact: micId } } : true,
      video: cameraId ? { deviceId: { exact: cameraId } } : { width: 640, height: 360 },
    };
    navigator.mediaDevices
      ?.getUserMedia(constraints)
      .then(async (media) => {
        if (cancelled) return media.getTracks().forEach((t) => t.stop());
        opened = media;
        setStream(media);
        setMediaError(null);
        setDevices(await navigator.mediaDevices.enumerateDevices());
      })
      .catch(() => {
        if (!cancelled)
          setMediaError(
            'Your camera or microphone is not available. You can still join and listen.',
          );
      });
    return () => {
      cancelled = true;
      if (opened && !handedOver.current) opened.getTracks().forEach((t) => t.stop());
    };
  }, [cameraId, micId]);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  useEffect(() => {
    stream?.getVideoTracks().forEach((t) => (t.enabled = !cameraOff));
    stream?.getAudioTracks().forEach((t) => (t.enabled = !muted));
  }, [stream, cameraOff, muted]);

  const needsPasscode = meeting.hasPasscode && !meeting.isHost && meeting.status !== 'admitted';

  const enter = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await joinMeeting(meeting.id, needsPasscode ? passcode : undefined);
      queryClient.setQueryData(meetingKeys.meeting(meeting.id), result);
      if (result.status === 'admitted') {
        handedOver.current = true;
        onJoined(stream ?? new MediaStream(), muted, cameraOff);
      } else onWaiting();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  // In the lobby: ask again every two seconds until the host decides.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void enter(), 2000);
    return () => clearInterval(timer);
  }, [waiting]);

  const cameras = devices.filter((d) => d.kind === 'videoinput');
  const mics = devices.filter((d) => d.kind === 'audioinput');
  const errors = fieldErrors(error);
  const hostName = meeting.host.name;
  const deviceName = (kind: 'camera' | 'microphone', number: number) =>
    kind === 'camera' ? t`Camera ${number}` : t`Microphone ${number}`;
  const otherError = error && !errors.passcode ? errorMessage(error, t`Could not join.`) : null;

  return (
    <div className="mx-auto flex min-h-screen max-w-4xl flex-col justify-center gap-6 px-4 py-8">
      <div>
        <p className="text-sm font-semibold text-muted-foreground">MEA Meet</p>
        <h1 className="text-2xl font-extrabold md:text-3xl">{meeting.title}</h1>
        <p className="text-muted-foreground">
          <Trans>Hosted by {hostName}</Trans>
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-[3fr_2fr]">
        <div className="relative aspect-video overflow-hidden rounded-lg bg-neutral-900">
          <video
            ref={video}
            autoPlay
            muted
            playsInline
            aria-label={t`Your camera preview`}
            className={`size-full -scale-x-100 object-cover ${cameraOff ? 'invisible' : ''}`}
          />
          {cameraOff || !stream ? (
            <p className="absolute inset-0 flex items-center justify-center text-white">
              {stream ? t`Camera is off` : t`No camera`}
            </p>
          ) : null}
        </div>
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Ready to join?</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>Check your camera and microphone.</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form className="flex flex-col gap-4" onSubmit={(e) => void enter(e)} noValidate>
              {/* The one media failure there is, in the page's language. */}
              {mediaError ? (
                <Alert variant="info">
                  {t`Your camera or microphone is not available. You can still join and listen.`}
                </Alert>
              ) : null}
              <Field id="camera" label={t`Camera`}>
                <Select id="camera" value={cameraId} onChange={(e) => setCameraId(e.target.value)}>
                  <option value="">{t`Default camera`}</option>
                  {cameras.map((d, i) => (
                    <option key={d.deviceId || i} value={d.deviceId}>
                      {d.label || deviceName('camera', i + 1)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field id="microphone" label={t`Microphone`}>
                <Select id="microphone" value={micId} onChange={(e) => setMicId(e.target.value)}>
                  <option value="">{t`Default microphone`}</option>
                  {mics.map((d, i) => (
                    <option key={d.deviceId || i} value={d.deviceId}>
                      {d.label || deviceName('microphone', i + 1)}
                    </option>
                  ))}
                </Select>
              </Field>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" aria-pressed={muted} onClick={() => setMuted(!muted)}>
                  {muted ? t`Unmute` : t`Mute`}
                </Button>
                <Button
                  variant="outline"
                  aria-pressed={cameraOff}
                  onClick={() => setCameraOff(!cameraOff)}
                >
                  {cameraOff ? t`Turn camera on` : t`Turn camera off`}
                </Button>
              </div>
              {needsPasscode ? (
                <Field id="passcode" label={t`Passcode`} error={errors.passcode}>
                  <Input
                    id="passcode"
                    value={passcode}
                    onChange={(e) => setPasscode(e.target.value)}
                    aria-invalid={Boolean(errors.passcode)}
                    aria-describedby={describedBy('passcode', { error: errors.passcode })}
                    autoComplete="off"
                  />
                </Field>
              ) : null}
              {otherError ? <Alert variant="destructive">{otherError}</Alert> : null}
              {waiting ? (
                <div className="flex items-center gap-2 text-sm">
                  <Spinner label={t`Waiting for the host`} />{' '}
                  <Trans>Waiting for the host to let you in…</Trans>
                </div>
              ) : (
                <Button type="submit" disabled={busy || (!stream && !mediaError)}>
                  {busy
                    ? t`Joining…`
                    : meeting.lobby && !meeting.isHost
                      ? t`Ask to join`
                      : t`Join now`}
                </Button>
              )}
            </form>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
