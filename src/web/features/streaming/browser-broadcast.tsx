import { Trans, useLingui } from '@lingui/react/macro';
import { Camera, MonitorUp, Radio, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { BroadcastServerFrame } from '../../../contracts/streaming';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';

// Going live from the browser: camera + microphone or a shared screen, recorded by
// MediaRecorder in one-second webm chunks and sent as binary frames over the broadcast socket;
// the server's ffmpeg turns them into HLS. No software to install.

type Source = 'camera' | 'screen';
type Phase = 'idle' | 'preview' | 'connecting' | 'live' | 'stopping';

/** What MediaRecorder should produce: vp8+opus (what the server expects), else what it can. */
function pickMimeType(): string | undefined {
  const candidates = [
    'video/webm;codecs=vp8,opus',
    'video/webm;codecs=vp9,opus',
    'video/webm;codecs=h264,opus',
    'video/webm',
  ];
  if (typeof MediaRecorder === 'undefined') return undefined;
  return candidates.find((type) => MediaRecorder.isTypeSupported(type));
}

async function captureMedia(source: Source): Promise<MediaStream> {
  if (source === 'screen') {
    const screen = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
    // A screen share often has no sound of its own: add the microphone when one is there.
    if (screen.getAudioTracks().length === 0) {
      try {
        const mic = await navigator.mediaDevices.getUserMedia({ audio: true });
        for (const track of mic.getAudioTracks()) screen.addTrack(track);
      } catch {
        // no microphone: the screen alone
      }
    }
    return screen;
  }
  return navigator.mediaDevices.getUserMedia({
    video: { width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: true,
  });
}

function socketUrl(path: string): string {
  const url = new URL(path, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function stopTracks(media: MediaStream | null) {
  for (const track of media?.getTracks() ?? []) track.stop();
}

export function BrowserBroadcast({
  broadcastPath,
  isDisabled,
  disabledReason,
  onLive,
  onStopped,
}: {
  broadcastPath: string;
  isDisabled: boolean;
  disabledReason?: string;
  onLive: () => void;
  onStopped: () => void;
}) {
  const { t } = useLingui();
  const [source, setSource] = useState<Source>('camera');
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const mediaRef = useRef<MediaStream | null>(null);
  const socketRef = useRef<WebSocket | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const callbacks = useRef({ onLive, onStopped });
  useEffect(() => {
    callbacks.current = { onLive, onStopped };
  });

  // Leaving the page ends the capture and the socket (the server then ends the stream after its
  // reconnect grace period).
  useEffect(
    () => () => {
      if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
      socketRef.current?.close();
      stopTracks(mediaRef.current);
    },
    [],
  );

  const isSupported =
    typeof navigator !== 'undefined' &&
    Boolean(navigator.mediaDevices?.getUserMedia) &&
    typeof MediaRecorder !== 'undefined' &&
    typeof WebSocket !== 'undefined';

  async function startPreview() {
    setError(null);
    try {
      stopTracks(mediaRef.current);
      const media = await captureMedia(source);
      mediaRef.current = media;
      if (videoRef.current) videoRef.current.srcObject = media;
      // The person ended the screen share from the browser's own bar.
      media.getVideoTracks()[0]?.addEventListener('ended', () => stop());
      setPhase('preview');
    } catch (caught) {
      setError(
        caught instanceof DOMException && caught.name === 'NotAllowedError'
          ? t`The browser was not allowed to use the camera, microphone or screen. Allow it in the address bar and try again.`
          : t`No camera, microphone or screen could be opened on this device.`,
      );
      setPhase('idle');
    }
  }

  function goLive() {
    const media = mediaRef.current;
    if (!media) return;
    setError(null);
    setPhase('connecting');
    const socket = new WebSocket(socketUrl(broadcastPath));
    socket.binaryType = 'arraybuffer';
    socketRef.current = socket;
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let frame: BroadcastServerFrame;
      try {
        frame = JSON.parse(event.data) as BroadcastServerFrame;
      } catch {
        return;
      }
      if (frame.type === 'ready' && !recorderRef.current) {
        const mimeType = pickMimeType();
        const recorder = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
        recorderRef.current = recorder;
        recorder.ondataavailable = (chunk) => {
          if (chunk.data.size > 0 && socket.readyState === WebSocket.OPEN) socket.send(chunk.data);
        };
        recorder.onstop = () => {
          // The last chunk is delivered before `stop`: then tell the server we are done.
          if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'stop' }));
        };
        recorder.start(1000);
      } else if (frame.type === 'live') {
        setPhase('live');
        callbacks.current.onLive();
      } else if (frame.type === 'ended') {
        finish();
      } else if (frame.type === 'error') {
        setError(frame.message);
        finish();
      }
    };
    socket.onclose = () => {
      if (socketRef.current === socket) finish();
    };
    socket.onerror = () => setError(t`The connection to the streaming server failed.`);
  }

  /** Everything stopped; the preview goes back to idle. */
  function finish() {
    const recorder = recorderRef.current;
    recorderRef.current = null;
    if (recorder?.state === 'recording') recorder.stop();
    const socket = socketRef.current;
    socketRef.current = null;
    // Give the last chunk and the stop frame a moment on the wire before closing.
    if (socket) setTimeout(() => socket.close(), 1500);
    stopTracks(mediaRef.current);
    mediaRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setPhase('idle');
    callbacks.current.onStopped();
  }

  function stop() {
    if (!socketRef.current) {
      stopTracks(mediaRef.current);
      mediaRef.current = null;
      if (videoRef.current) videoRef.current.srcObject = null;
      setPhase('idle');
      return;
    }
    setPhase('stopping');
    finish();
  }

  if (!isSupported)
    return (
      <Alert variant="info">
        <Trans>
          This browser cannot broadcast (it lacks camera access or MediaRecorder). Use a current
          Chrome, Edge or Firefox, or stream from OBS with the details below.
        </Trans>
      </Alert>
    );

  const isBusy = phase === 'connecting' || phase === 'live' || phase === 'stopping';
  return (
    <div className="flex flex-col gap-4">
      {isDisabled && disabledReason ? <Alert variant="info">{disabledReason}</Alert> : null}
      <fieldset className="flex flex-col gap-2" disabled={isBusy || isDisabled}>
        <legend className="mb-1 text-sm font-medium">
          <Trans>What to broadcast</Trans>
        </legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="broadcast-source"
              value="camera"
              checked={source === 'camera'}
              onChange={() => setSource('camera')}
            />
            <Camera aria-hidden="true" className="size-4" /> <Trans>Camera and microphone</Trans>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="broadcast-source"
              value="screen"
              checked={source === 'screen'}
              onChange={() => setSource('screen')}
            />
            <MonitorUp aria-hidden="true" className="size-4" /> <Trans>My screen</Trans>
          </label>
        </div>
      </fieldset>
      <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-black">
        <video
          ref={videoRef}
          autoPlay
          muted
          playsInline
          aria-label={t`Your preview`}
          className="size-full object-contain"
        />
        {phase === 'idle' ? (
          <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-white/80">
            <Trans>Start the preview to check your picture and sound.</Trans>
          </p>
        ) : null}
        {phase === 'live' ? (
          <Badge variant="danger" className="absolute top-3 start-3">
            <Radio aria-hidden="true" className="size-3" /> <Trans>LIVE</Trans>
          </Badge>
        ) : null}
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {phase === 'idle' && t`Not broadcasting.`}
        {phase === 'preview' && t`Preview on. Viewers see nothing until you go live.`}
        {phase === 'connecting' && t`Connecting to the streaming server…`}
        {phase === 'live' && t`You are live.`}
        {phase === 'stopping' && t`Stopping…`}
      </p>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        {phase === 'idle' || phase === 'preview' ? (
          <Button variant="outline" onClick={() => void startPreview()} disabled={isDisabled}>
            {phase === 'preview' ? t`Restart preview` : t`Start preview`}
          </Button>
        ) : null}
        {phase === 'preview' ? (
          <Button onClick={goLive} disabled={isDisabled}>
            <Radio aria-hidden="true" className="size-4" /> <Trans>Go live</Trans>
          </Button>
        ) : null}
        {isBusy || phase === 'preview' ? (
          <Button variant="destructive" onClick={stop} disabled={phase === 'stopping'}>
            <Square aria-hidden="true" className="size-4" />
            {phase === 'preview' ? t`Stop preview` : t`Stop broadcast`}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
