import { Trans } from '@lingui/react/macro';
import { Hand, MicOff, type Mic } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';

/** One round button of the room's control bar; its label hides on small screens. */
export function Control({
  label,
  pressed,
  onClick,
  icon: Icon,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  icon: typeof Mic;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={pressed}
      className={cn(
        'inline-flex h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        pressed ? 'bg-white text-neutral-950' : 'bg-neutral-800 text-white hover:bg-neutral-700',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span className="max-md:sr-only">{label}</span>
    </button>
  );
}

/** One person in the video grid: their video (or their initial), name, mute, hand, presenting. */
export function Tile({
  name,
  stream,
  track,
  self = false,
  muted,
  cameraOff,
  hand,
  sharing,
  speaking,
  connecting = false,
}: {
  name: string;
  stream: MediaStream;
  /** For my own tile: the track being sent (camera or screen). */
  track?: MediaStreamTrack | null;
  self?: boolean;
  muted: boolean;
  cameraOff: boolean;
  hand: boolean;
  sharing: boolean;
  speaking: boolean;
  connecting?: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (!video.current) return;
    const source = self ? new MediaStream(track ? [track] : []) : stream;
    if (video.current.srcObject !== source) video.current.srcObject = source;
    if (audio.current && !self) audio.current.srcObject = stream;
  }, [stream, track, self]);
  return (
    <li
      aria-label={name}
      data-speaking={speaking || undefined}
      className={cn(
        'relative min-h-24 overflow-hidden rounded-lg bg-neutral-800 ring-2',
        speaking ? 'ring-emerald-400' : 'ring-transparent',
      )}
    >
      <video
        ref={video}
        autoPlay
        playsInline
        muted
        className={cn(
          'size-full object-contain',
          self && !sharing && '-scale-x-100',
          cameraOff && 'invisible',
        )}
      />
      {self ? null : <audio ref={audio} autoPlay />}
      {cameraOff ? (
        <span className="absolute inset-0 flex items-center justify-center text-3xl font-bold">
          {name.slice(0, 1).toUpperCase()}
        </span>
      ) : null}
      <span className="absolute bottom-2 start-2 flex items-center gap-1.5 rounded bg-black/70 px-2 py-1 text-sm">
        {muted ? (
          <>
            <MicOff aria-hidden="true" className="size-3.5" />
            <span className="sr-only">
              <Trans>Muted</Trans>
            </span>
          </>
        ) : null}
        {name}
        {sharing ? (
          <span className="text-xs text-emerald-300">
            · <Trans>presenting</Trans>
          </span>
        ) : null}
        {connecting ? (
          <span className="text-xs text-neutral-300">
            · <Trans>connecting</Trans>
          </span>
        ) : null}
      </span>
      {hand ? (
        <span className="absolute end-2 top-2 rounded bg-amber-400 px-2 py-1 text-sm font-semibold text-neutral-950">
          <Hand aria-hidden="true" className="inline size-3.5" /> <Trans>Hand raised</Trans>
        </span>
      ) : null}
    </li>
  );
}
