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

const TYPE_LABELS: Record<WebhookEventType, string> = {
  'order.paid': 'An order is paid',
  'order.refunded': 'An order is refunded (fully or partly)',
  'attendee.registered': 'A ticket is issued to an attendee',
  'ticket.checked_in': 'A ticket is checked in at the door',
  'vendor_request.created': 'A vendor applies to one of your events',
  'vendor_request.approved': 'You approve a vendor',
  'event.updated': 'One of your events changes (details, status, visibility)',
};

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

function deliveryState(d: WebhookDelivery): { label: string; variant: BadgeVariant } {
  if (d.status === 'succeeded') return { label: 'Delivered', variant: 'success' };
  if (d.status === 'failed') return { label: 'Failed', variant: 'danger' };
  // Claimed but not yet answered counts as an attempt already: it is still being sent.
  return d.attempts === 0 || d.lastAttemptAt === null
    ? { label: 'Sending', variant: 'outline' }
    : { label: 'Retrying', variant: 'warning' };
}

function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
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
      <h3 className="text-base font-semibold">Add an endpoint</h3>
      <Field
        id={`${id}-url`}
        label="Endpoint URL"
        hint="We POST signed JSON here. Private and internal addresses are refused."
        error={fields.url}
      >
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/mea"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </Field>
      <Field id={`${id}-description`} label="Description (optional)" error={fields.description}>
        <Input
          id={`${id}-description`}
          value={description}
          maxLength={200}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Events to send</legend>
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
            {TYPE_LABELS[type]} <code className="text-xs text-muted-foreground">{type}</code>
          </label>
        ))}
        {fields.eventTypes ? <p className="text-sm text-destructive">{fields.eventTypes}</p> : null}
      </fieldset>
      {create.error && !Object.keys(fields).length ? (
        <Alert variant="destructive">
          {errorMessage(create.error, 'The endpoint could not be added.')}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add endpoint'}
        </Button>
      </div>
    </form>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useDeliveries(endpoint.id);
  const resend = useResendDelivery();
  if (deliveries.isPending) return <Spinner />;
  if (deliveries.isError)
    return (
      <Alert variant="destructive">
        {errorMessage(deliveries.error, 'The delivery log could not be loaded.')}
      </Alert>
    );
  if (!deliveries.data.deliveries.length)
    return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">Deliveries to {endpoint.url}</caption>
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pe-3">
              Event
            </th>
            <th scope="col" className="py-2 pe-3">
              State
            </th>
            <th scope="col" className="py-2 pe-3">
              Response
            </th>
            <th scope="col" className="py-2 pe-3">
              Attempts
            </th>
            <th scope="col" className="py-2 pe-3">
              Last attempt
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.deliveries.map((d) => {
            const state = deliveryState(d);
            return (
              <tr key={d.id} className="border-b border-border align-top">
                <td className="py-2 pe-3">
                  <code>{d.eventType}</code>
                </td>
                <td className="py-2 pe-3">
                  <Badge variant={state.variant}>{state.label}</Badge>
                  {d.nextAttemptAt && d.attempts > 0 ? (
                    <span className="block text-xs text-muted-foreground">
                      Next try {when(d.nextAttemptAt)}
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pe-3">
                  {d.lastStatusCode ?? (d.lastError ? 'No answer' : '—')}
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
                      Resend<span className="sr-only"> {d.eventType}</span>
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
  const test = useSendTestEvent();
  const setEnabled = useSetWebhookEnabled();
  const remove = useDeleteWebhook();
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState(false);
  const headingId = useId();
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
            <p className="text-sm text-muted-foreground">{endpoint.description}</p>
          ) : null}
          <p className="text-xs text-muted-foreground">{endpoint.eventTypes.join(', ')}</p>
        </div>
        <Badge variant={endpoint.disabledAt ? 'danger' : 'success'}>
          {endpoint.disabledAt ? 'Off' : 'On'}
        </Badge>
      </div>
      {endpoint.disabledAt ? (
        <Alert variant="destructive">{endpoint.disabledReason ?? 'Turned off.'}</Alert>
      ) : endpoint.consecutiveFailures > 0 ? (
        <p className="text-sm text-warning">
          {endpoint.consecutiveFailures} failed attempts in a row.
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
          Send test event
        </Button>
        <Button size="sm" variant="outline" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
          {open ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={setEnabled.isPending}
          onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: !!endpoint.disabledAt })}
        >
          {endpoint.disabledAt ? 'Turn on' : 'Turn off'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      {test.error ? (
        <Alert variant="destructive">
          {errorMessage(test.error, 'The test event could not be sent.')}
        </Alert>
      ) : null}
      {open ? <DeliveryLog endpoint={endpoint} /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this endpoint?"
        description={`Nothing more is sent to ${endpoint.url}, and its delivery log is deleted.`}
        error={
          remove.error ? errorMessage(remove.error, 'The endpoint could not be deleted.') : null
        }
        cancelLabel="Keep it"
        confirmLabel="Delete endpoint"
        isPending={remove.isPending}
        onConfirm={() => remove.mutate(endpoint.id, { onSuccess: () => setConfirming(false) })}
      />
    </article>
  );
}

/** Outgoing webhooks on the developer page (decision 029). */
export function WebhooksSection() {
  const endpoints = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <section aria-labelledby="webhooks-title" className="flex flex-col gap-4">
      <div>
        <h2 id="webhooks-title" className="text-lg font-semibold">
          Webhooks
        </h2>
        <p className="text-sm text-muted-foreground">
          We tell your server when an order is paid or refunded, a ticket is issued or checked in.
          Failed deliveries are retried for about 28 hours.
        </p>
      </div>
      {secret ? (
        <Alert variant="success">
          <p className="font-medium">Copy the signing secret now: it is shown only once.</p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <Input
              readOnly
              value={secret}
              aria-label="Signing secret"
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={secret} label="Copy secret" toastTitle="Secret copied" />
          </div>
        </Alert>
      ) : null}
      <CreateWebhookForm onCreated={setSecret} />
      {endpoints.isPending ? (
        <Spinner />
      ) : endpoints.isError ? (
        <Alert variant="destructive">
          {errorMessage(endpoints.error, 'Your endpoints could not be loaded.')}
        </Alert>
      ) : endpoints.data.endpoints.length === 0 ? (
        <p className="text-muted-foreground">No endpoints yet.</p>
      ) : (
        endpoints.data.endpoints.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} />
        ))
      )}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Verifying the signature</summary>
        <div className="mt-2 flex flex-col gap-2">
          <p>
            Each request carries <code>MEA-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>{' '}
            where <code>v1</code> is HMAC-SHA256 of <code>t + "." + raw body</code> with your
            secret. Compare in constant time and refuse a <code>t</code> older than five minutes.
            The body&apos;s <code>id</code> is the event id: the same event can arrive twice
            (retries, Resend), so skip ids you have already handled. Answer 2xx within 10 seconds;
            redirects are not followed.
          </p>
          <pre className="overflow-x-auto rounded bg-muted p-3 text-xs">
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
