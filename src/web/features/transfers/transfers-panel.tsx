import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { TicketTransfer, TransferSettings } from '../../../contracts/transfers';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { eventTransfersQuery, transferSettingsQuery, useSaveTransferSettings } from './api';

/** The organizer's ticket transfers: whether attendees may transfer, until when, and who did. */
export function TransfersPanel({ eventId }: { eventId: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">
          <Trans>Ticket transfers</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <SettingsSection eventId={eventId} />
        <HistorySection eventId={eventId} />
      </CardContent>
    </Card>
  );
}

function SettingsSection({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const settings = useQuery(transferSettingsQuery(eventId));
  if (settings.isPending) return <Spinner />;
  if (settings.isError)
    return (
      <LoadFailed
        title={t`The transfer settings could not be loaded`}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  return <SettingsForm eventId={eventId} saved={settings.data} />;
}

function SettingsForm({ eventId, saved }: { eventId: string; saved: TransferSettings }) {
  const { t } = useLingui();
  const id = useId();
  const save = useSaveTransferSettings(eventId);
  const [allowed, setAllowed] = useState(saved.allowed);
  const [cutoff, setCutoff] = useState(String(saved.cutoffHours));
  const [done, setDone] = useState(false);
  useEffect(() => setDone(false), [allowed, cutoff]);
  const cutoffError = fieldErrors(save.error).cutoffHours;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const hours = cutoff.trim() === '' ? 0 : Number(cutoff);
    save.mutate({ allowed, cutoffHours: hours }, { onSuccess: () => setDone(true) });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1"
          checked={allowed}
          onChange={(e) => setAllowed(e.target.checked)}
        />
        <span>
          <Trans>
            Attendees may transfer their tickets to someone else. The new holder gets a new QR code
            and the old one stops working.
          </Trans>
        </span>
      </label>
      <Field
        id={`${id}-cutoff`}
        label={t`Transfers close this many hours before the start`}
        hint={t`0 keeps them open until the event starts.`}
        error={cutoffError}
      >
        <Input
          id={`${id}-cutoff`}
          type="number"
          inputMode="numeric"
          min={0}
          className="max-w-32"
          disabled={!allowed}
          value={cutoff}
          onChange={(e) => setCutoff(e.target.value)}
          aria-invalid={cutoffError ? true : undefined}
          aria-describedby={describedBy(`${id}-cutoff`, { hint: true, error: cutoffError })}
        />
      </Field>
      {save.isError && !cutoffError ? (
        <Alert variant="destructive">
          {errorMessage(save.error, t`The transfer settings could not be saved.`)}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save transfer settings</Trans>
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {done ? <Trans>Saved.</Trans> : null}
        </p>
      </div>
    </form>
  );
}

function HistorySection({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const history = useQuery(eventTransfersQuery(eventId));
  return (
    <section aria-labelledby={`${eventId}-transfer-history`} className="flex flex-col gap-3">
      <h3 id={`${eventId}-transfer-history`} className="font-semibold">
        <Trans>Transfer history</Trans>
      </h3>
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <LoadFailed
          title={t`The transfer history could not be loaded`}
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.transfers.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No ticket has been transferred yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {history.data.transfers.map((transfer) => (
            <TransferRow key={transfer.id} transfer={transfer} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TransferRow({ transfer }: { transfer: TicketTransfer }) {
  const { t } = useLingui();
  const from = transfer.fromName ?? transfer.fromEmail ?? t`A former holder`;
  const to = transfer.toName ?? transfer.toEmail;
  const ticket = transfer.ticketId.slice(0, 8);
  const when = formatDateTime(transfer.completedAt ?? transfer.cancelledAt ?? transfer.createdAt);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
      <div className="flex min-w-0 flex-col">
        <span>
          <Trans>
            {from} → {to}
          </Trans>
        </span>
        <span className="text-xs text-muted-foreground">
          <Trans>
            Ticket{' '}
            <span dir="ltr" className="font-mono">
              {ticket}
            </span>{' '}
            · {when}
          </Trans>
        </span>
      </div>
      {transfer.status === 'completed' ? (
        <Badge variant="success">
          <Trans>Transferred</Trans>
        </Badge>
      ) : transfer.status === 'pending' ? (
        <Badge variant="warning">
          <Trans>Waiting to be taken</Trans>
        </Badge>
      ) : (
        <Badge variant="outline">
          <Trans>Taken back</Trans>
        </Badge>
      )}
    </li>
  );
}
