import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Camera, CameraOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** Reads a QR code from a video frame; null when none is in view. */
type Decoder = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/**
 * The browser's BarcodeDetector where it exists (Android, ChromeOS, macOS), else the small jsQR
 * decoder, loaded only when someone starts scanning.
 */
async function loadDecoder(): Promise<Decoder> {
  const Native = (window as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    // Scaled down: decoding a 640 px frame keeps a phone responsive.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return (
      jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null
    );
  };
}

const CAMERA_ERRORS = {
  unsupported: msg`This browser cannot use the camera. Type the code instead.`,
  denied: msg`Camera access was refused. Allow the camera in your browser settings, or type the code.`,
  failed: msg`The camera could not be started. Type the code instead.`,
};
type CameraError = keyof typeof CAMERA_ERRORS;

const SCAN_INTERVAL_MS = 250;
/** The same code seen again within this time is the same scan, not a second check-in. */
const REPEAT_PAUSE_MS = 3000;

/**
 * Camera QR scanning for the check-in desk; calls `onCode` for each new code seen. While `paused`
 * (a verdict covers the screen) nothing is read, and the repeat pause restarts when scanning
 * resumes: the guest still holding up the ticket just admitted is not turned into "already
 * checked in".
 */
export function QrScanner({
  onCode,
  paused = false,
}: {
  onCode: (code: string) => void;
  paused?: boolean;
}) {
  const { t, i18n } = useLingui();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isOn, setOn] = useState(false);
  const [error, setError] = useState<CameraError | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  useEffect(() => {
    // Fetched while the network is there, so the check-in app's worker keeps the decoder for a
    // door without network (started offline, the camera could not load it).
    if (!('BarcodeDetector' in window)) void import('jsqr').catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!isOn) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let isStopped = false;
    let last = { code: '', at: 0 };

    async function start() {
      try {
        if (!navigator.mediaDevices?.getUserMedia) {
          setError('unsupported');
          setOn(false);
          return;
        }
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        const video = videoRef.current;
        if (isStopped || !video) return;
        video.srcObject = stream;
        await video.play();
        const decode = await loadDecoder();
        const tick = async () => {
          if (isStopped) return;
          if (pausedRef.current) {
            last = { ...last, at: Date.now() };
            timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
            return;
          }
          try {
            const code = await decode(video);
            const now = Date.now();
            if (code && (code !== last.code || now - last.at > REPEAT_PAUSE_MS)) {
              last = { code, at: now };
              onCodeRef.current(code);
            }
          } catch {
            // A frame that cannot be read (camera warming up): try the next one.
          }
          timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
        };
        void tick();
      } catch (e) {
        const denied = e instanceof DOMException && e.name === 'NotAllowedError';
        setError(denied ? 'denied' : 'failed');
        setOn(false);
      }
    }
    void start();
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [isOn]);

  return (
    <div className="flex flex-col gap-3">
      <Button
        variant={isOn ? 'outline' : 'secondary'}
        className="self-start"
        aria-pressed={isOn}
        onClick={() => {
          setError(null);
          setOn((on) => !on);
        }}
      >
        {isOn ? (
          <CameraOff aria-hidden="true" className="size-4" />
        ) : (
          <Camera aria-hidden="true" className="size-4" />
        )}
        {isOn ? t`Stop camera` : t`Scan with camera`}
      </Button>
      {error ? <Alert variant="destructive">{i18n._(CAMERA_ERRORS[error])}</Alert> : null}
      {isOn ? (
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label={t`Camera view: hold the ticket's QR code in front of the camera`}
          className="aspect-square w-full max-w-sm rounded-lg bg-black object-cover"
        />
      ) : null}
    </div>
  );
}
