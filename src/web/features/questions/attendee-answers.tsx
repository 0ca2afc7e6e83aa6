import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import {
  answerText,
  type AnswerValue,
  type EventAnswers,
  type Question,
} from '../../../contracts/questions';
import { eventAnswersQuery } from './api';

/** The answers of a page of an event's tickets (the attendee list, the check-in desk). */
export function useAttendeeAnswers(eventId: string, ticketIds: string[], checkIn = false) {
  const answers = useQuery(eventAnswersQuery(eventId, ticketIds, checkIn));
  const data: EventAnswers | undefined = answers.data;
  const byTicket = new Map(data?.tickets.map((t) => [t.ticketId, t.answers]) ?? []);
  return { questions: data?.questions ?? [], byTicket };
}

/** One attendee's answers as a short list of "question: answer". */
export function AttendeeAnswers({
  questions,
  answers,
}: {
  questions: Question[];
  answers: Record<string, AnswerValue> | undefined;
}) {
  const { t, i18n } = useLingui();
  if (!answers) return null;
  const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
  const words = { yes: t`Yes`, no: t`No`, country: (code: string) => names.of(code) ?? code };
  const shown = questions.filter((q) => answers[q.id] !== undefined);
  if (!shown.length) return null;
  return (
    <dl className="flex flex-col gap-0.5 text-xs">
      {shown.map((q) => {
        const value = answers[q.id];
        return (
          <div key={q.id} className="flex flex-wrap gap-x-1">
            <dt className="text-muted-foreground">{q.label}:</dt>
            <dd className="break-words">
              {value && typeof value === 'object' && !Array.isArray(value) ? (
                <a
                  href={value.url}
                  target="_blank"
                  rel="noreferrer"
                  className="text-primary underline"
                >
                  {value.name}
                </a>
              ) : (
                answerText(q, value, words)
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A table column of each row's answers, for a list of tickets (the attendee list). */
export function answersColumn<Row extends { ticketId: string }>(
  i18n: I18n,
  answers: ReturnType<typeof useAttendeeAnswers>,
): ColumnDef<Row, never> {
  return {
    id: 'answers',
    header: i18n._(msg`Answers`),
    cell: ({ row }) => (
      <AttendeeAnswers
        questions={answers.questions}
        answers={answers.byTicket.get(row.original.ticketId)}
      />
    ),
  };
}

/** The answers the organizer chose to see at the door, for the ticket just scanned. */
export function CheckInAnswers({ eventId, ticketId }: { eventId: string; ticketId: string }) {
  const answers = useAttendeeAnswers(eventId, [ticketId], true);
  return <AttendeeAnswers questions={answers.questions} answers={answers.byTicket.get(ticketId)} />;
}
