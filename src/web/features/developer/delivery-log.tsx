import type { MessageDescriptor } from '@lingui/core';
import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type WebhookDelivery, type WebhookEndpoint } from '../../../contracts/developer';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useDeliveries, useResendDelivery } from './api';
import { formatDateTime } from '../../lib/dates';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

function deliveryState(d: WebhookDelivery): { label: MessageDescriptor; variant: BadgeVariant } {
  if (d.status === 'succeeded') return { label: msg`Delivered`, variant: 'success' };
  if (d.status === 'failed') return { label: msg`Failed`, variant: 'danger' };
  // Claimed but not yet answered counts as an attempt already: it is still being sent.
  return d.attempts === 0 || d.lastAttemptAt === null
    ? { label: msg`Sending`, variant: 'outline' }
    : { label: msg`Retrying`, variant: 'warning' };
}

/** An endpoint's recent deliveries: when, which event, how it went, and resend. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
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
