import { useQuery } from '@tanstack/react-query';
import { checkoutQuestionsQuery } from './api';
import { AnswersForm, ticketSlots } from './answers-form';
import { answersInput, type AnswerDrafts } from './checkout-draft';

/**
 * The answers as the API takes them for tickets of one type: a free registration's one ticket,
 * or a waiting-list claim's offered tickets.
 */
export const registrationAnswers = (drafts: AnswerDrafts, ticketTypeId: string, quantity = 1) =>
  answersInput(drafts, [{ ticketTypeId, quantity }]);

/**
 * The organizer's questions on a page that buys tickets of one type without the checkout's
 * questions step (the free registration above "Confirm registration", a waiting-list claim);
 * the server's message for each field shows under it (`errors` by field, without `body.`).
 */
export function RegistrationQuestions({
  ticketTypeId,
  quantity = 1,
  drafts,
  errors,
  onChange,
}: {
  ticketTypeId: string;
  quantity?: number;
  drafts: AnswerDrafts;
  errors: Record<string, string>;
  onChange: (drafts: AnswerDrafts) => void;
}) {
  const asked = useQuery(checkoutQuestionsQuery([ticketTypeId]));
  if (!asked.data?.questions.length) return null;
  const names = new Map(asked.data.ticketTypes.map((type) => [type.id, type.name]));
  return (
    <AnswersForm
      questions={asked.data.questions}
      slots={ticketSlots([{ ticketTypeId, quantity }], names)}
      drafts={drafts}
      errors={errors}
      onChange={onChange}
    />
  );
}
