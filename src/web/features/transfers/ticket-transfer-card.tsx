import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { TransferInputSchema, type TicketTransferState } from '../../../contracts/transfers';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useContractText } from '../../i18n/contract-text';
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

type TransferValues = { email: string };
const FIELDS = ['email'] as const;
// The body as before: the address trimmed.
const transferInput = (values: TransferValues) => ({ email: values.email.trim() });

function TransferForm({ ticketId, openUntil }: { ticketId: string; openUntil: string | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const say = useContractText();
  const transfer = useTransferTicket(ticketId);
  const form = useForm<TransferValues>({
    defaultValues: { email: '' },
    // The contract's email check runs before the confirm step, so a typo never reaches it.
    resolver: contractResolver<TransferValues>(TransferInputSchema, transferInput, FIELDS),
  });
  const email = form.watch('email');
  const [confirming, setConfirming] = useState(false);
  const failure = form.formState.errors.root?.message;
  const until = openUntil ? formatDateTime(openUntil) : null;
  const send = async () => {
    form.clearErrors();
    try {
      const result = await transfer.mutateAsync(transferInput(form.getValues()).email);
      setConfirming(false);
      if (result.delivered) {
        // The ticket is someone else's now: back to the holder's own tickets.
        toast.success(t`The ticket was sent to ${email}.`);
        void navigate(paths.dashboard());
      }
    } catch (error) {
      setConfirming(false);
      // The server's email refusal (own yourself, unknown address) lands on the box; others
      // show under it, as before.
      if (!setServerErrors(form, fieldErrors(error), FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The ticket could not be transferred.`),
        });
    }
  };
  return (
    <Form form={form} onSubmit={() => setConfirming(true)} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {until ? (
          <Trans>
            Can’t go? Send this ticket to someone else until {until}. They get a new QR code and
            this one stops working at once.
          </Trans>
        ) : null}
      </p>
      <FormField<TransferValues>
        name="email"
        label={t`Their email address`}
        hint={t`If they have no account yet, they get a link to create one and take the ticket.`}
        formatError={say}
      >
        {(control) => <Input {...control} type="email" autoComplete="off" dir="ltr" />}
      </FormField>
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
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
        onConfirm={() => void send()}
        // The dialog hands focus back as it closes: to the box when the server refused it.
        onCloseAutoFocus={(event) => {
          if (!form.getFieldState('email').error) return;
          event.preventDefault();
          form.setFocus('email');
        }}
      />
    </Form>
  );
}
