import { useLingui } from '@lingui/react/macro';
import type { DoorQuestion, DoorTicket } from '../../../contracts/door';
import { answerText } from '../../../contracts/questions';
import { seatIdParts } from '../../../contracts/seat-layout';

// What the verdict screen reads from the downloaded list (decision 092), so it shows offline as
// well as online: the guest's seat and their answers to the questions chosen for the door.

/**
 * "Stalls · Row C · Seat 12" for a seat id: the section by its name, the words in the staff's
 * language (the desk online says the seat the same way, decision 099).
 */
export function useSeatWords() {
  const { t } = useLingui();
  return (seatId: string, sections: Record<string, string> | undefined) => {
    const parts = seatIdParts(seatId);
    if (!parts) return seatId;
    const section = sections?.[parts.sectionId] ?? parts.sectionId;
    const { row, number } = parts;
    // A standing place's number is not a spot on the floor: the section is what the door needs.
    const words =
      parts.kind === 'standing'
        ? [section]
        : parts.kind === 'row' && row !== null
          ? [section, t`Row ${row}`, t`Seat ${number}`]
          : [section, t`Seat ${number}`];
    return words.join(' \u00b7 ');
  };
}

/** The seat on the verdict screen, large. */
export function SeatLine({
  seatId,
  sections,
}: {
  seatId: string;
  sections: Record<string, string> | undefined;
}) {
  const seatWords = useSeatWords();
  return (
    <p className="text-2xl font-semibold" data-testid="verdict-seat">
      {seatWords(seatId, sections)}
    </p>
  );
}

/** The guest's answers to the door's questions, from the list (nothing when none). */
export function DoorAnswers({
  ticket,
  questions,
}: {
  ticket: DoorTicket;
  questions: readonly DoorQuestion[];
}) {
  const { t, i18n } = useLingui();
  const answers = ticket.a ?? {};
  const shown = questions
    .map((question, index) => ({ question, value: answers[String(index)] }))
    .filter(({ value }) => value !== undefined && value !== '');
  if (!shown.length) return null;
  const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
  const words = { yes: t`Yes`, no: t`No`, country: (code: string) => names.of(code) ?? code };
  return (
    <div className="max-w-md rounded-lg bg-white px-4 py-3 text-start text-black">
      <dl className="flex flex-col gap-1 text-base">
        {shown.map(({ question, value }) => (
          <div key={question.id} className="flex flex-wrap gap-x-1">
            <dt className="text-black/70">{question.label}:</dt>
            <dd className="font-medium break-words">{answerText(question, value, words)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
