import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

const COPY_TEXTS = {
  server: {
    done: msg`Server address copied`,
    failed: msg`The server address could not be copied; select it and copy it by hand.`,
  },
  key: {
    done: msg`Stream key copied`,
    failed: msg`The stream key could not be copied; select it and copy it by hand.`,
  },
};

async function copy(text: string, what: keyof typeof COPY_TEXTS, i18n: I18n) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(i18n._(COPY_TEXTS[what].done));
  } catch {
    toast.error(i18n._(COPY_TEXTS[what].failed));
  }
}

/** Whether an address points at this machine only (a development install). */
function isLoopback(url: string): boolean {
  const host = /^rtmps?:\/\/([^/:]+|\[[^\]]+\])/.exec(url)?.[1] ?? '';
  return host === 'localhost' || host.startsWith('127.') || host === '[::1]';
}

/** "OBS or any encoder": the RTMP server and the stream's secret key. */
export function ObsPanel({ streamId, ingest }: { streamId: string; ingest: Ingest }) {
  const { t, i18n } = useLingui();
  const [isKeyShown, setKeyShown] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const rotate = useRotateKey(streamId);

  if (!ingest.rtmpUrl)
    return (
      <Alert variant="info">
        <Trans>
          This server does not accept RTMP (its RTMP port is off). Go live from the browser above.
        </Trans>
      </Alert>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        <Trans>
          In OBS: Settings → Stream → Service “Custom…”, then paste the server and the key. Keep the
          key secret: anyone with it can broadcast on your stream.
        </Trans>
      </p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="rtmp-server">
          <Trans>Server</Trans>
        </Label>
        <div className="flex gap-2">
          <Input id="rtmp-server" readOnly value={ingest.rtmpUrl} className="font-mono" />
          <Button
            variant="outline"
            size="icon"
            aria-label={t`Copy the server address`}
            onClick={() => void copy(ingest.rtmpUrl ?? '', 'server', i18n)}
          >
            <Copy aria-hidden="true" className="size-4" />
          </Button>
        </div>
        {isLoopback(ingest.rtmpUrl) ? (
          <p className="text-sm text-muted-foreground">
            <Trans>
              This address only works for OBS on this computer. To stream from another machine, the
              server&apos;s administrator sets PUBLIC_URL (or RTMP_PUBLIC_URL) to its public
              address.
            </Trans>
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="rtmp-key">
          <Trans>Stream key</Trans>
        </Label>
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
            aria-label={isKeyShown ? t`Hide the stream key` : t`Show the stream key`}
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
            aria-label={t`Copy the stream key`}
            onClick={() => void copy(ingest.streamKey, 'key', i18n)}
          >
            <Copy aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      <Button variant="outline" className="self-start" onClick={() => setConfirming(true)}>
        <RefreshCw aria-hidden="true" className="size-4" /> <Trans>New stream key</Trans>
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) rotate.reset();
        }}
        title={t`Replace the stream key?`}
        description={t`The old key stops working at once: an encoder using it is disconnected and needs the new key.`}
        error={
          rotate.isError ? errorMessage(rotate.error, t`The key could not be replaced.`) : null
        }
        cancelLabel={t`Keep the key`}
        confirmLabel={t`Replace the key`}
        isPending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t`New stream key ready`);
            },
          })
        }
      />
    </div>
  );
}
