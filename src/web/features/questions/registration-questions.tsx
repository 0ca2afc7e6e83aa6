import { useQuery } from '@tanstack/react-query';
import { checkoutQuestionsQuery } from './api';
import { AnswersForm, ticketSlots } from './answers-form';
import { answersInput, type AnswerDrafts } from './checkout-draft';

/** A free registration's answers as the API takes them (one ticket of the chosen type). */
export const registrationAnswers = (drafts: AnswerDrafts, ticketTypeId: string) =>
  answersInput(drafts, [{ ticketTypeId, quantity: 1 }]);

/**
 * The organizer's questions on the free registration page, above "Confirm registration"; the
 * server's message for each field shows under it (`errors` by field, without `body.`).
 */
export function RegistrationQuestions({
  ticketTypeId,
  drafts,
  errors,
  onChange,
}: {
  ticketTypeId: string;
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
      slots={ticketSlots([{ ticketTypeId, quantity: 1 }], names)}
      drafts={drafts}
      errors={errors}
      onChange={onChange}
    />
  );
}
