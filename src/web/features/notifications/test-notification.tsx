import { Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { useSendTestNotification } from './api';

/** Sends yourself a notification through every channel the settings allow, to see them work. */
export function TestNotification() {
  const send = useSendTestNotification();
  const { t } = useLingui();
  return (
    <section
      aria-labelledby="test-notification-title"
      className="flex flex-col gap-4 rounded-lg border border-border p-4 md:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="test-notification-title" className="text-lg font-semibold">
          <Trans>Try it</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Send yourself a test notification. It follows your saved settings for account activity.
          </Trans>
        </p>
      </div>
      <div>
        <Button variant="outline" onClick={() => send.mutate()} disabled={send.isPending}>
          <Send aria-hidden="true" className="size-4" />
          {send.isPending ? <Trans>Sending...</Trans> : <Trans>Test notification</Trans>}
        </Button>
      </div>
      {send.isSuccess ? (
        <Alert variant="success">
          <p>
            <Trans>Test notification sent.</Trans>
          </p>
        </Alert>
      ) : null}
      {send.isError ? (
        <Alert variant="destructive" title={t`The test notification was not sent`}>
          <p>{errorMessage(send.error, t`Please try again.`)}</p>
        </Alert>
      ) : null}
    </section>
  );
}
