import type { MessageDescriptor } from '@lingui/core';
import { msg, ph } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../contracts/developer';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { CopyButton } from '../../components/copy-button';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useResendDelivery,
  useSendTestEvent,
  useSetWebhookEnabled,
  useWebhooks,
} from './api';
import { formatDateTime } from '../../lib/dates';

const TYPE_LABELS: Record<WebhookEventType, MessageDescriptor> = {
  'order.paid': msg`An order is paid`,
  'order.refunded': msg`An order is refunded (fully or partly)`,
  'attendee.registered': msg`A ticket is issued to an attendee`,
  'ticket.checked_in': msg`A ticket is checked in at the door`,
  'ticket.transferred': msg`A ticket is transferred to another person`,
  'vendor_request.created': msg`A vendor applies to one of your events`,
  'vendor_request.approved': msg`You approve a vendor`,
  'event.updated': msg`One of your events changes (details, status, visibility)`,
};

// Header and payload shapes as the receiving code sees them; never translated.
const signatureHeader = 'MEA-Signature: t=<unix seconds>,v1=<hex>';
const signedPayload = 't + "." + raw body';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

function deliveryState(d: WebhookDelivery): { label: MessageDescriptor; variant: BadgeVariant } {
  if (d.status === 'succeeded') return { label: msg`Delivered`, variant: 'success' };
  if (d.status === 'failed') return { label: msg`Failed`, variant: 'danger' };
  // Claimed but not yet answered counts as an attempt already: it is still being sent.
  return d.attempts === 0 || d.lastAttemptAt === null
    ? { label: msg`Sending`, variant: 'outline' }
    : { label: msg`Retrying`, variant: 'warning' };
}

function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>(['order.paid']);
  const fields = fieldErrors(create.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { url, description, eventTypes: types },
      {
        onSuccess: (created) => {
          setUrl('');
          setDescription('');
          onCreated(created.secret);
        },
      },
    );
  }
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
      noValidate
    >
      <h3 className="text-base font-semibold">
        <Trans>Add an endpoint</Trans>
      </h3>
      <Field
        id={`${id}-url`}
        label={t`Endpoint URL`}
        hint={t`We POST signed JSON here. Private and internal addresses are refused.`}
        error={fields.url}
      >
        <Input
          id={`${id}-url`}
          dir="ltr"
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/mea"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </Field>
      <Field id={`${id}-description`} label={t`Description (optional)`} error={fields.description}>
        <Input
          id={`${id}-description`}
          value={description}
          maxLength={200}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Events to send</Trans>
        </legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex flex-wrap items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={types.includes(type)}
              onChange={(e) =>
                setTypes((current) =>
                  e.target.checked ? [...current, type] : current.filter((t) => t !== type),
                )
              }
            />
            {i18n._(TYPE_LABELS[type])}{' '}
            <code dir="ltr" className="text-xs text-muted-foreground">
              {type}
            </code>
          </label>
        ))}
        {fields.eventTypes ? <p className="text-sm text-destructive">{fields.eventTypes}</p> : null}
      </fieldset>
      {create.error && !Object.keys(fields).length ? (
        <Alert variant="destructive">
          {errorMessage(create.error, t`The endpoint could not be added.`)}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t`Adding…` : t`Add endpoint`}
        </Button>
      </div>
    </form>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useLingui();
  const deliveries = useDeliveries(endpoint.id);
  const resend = useResendDelivery();
  const url = endpoint.url;
  if (deliveries.isPending) return <Spinner />;
  if (deliveries.isError)
    return (
      <Alert variant="destructive">
        {errorMessage(deliveries.error, t`The delivery log could not be loaded.`)}
      </Alert>
    );
  if (!deliveries.data.deliveries.length)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No deliveries yet.</Trans>
      </p>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">
          <Trans>Deliveries to {url}</Trans>
        </caption>
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pe-3">
              <Trans>Event</Trans>
            </th>
            <th scope="col" className="py-2 pe-3">
              <Trans>State</Trans>
            </th>
            <th scope="col" className="py-2 pe-3">
              <Trans>Response</Trans>
            </th>
            <th scope="col" className="py-2 pe-3">
              <Trans>Attempts</Trans>
            </th>
            <th scope="col" className="py-2 pe-3">
              <Trans>Last attempt</Trans>
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.deliveries.map((d) => {
            const state = deliveryState(d);
            return (
              <tr key={d.id} className="border-b border-border align-top">
                <td className="py-2 pe-3">
                  <code dir="ltr">{d.eventType}</code>
                </td>
                <td className="py-2 pe-3">
                  <Badge variant={state.variant}>{i18n._(state.label)}</Badge>
                  {d.nextAttemptAt && d.attempts > 0 ? (
                    <span className="block text-xs text-muted-foreground">
                      <Trans>Next try {ph({ nextTry: when(d.nextAttemptAt) })}</Trans>
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pe-3">
                  {d.lastStatusCode ?? (d.lastError ? t`No answer` : '—')}
                  {d.lastError ? (
                    <span className="block max-w-xs truncate text-xs text-muted-foreground">
                      {d.lastError}
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pe-3">{d.attempts}</td>
                <td className="py-2 pe-3">{when(d.lastAttemptAt)}</td>
                <td className="py-2">
                  {d.attempts > 0 && !endpoint.disabledAt ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={resend.isPending}
                      onClick={() => resend.mutate({ endpointId: endpoint.id, deliveryId: d.id })}
                    >
                      <Trans>
                        Resend<span className="sr-only"> {ph({ eventType: d.eventType })}</span>
                      </Trans>
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

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
