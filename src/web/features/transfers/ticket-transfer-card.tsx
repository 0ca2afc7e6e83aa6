import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { TicketTransferState } from '../../../contracts/transfers';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { transferStateQuery, useCancelTransfer, useTransferTicket } from './api';

/**
 * The ticket page's "Transfer ticket": shown when the organizer allows transfers. The holder
 * sends the ticket to someone by email; a transfer nobody has claimed yet can be taken back.
 */
export function TicketTransferCard({ ticketId }: { ticketId: string }) {
  const state = useQuery(transferStateQuery(ticketId));
  // Not allowed, or the state could not be read: the ticket page stays as it was.
  if (!state.data?.allowed) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">
          <Trans>Transfer ticket</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <TransferBody ticketId={ticketId} state={state.data} />
      </CardContent>
    </Card>
  );
}

function TransferBody({ ticketId, state }: { ticketId: string; state: TicketTransferState }) {
  const { t } = useLingui();
  const cancel = useCancelTransfer(ticketId);
  if (state.pending) {
    const email = state.pending.toEmail;
    return (
      <>
        <p className="text-sm">
          <Trans>
            Waiting for <strong dir="ltr">{email}</strong> to take this ticket. Until then it has no
            QR code that works; take the transfer back to use it yourself.
          </Trans>
        </p>
        {cancel.isError ? (
          <Alert variant="destructive">
            {errorMessage(cancel.error, t`The transfer could not be taken back.`)}
          </Alert>
        ) : null}
        <div>
          <Button
            variant="outline"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(state.pending?.id ?? '')}
          >
            <Trans>Take back the transfer</Trans>
          </Button>
        </div>
      </>
    );
  }
  if (state.refusal) return <p className="text-sm text-muted-foreground">{state.refusal}</p>;
  return <TransferForm ticketId={ticketId} openUntil={state.openUntil} />;
}

function TransferForm({ ticketId, openUntil }: { ticketId: string; openUntil: string | null }) {
  const { t } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const transfer = useTransferTicket(ticketId);
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  const errors = fieldErrors(transfer.error);
  const emailError = errors.email;
  const until = openUntil ? formatDateTime(openUntil) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) setConfirming(true);
  };
  const send = () =>
    transfer.mutate(email.trim(), {
      onSuccess: (result) => {
        setConfirming(false);
        if (result.delivered) {
          // The ticket is someone else's now: back to the holder's own tickets.
          toast.success(t`The ticket was sent to ${email}.`);
          void navigate(paths.dashboard());
        }
      },
      onError: () => setConfirming(false),
    });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {until ? (
          <Trans>
            Can’t go? Send this ticket to someone else until {until}. They get a new QR code and
            this one stops working at once.
          </Trans>
        ) : null}
      </p>
      <Field
        id={id}
        label={t`Their email address`}
        error={emailError}
        hint={t`If they have no account yet, they get a link to create one and take the ticket.`}
      >
        <Input
          id={id}
          type="email"
          autoComplete="off"
          dir="ltr"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={describedBy(id, { hint: true, error: emailError })}
        />
      </Field>
      {transfer.isError && !emailError ? (
        <Alert variant="destructive">
          {errorMessage(transfer.error, t`The ticket could not be transferred.`)}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={transfer.isPending || !email.trim()}>
          <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          <Trans>Transfer ticket</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Transfer this ticket to ${email}?`}
        description={t`Your QR code stops working at once and the ticket becomes theirs. This cannot be undone once they take it.`}
        error={null}
        cancelLabel={t`Keep my ticket`}
        confirmLabel={t`Transfer ticket`}
        isPending={transfer.isPending}
        onConfirm={send}
      />
    </form>
  );
}
