import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { CheckInInputSchema } from '../../../contracts/tickets';
import { Button } from '../../components/ui/button';
import { describedBy } from '../../components/ui/field';
import { useContractText } from '../../i18n/contract-text';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-client';
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

const time = (iso: string | null) => (iso ? formatTime(iso) : '');

/** spec §2 event/{eventId}/check-in: type or scan a ticket code; the outcome is announced. */
export function CheckInDesk({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const say = useContractText();
  const id = useId();
  const checkIn = useCheckIn(eventId);
  const [code, setCode] = useState('');
  const [inputError, setInputError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [count, setCount] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  function send(raw: string) {
    const parsed = CheckInInputSchema.safeParse({ code: raw });
    if (!parsed.success) {
      // An empty code is the usual miss: its text in the page's language (the schema's is English).
      const issue = parsed.error.issues[0];
      setInputError(
        issue?.code === 'too_small'
          ? t`Please enter or scan a ticket code`
          : issue && say(issue.message),
      );
      inputRef.current?.focus();
      return;
    }
    setInputError(undefined);
    checkIn.mutate(parsed.data.code, {
      onSuccess: (result) => {
        if (result.result === 'checked_in') setCount((n) => n + 1);
        setOutcome({ kind: result.result === 'checked_in' ? 'ok' : 'again', result });
        setCode('');
        inputRef.current?.focus();
      },
      onError: (error) =>
        setOutcome({
          kind: 'error',
          message: errorMessage(error, t`Check-in failed. Please try again.`),
        }),
    });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    send(code);
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="flex flex-col gap-6">
        <form onSubmit={submit} noValidate className="flex flex-col gap-2">
          <label htmlFor={`${id}-code`} className="text-sm font-medium">
            <Trans>Ticket code</Trans>
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              ref={inputRef}
              id={`${id}-code`}
              value={code}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              aria-invalid={Boolean(inputError)}
              aria-describedby={describedBy(`${id}-code`, { error: inputError })}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="submit" disabled={checkIn.isPending}>
              {checkIn.isPending ? t`Checking...` : t`Check in`}
            </Button>
          </div>
          {inputError ? (
            <p id={`${id}-code-error`} className="text-sm font-medium text-destructive">
              {inputError}
            </p>
          ) : null}
        </form>
        <QrScanner onCode={send} />
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
