import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { PrintBadgeButton } from '../badges';
import { CheckInAnswers } from '../questions';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatDateTime, formatTime } from '../../lib/dates';
import type { DoorQuestion } from '../../../contracts/door';
import type { Verdict } from './verdict';
import { DoorAnswers, SeatLine } from './verdict-details';

const TONE = {
  admitted: 'bg-success text-white',
  already: 'bg-warning text-white',
  refused: 'bg-destructive text-white',
} as const;

const toneOf = (verdict: Verdict) =>
  verdict.kind === 'admitted' || verdict.kind === 'checked_out'
    ? 'admitted'
    : verdict.kind === 'already' || verdict.kind === 'not_in' || verdict.kind === 'not_yet_valid'
      ? 'already'
      : 'refused';

/**
 * One audio context for every tone: making one starts the browser's audio thread (46-66 ms of
 * the first scan in bench/check-in.ts at load 3); a tone on a running one takes about 0.2 ms.
 */
let audioContext: AudioContext | null = null;

/** A short tone and buzz, so the door staff need not look at the screen to know. */
export function signal(verdict: Verdict) {
  const tone = toneOf(verdict);
  navigator.vibrate?.(tone === 'admitted' ? 80 : [120, 60, 120]);
  try {
    audioContext ??= new AudioContext();
    const audio = audioContext;
    if (audio.state === 'suspended') void audio.resume();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = tone === 'admitted' ? 880 : tone === 'already' ? 440 : 220;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.15);
    oscillator.onended = () => gain.disconnect();
  } catch {
    // No sound on this device: the colour and the text still say it.
  }
}

/** The full-screen verdict: colour, a word to read from afar, the name, and why. */
export function VerdictScreen({
  eventId,
  verdict,
  typeName,
  questions,
  sections,
  onNext,
}: {
  eventId: string;
  verdict: Verdict;
  typeName: (index: number) => string;
  /** The list's door questions (none: a list stored before lists carried answers). */
  questions: readonly DoorQuestion[] | undefined;
  sections: Record<string, string> | undefined;
  onNext: () => void;
}) {
  const { t } = useLingui();
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => next.current?.focus(), [verdict]);
  const tone = toneOf(verdict);
  const Icon = tone === 'admitted' ? CircleCheck : tone === 'already' ? TriangleAlert : CircleX;
  const ticket = 'ticket' in verdict ? verdict.ticket : null;
  return (
    <div
      className={cn(
        'fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 p-6 text-center',
        TONE[tone],
      )}
      data-verdict={verdict.kind}
    >
      <div role="alert" className="flex flex-col items-center gap-3">
        <Icon aria-hidden="true" className="size-24" />
        <p className="text-4xl font-bold">
          <Headline verdict={verdict} />
        </p>
        {ticket ? (
          <>
            <p className="text-2xl font-semibold">{ticket.n}</p>
            <p className="text-lg">{typeName(ticket.t)}</p>
            {ticket.st ? <SeatLine seatId={ticket.st} sections={sections} /> : null}
          </>
        ) : null}
        <p className="text-lg">
          <Detail verdict={verdict} />
        </p>
      </div>
      {verdict.kind === 'admitted' && verdict.ticket && questions ? (
        // The answers the organizer chose for the door, from the list: offline too.
        <DoorAnswers ticket={verdict.ticket} questions={questions} />
      ) : verdict.kind === 'admitted' && verdict.ticket && navigator.onLine ? (
        // A list stored before lists carried answers: the server has them.
        <div className="max-w-md rounded-lg bg-white px-4 py-3 text-start text-black empty:hidden [&_dl]:text-base">
          <CheckInAnswers eventId={eventId} ticketId={verdict.ticket.id} />
        </div>
      ) : null}
      {verdict.kind === 'admitted' && verdict.ticket ? (
        // Online only: the badge is drawn by the server, from the event's first template.
        <PrintBadgeButton
          eventId={eventId}
          ticketId={verdict.ticket.id}
          className="bg-white text-black hover:bg-white/90"
        />
      ) : null}
      <Button
        ref={next}
        variant="outline"
        className="mt-6 min-h-12 min-w-40 bg-white text-lg text-black hover:bg-white/90"
        onClick={onNext}
      >
        {t`Next guest`}
      </Button>
    </div>
  );
}

function Headline({ verdict }: { verdict: Verdict }) {
  switch (verdict.kind) {
    case 'admitted':
      return <Trans>Admitted</Trans>;
    case 'already':
      return <Trans>Already checked in</Trans>;
    case 'wrong_event':
      return <Trans>Wrong event</Trans>;
    case 'not_on_list':
      return <Trans>Not on this list</Trans>;
    case 'not_yet_valid':
      return <Trans>Not yet valid</Trans>;
    case 'list_closed':
      return <Trans>List closed</Trans>;
    case 'revoked':
      return verdict.reason === 'refunded' ? <Trans>Refunded</Trans> : <Trans>Code replaced</Trans>;
    case 'unknown':
      return <Trans>Unknown code</Trans>;
    case 'checked_out':
      return <Trans>Checked out</Trans>;
    case 'not_in':
      return <Trans>Not checked in</Trans>;
  }
}

function Detail({ verdict }: { verdict: Verdict }) {
  switch (verdict.kind) {
    case 'admitted':
      return verdict.ticket ? null : (
        <Trans>A genuine ticket bought after the list was downloaded.</Trans>
      );
    case 'already': {
      const time = verdict.at ? formatTime(verdict.at) : '';
      const gate = verdict.gate;
      if (gate && time)
        return (
          <Trans>
            Checked in at {time} by {gate}.
          </Trans>
        );
      if (time) return <Trans>Checked in at {time}.</Trans>;
      return null;
    }
    case 'wrong_event':
      return <Trans>This ticket is for another event.</Trans>;
    case 'not_on_list':
      return <Trans>This ticket type is not on the list downloaded for this door.</Trans>;
    case 'not_yet_valid': {
      const from = formatDateTime(verdict.from);
      return verdict.by === 'ticket' ? (
        <Trans>This ticket is valid from {from}.</Trans>
      ) : (
        <Trans>This list admits from {from}.</Trans>
      );
    }
    case 'list_closed': {
      const until = formatDateTime(verdict.until);
      return <Trans>This list closed at {until}.</Trans>;
    }
    case 'revoked':
      return verdict.reason === 'refunded' ? (
        <Trans>This ticket was refunded and no longer admits.</Trans>
      ) : (
        <Trans>This ticket was passed on: only its new code admits.</Trans>
      );
    case 'unknown':
      return <Trans>This code is not a ticket of this event. Do not admit.</Trans>;
    case 'checked_out':
      return <Trans>The guest may come back in with the same ticket.</Trans>;
    case 'not_in':
      return <Trans>This guest is not inside: nothing to check out.</Trans>;
  }
}
