import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CheckInInputSchema } from '../../../contracts/tickets';
import { Button } from '../../components/ui/button';
import { checksResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { useContractText } from '../../i18n/contract-text';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useCheckIn, type CheckInResult } from './api';
import { QrScanner } from './components/qr-scanner';
import { CheckInAnswers } from '../questions';
import { PrintBadgeButton } from '../badges';
import { formatTime } from '../../lib/dates';
import { useSeatWords } from '../door';

type Outcome =
  | { kind: 'ok'; result: CheckInResult }
  | { kind: 'again'; result: CheckInResult }
  | { kind: 'error'; message: string };

interface CheckInInput {
  code: string;
}

const time = (iso: string | null) => (iso ? formatTime(iso) : '');

/** spec §2 event/{eventId}/check-in: type or scan a ticket code; the outcome is announced. */
export function CheckInDesk({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const say = useContractText();
  const checkIn = useCheckIn(eventId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [count, setCount] = useState(0);
  // The code's problem, if any: an empty code is the usual miss, its text in the page's language
  // (the schema's is English); any other in the contract's words.
  const problem = (code: string) => {
    const parsed = CheckInInputSchema.safeParse({ code });
    const issue = parsed.error?.issues[0];
    if (!issue) return undefined;
    return issue.code === 'too_small' ? t`Please enter or scan a ticket code` : say(issue.message);
  };
  const form = useForm<CheckInInput>({
    defaultValues: { code: '' },
    resolver: checksResolver<CheckInInput>(({ code }) => ({ code: problem(code) })),
  });

  function send(raw: string) {
    checkIn.mutate(raw.trim(), {
      onSuccess: (result) => {
        if (result.result === 'checked_in') setCount((n) => n + 1);
        setOutcome({ kind: result.result === 'checked_in' ? 'ok' : 'again', result });
        form.reset({ code: '' });
        form.setFocus('code');
      },
      onError: (error) => {
        if (setServerErrors(form, fieldErrors(error), ['code'])) return;
        setOutcome({
          kind: 'error',
          message: errorMessage(error, t`Check-in failed. Please try again.`),
        });
      },
    });
  }

  // A scanned code is checked as a typed one, without taking the box's place.
  function scanned(raw: string) {
    const message = problem(raw);
    if (message) form.setError('code', { type: 'validate', message }, { shouldFocus: true });
    else {
      form.clearErrors('code');
      send(raw);
    }
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="flex flex-col gap-6">
        <Form form={form} onSubmit={({ code }) => send(code)} className="flex flex-col gap-2">
          <FormField<CheckInInput> name="code" label={<Trans>Ticket code</Trans>}>
            {(control) => (
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input {...control} autoComplete="off" autoCapitalize="off" spellCheck={false} />
                <Button type="submit" disabled={checkIn.isPending}>
                  {checkIn.isPending ? t`Checking...` : t`Check in`}
                </Button>
              </div>
            )}
          </FormField>
        </Form>
        <QrScanner onCode={scanned} />
      </div>

      <div className="flex flex-col gap-3">
        {/* Read out every result, including a repeat of the same one. */}
        <div aria-live="assertive" aria-atomic="true">
          {outcome ? <OutcomeCard outcome={outcome} /> : null}
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {count === 0 ? (
            <Trans>No one checked in at this desk yet.</Trans>
          ) : (
            <Plural
              value={count}
              one="# checked in at this desk."
              other="# checked in at this desk."
            />
          )}
        </p>
      </div>
    </div>
  );
}

function OutcomeCard({ outcome }: { outcome: Outcome }) {
  const seatWords = useSeatWords();
  if (outcome.kind === 'error') {
    return (
      <div className="flex gap-3 rounded-lg border-2 border-destructive bg-destructive-soft p-4 text-destructive">
        <CircleAlert aria-hidden="true" className="size-8 shrink-0" />
        <div>
          <p className="text-lg font-bold">
            <Trans>Not admitted</Trans>
          </p>
          <p>{outcome.message}</p>
        </div>
      </div>
    );
  }
  const { ticket, seatSection } = outcome.result;
  const seat = ticket.seat
    ? seatWords(ticket.seat, seatSection ? { [ticket.seat.split('-')[0] ?? '']: seatSection } : {})
    : null;
  const isFirst = outcome.kind === 'ok';
  const Icon = isFirst ? CircleCheck : TriangleAlert;
  const checkedInAt = time(ticket.checkedInAt);
  return (
    <div
      className={cn(
        'flex gap-3 rounded-lg border-2 p-4',
        isFirst
          ? 'border-success bg-success-soft text-success'
          : 'border-warning bg-warning-soft text-warning',
      )}
    >
      <Icon aria-hidden="true" className="size-8 shrink-0" />
      <div className="text-foreground">
        <p className={cn('text-lg font-bold', isFirst ? 'text-success' : 'text-warning')}>
          {isFirst ? <Trans>Checked in</Trans> : <Trans>Already checked in at {checkedInAt}</Trans>}
        </p>
        <p className="font-semibold">{ticket.holderName}</p>
        <p className="text-sm">{ticket.ticketTypeName}</p>
        {seat ? (
          <p className="text-lg font-semibold" data-testid="desk-seat">
            {seat}
          </p>
        ) : null}
        <CheckInAnswers eventId={ticket.event.id} ticketId={ticket.id} />
        <div className="mt-2">
          <PrintBadgeButton eventId={ticket.event.id} ticketId={ticket.id} />
        </div>
      </div>
    </div>
  );
}
