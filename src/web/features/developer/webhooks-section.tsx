import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { type WebhookEndpoint } from '../../../contracts/developer';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { CopyButton } from '../../components/copy-button';
import { useDeleteWebhook, useSendTestEvent, useSetWebhookEnabled, useWebhooks } from './api';
import { CreateWebhookForm } from './create-webhook-form';
import { DeliveryLog } from './delivery-log';

// Header and payload shapes as the receiving code sees them; never translated.
const signatureHeader = 'MEA-Signature: t=<unix seconds>,v1=<hex>';
const signedPayload = 't + "." + raw body';

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useLingui();
  const test = useSendTestEvent();
  const setEnabled = useSetWebhookEnabled();
  const remove = useDeleteWebhook();
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const url = endpoint.url;
  const failures = endpoint.consecutiveFailures;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-medium break-all">
            {endpoint.url}
          </h3>
          {endpoint.description ? (
            <p dir="auto" className="text-sm text-muted-foreground">
              {endpoint.description}
            </p>
          ) : null}
          <p className="text-xs text-muted-foreground">{endpoint.eventTypes.join(', ')}</p>
        </div>
        <Badge variant={endpoint.disabledAt ? 'danger' : 'success'}>
          {endpoint.disabledAt ? t`Off` : t`On`}
        </Badge>
      </div>
      {endpoint.disabledAt ? (
        <Alert variant="destructive">{endpoint.disabledReason ?? t`Turned off.`}</Alert>
      ) : endpoint.consecutiveFailures > 0 ? (
        <p className="text-sm text-warning">
          <Plural
            value={failures}
            one="# failed attempt in a row."
            other="# failed attempts in a row."
          />
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={Boolean(endpoint.disabledAt) || test.isPending}
          onClick={() => {
            setOpen(true);
            test.mutate(endpoint.id);
          }}
        >
          <Trans>Send test event</Trans>
        </Button>
        <Button size="sm" variant="outline" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
          {open ? t`Hide deliveries` : t`Show deliveries`}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={setEnabled.isPending}
          onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: !!endpoint.disabledAt })}
        >
          {endpoint.disabledAt ? t`Turn on` : t`Turn off`}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
          <Trans>Delete</Trans>
        </Button>
      </div>
      {test.error ? (
        <Alert variant="destructive">
          {errorMessage(test.error, t`The test event could not be sent.`)}
        </Alert>
      ) : null}
      {open ? <DeliveryLog endpoint={endpoint} /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Delete this endpoint?`}
        description={t`Nothing more is sent to ${url}, and its delivery log is deleted.`}
        error={
          remove.error ? errorMessage(remove.error, t`The endpoint could not be deleted.`) : null
        }
        cancelLabel={t`Keep it`}
        confirmLabel={t`Delete endpoint`}
        isPending={remove.isPending}
        onConfirm={() => remove.mutate(endpoint.id, { onSuccess: () => setConfirming(false) })}
      />
    </article>
  );
}

/** Outgoing webhooks on the developer page (decision 029). */
export function WebhooksSection() {
  const { t } = useLingui();
  const endpoints = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <section aria-labelledby="webhooks-title" className="flex flex-col gap-4">
      <div>
        <h2 id="webhooks-title" className="text-lg font-semibold">
          <Trans>Webhooks</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            We tell your server when an order is paid or refunded, a ticket is issued or checked in.
          </Trans>{' '}
          <Trans>Failed deliveries are retried for about 28 hours.</Trans>
        </p>
      </div>
      {secret ? (
        <Alert variant="success">
          <p className="font-medium">
            <Trans>Copy the signing secret now: it is shown only once.</Trans>
          </p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <Input
              readOnly
              value={secret}
              aria-label={t`Signing secret`}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={secret} label={t`Copy secret`} toastTitle={t`Secret copied`} />
          </div>
        </Alert>
      ) : null}
      <CreateWebhookForm onCreated={setSecret} />
      {endpoints.isPending ? (
        <Spinner />
      ) : endpoints.isError ? (
        <Alert variant="destructive">
          {errorMessage(endpoints.error, t`Your endpoints could not be loaded.`)}
        </Alert>
      ) : endpoints.data.endpoints.length === 0 ? (
        <p className="text-muted-foreground">
          <Trans>No endpoints yet.</Trans>
        </p>
      ) : (
        endpoints.data.endpoints.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} />
        ))
      )}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">
          <Trans>Verifying the signature</Trans>
        </summary>
        <div className="mt-2 flex flex-col gap-2">
          <p>
            <Trans>
              Each request carries <code dir="ltr">{signatureHeader}</code> where{' '}
              <code dir="ltr">v1</code> is HMAC-SHA256 of <code dir="ltr">{signedPayload}</code>{' '}
              with your secret.
            </Trans>{' '}
            <Trans>
              Compare in constant time and refuse a <code dir="ltr">t</code> older than five
              minutes.
            </Trans>{' '}
            <Trans>
              The body&apos;s <code dir="ltr">id</code> is the event id: the same event can arrive
              twice (retries, Resend), so skip ids you have already handled.
            </Trans>{' '}
            <Trans>Answer 2xx within 10 seconds; redirects are not followed.</Trans>
          </p>
          <pre dir="ltr" className="overflow-x-auto rounded bg-muted p-3 text-xs">
            {`const [t, v1] = header.split(',').map((p) => p.split('=')[1]);
const expected = crypto.createHmac('sha256', secret)
  .update(\`\${t}.\${rawBody}\`).digest('hex');
const ok = crypto.timingSafeEqual(Buffer.from(v1), Buffer.from(expected))
  && Date.now() / 1000 - Number(t) < 300;`}
          </pre>
        </div>
      </details>
    </section>
  );
}
