import { Copy, Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Stream } from '../../../contracts/streaming';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorMessage } from '../../lib/api-client';
import { useRotateKey } from './api';

type Ingest = NonNullable<Stream['ingest']>;

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.error(`The ${what.toLowerCase()} could not be copied; select it and copy it by hand.`);
  }
}

/** Whether an address points at this machine only (a development install). */
function isLoopback(url: string): boolean {
  const host = /^rtmps?:\/\/([^/:]+|\[[^\]]+\])/.exec(url)?.[1] ?? '';
  return host === 'localhost' || host.startsWith('127.') || host === '[::1]';
}

/** "OBS or any encoder": the RTMP server and the stream's secret key. */
export function ObsPanel({ streamId, ingest }: { streamId: string; ingest: Ingest }) {
  const [isKeyShown, setKeyShown] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const rotate = useRotateKey(streamId);

  if (!ingest.rtmpUrl)
    return (
      <Alert variant="info">
        This server does not accept RTMP (its RTMP port is off). Go live from the browser above.
      </Alert>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        In OBS: Settings → Stream → Service “Custom…”, then paste the server and the key. Keep the
        key secret: anyone with it can broadcast on your stream.
      </p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="rtmp-server">Server</Label>
        <div className="flex gap-2">
          <Input id="rtmp-server" readOnly value={ingest.rtmpUrl} className="font-mono" />
          <Button
            variant="outline"
            size="icon"
            aria-label="Copy the server address"
            onClick={() => void copy(ingest.rtmpUrl ?? '', 'Server address')}
          >
            <Copy aria-hidden="true" className="size-4" />
          </Button>
        </div>
        {isLoopback(ingest.rtmpUrl) ? (
          <p className="text-sm text-muted-foreground">
            This address only works for OBS on this computer. To stream from another machine, the
            server&apos;s administrator sets PUBLIC_URL (or RTMP_PUBLIC_URL) to its public address.
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="rtmp-key">Stream key</Label>
        <div className="flex gap-2">
          <Input
            id="rtmp-key"
            readOnly
            type={isKeyShown ? 'text' : 'password'}
            value={ingest.streamKey}
            className="font-mono"
          />
          <Button
            variant="outline"
            size="icon"
            aria-label={isKeyShown ? 'Hide the stream key' : 'Show the stream key'}
            aria-pressed={isKeyShown}
            onClick={() => setKeyShown(!isKeyShown)}
          >
            {isKeyShown ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Copy the stream key"
            onClick={() => void copy(ingest.streamKey, 'Stream key')}
          >
            <Copy aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      <Button variant="outline" className="self-start" onClick={() => setConfirming(true)}>
        <RefreshCw aria-hidden="true" className="size-4" /> New stream key
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) rotate.reset();
        }}
        title="Replace the stream key?"
        description="The old key stops working at once: an encoder using it is disconnected and needs the new key."
        error={rotate.isError ? errorMessage(rotate.error, 'The key could not be replaced.') : null}
        cancelLabel="Keep the key"
        confirmLabel="Replace the key"
        isPending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('New stream key ready');
            },
          })
        }
      />
    </div>
  );
}
