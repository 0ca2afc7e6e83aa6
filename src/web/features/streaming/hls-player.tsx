import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type Hls from 'hls.js';
import type { HlsConfig } from 'hls.js';
import { Maximize, Minimize } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { WatchGrant } from '../../../contracts/streaming';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';

// The player's own failures, kept as messages so they read in the language the page shows now.
const PLAYER_ERRORS = {
  network: msg`The video could not be loaded. Check your connection and reload.`,
  unsupported: msg`This browser cannot play live video. Try a current Chrome, Edge, Firefox or Safari.`,
} satisfies Record<string, MessageDescriptor>;

class PlayerError extends Error {
  constructor(readonly descriptor: MessageDescriptor) {
    super(descriptor.message);
  }
}

// The player of /stream/watch. hls.js is imported here, dynamically, so it is
// fetched only on this page; Safari plays HLS itself and never loads it.

export type LatencyMode = 'low' | 'stable';

/**
 * Low latency sits two seconds behind the live edge and catches up by playing faster; stable
 * keeps a longer buffer so a slow network does not stall (spec: latency mode).
 */
export const LATENCY_CONFIG: Record<LatencyMode, Partial<HlsConfig>> = {
  low: {
    lowLatencyMode: true,
    liveSyncDuration: 2,
    liveMaxLatencyDuration: 6,
    maxLiveSyncPlaybackRate: 1.5,
  },
  stable: {
    lowLatencyMode: false,
    liveSyncDuration: 8,
    liveMaxLatencyDuration: 20,
    maxLiveSyncPlaybackRate: 1,
  },
};

/** The playlist and segment addresses carry the viewer's token; swap in the newest one. */
export function withToken(url: string, token: string | null): string {
  if (!token) return url;
  try {
    const parsed = new URL(url, window.location.href);
    if (!parsed.searchParams.has('token')) return url;
    parsed.searchParams.set('token', token);
    return parsed.toString();
  } catch {
    return url;
  }
}

function tokenOf(playlistUrl: string): string | null {
  try {
    return new URL(playlistUrl, window.location.href).searchParams.get('token');
  } catch {
    return null;
  }
}

export function HlsPlayer({
  streamId,
  requestGrant,
  latency,
  isLive,
  overlay,
}: {
  streamId: string;
  /** POST /api/streams/:id/watch: a playlist address bound to this viewer, short-lived. */
  requestGrant: () => Promise<WatchGrant>;
  latency: LatencyMode;
  isLive: boolean;
  /** Badges drawn over the video (LIVE, viewers). */
  overlay?: ReactNode;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const tokenRef = useRef<string | null>(null);
  const { t, i18n } = useLingui();
  const [error, setError] = useState<unknown>(null);
  const [isLoading, setLoading] = useState(true);
  const [isFullscreen, setFullscreen] = useState(false);
  const grantRef = useRef(requestGrant);
  useEffect(() => {
    grantRef.current = requestGrant;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let hls: Hls | null = null;
    let renewTimer: ReturnType<typeof setTimeout> | undefined;
    let isCancelled = false;
    setError(null);
    setLoading(true);

    // A token expires in minutes; a new one is fetched before that, and every later playlist
    // or segment request carries it (the server checks each of them).
    function scheduleRenewal(grant: WatchGrant) {
      const left = new Date(grant.expiresAt).getTime() - Date.now();
      renewTimer = setTimeout(
        () => {
          grantRef
            .current()
            .then((next) => {
              if (isCancelled) return;
              tokenRef.current = tokenOf(next.playlistUrl);
              scheduleRenewal(next);
            })
            .catch(() => undefined);
        },
        Math.max(5_000, left * 0.7),
      );
    }

    async function start() {
      try {
        const grant = await grantRef.current();
        if (isCancelled || !video) return;
        tokenRef.current = tokenOf(grant.playlistUrl);
        scheduleRenewal(grant);
        const { default: HlsClass } = await import('hls.js');
        if (isCancelled) return;
        if (HlsClass.isSupported()) {
          hls = new HlsClass({
            ...LATENCY_CONFIG[latency],
            xhrSetup: (xhr, url) => xhr.open('GET', withToken(url, tokenRef.current), true),
          });
          hls.on(HlsClass.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR) hls?.recoverMediaError();
            else setError(new PlayerError(PLAYER_ERRORS.network));
          });
          hls.loadSource(grant.playlistUrl);
          hls.attachMedia(video);
        } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
          video.src = grant.playlistUrl;
        } else {
          setError(new PlayerError(PLAYER_ERRORS.unsupported));
          return;
        }
        video.play().catch(() => {
          // Autoplay with sound was refused: start muted, the viewer unmutes with the controls.
          video.muted = true;
          video.play().catch(() => undefined);
        });
      } catch (caught) {
        if (!isCancelled) setError(caught);
      } finally {
        if (!isCancelled) setLoading(false);
      }
    }
    void start();
    return () => {
      isCancelled = true;
      clearTimeout(renewTimer);
      hls?.destroy();
      video.removeAttribute('src');
      video.load();
    };
  }, [streamId, latency, isLive]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  function toggleFullscreen() {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frameRef.current?.requestFullscreen?.();
  }

  return (
    <div className="flex flex-col gap-2">
      <div
        ref={frameRef}
        className="relative aspect-video w-full overflow-hidden rounded-lg bg-black"
      >
        <video
          ref={videoRef}
          controls
          playsInline
          aria-label={isLive ? t`Live stream` : t`Stream replay`}
          className="size-full object-contain"
        />
        <div className="pointer-events-none absolute top-3 start-3 flex gap-2">{overlay}</div>
        <Button
          variant="secondary"
          size="icon"
          className="absolute top-3 end-3"
          aria-label={isFullscreen ? t`Leave full screen` : t`Full screen`}
          onClick={toggleFullscreen}
        >
          {isFullscreen ? (
            <Minimize aria-hidden="true" className="size-4" />
          ) : (
            <Maximize aria-hidden="true" className="size-4" />
          )}
        </Button>
        {isLoading ? (
          <div className="absolute inset-0 flex items-center justify-center text-white">
            <Spinner label={t`Loading the video`} />
          </div>
        ) : null}
      </div>
      {error ? (
        <Alert variant="destructive">
          {error instanceof PlayerError
            ? i18n._(error.descriptor)
            : errorMessage(
                error,
                error instanceof Error ? error.message : t`The video could not be loaded.`,
              )}
        </Alert>
      ) : null}
    </div>
  );
}
