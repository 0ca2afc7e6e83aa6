import { Trans } from '@lingui/react/macro';
import {
  appliesTo,
  isShown,
  type AnswerValue,
  type CheckoutQuestion,
} from '../../../contracts/questions';
import { AnswerField, type AnswerDraft } from './answer-field';
import type { AnswerDrafts } from './checkout-draft';

export interface TicketSlot {
  ticketTypeId: string;
  /** Place among the order's tickets of this type, from 0. */
  ordinal: number;
  /** Place in the whole order, from 1 ("Ticket 2 · VIP"). */
  number: number;
  typeName: string;
}

/** Every ticket of the lines, numbered through the order. */
export function ticketSlots(
  lines: { ticketTypeId: string; quantity: number }[],
  names: Map<string, string>,
): TicketSlot[] {
  let number = 0;
  return lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, ordinal) => ({
      ticketTypeId: line.ticketTypeId,
      ordinal,
      number: ++number,
      typeName: names.get(line.ticketTypeId) ?? '',
    })),
  );
}

const keyOf = (slot: Pick<TicketSlot, 'ticketTypeId' | 'ordinal'>) =>
  `${slot.ticketTypeId}.${slot.ordinal}`;

/** The field name the server's errors use (without `body.`), also the control's id. */
export const orderField = (questionId: string) => `answers.order.${questionId}`;
export const ticketField = (
  slot: Pick<TicketSlot, 'ticketTypeId' | 'ordinal'>,
  questionId: string,
) => `answers.tickets.${slot.ticketTypeId}.${slot.ordinal}.${questionId}`;

const asValue = (draft: AnswerDraft) => (draft ?? undefined) as AnswerValue | undefined;

/**
 * The questions of a checkout: the order's once, then each ticket's under its own heading, a
 * follow-up question appearing as soon as the answer it waits for is given.
 */
export function AnswersForm({
  questions,
  slots,
  drafts,
  errors,
  onChange,
}: {
  questions: CheckoutQuestion[];
  slots: TicketSlot[];
  drafts: AnswerDrafts;
  errors: Record<string, string>;
  /** `field`: the changed control's id, the name the errors use for it. */
  onChange: (drafts: AnswerDrafts, field: string) => void;
}) {
  const types = [...new Set(slots.map((s) => s.ticketTypeId))];
  const orderQuestions = questions.filter(
    (q) => q.scope === 'order' && types.some((t) => appliesTo(q, t)),
  );
  const orderValue = (id: string) => asValue(drafts.order[id]);
  const setOrder = (id: string, value: AnswerDraft) =>
    onChange({ ...drafts, order: { ...drafts.order, [id]: value } }, orderField(id));
  const setTicket = (slot: TicketSlot, id: string, value: AnswerDraft) =>
    onChange(
      {
        ...drafts,
        tickets: {
          ...drafts.tickets,
          [keyOf(slot)]: { ...drafts.tickets[keyOf(slot)], [id]: value },
        },
      },
      ticketField(slot, id),
    );
  const sections = slots
    .map((slot) => ({
      slot,
      questions: questions.filter((q) => q.scope === 'ticket' && appliesTo(q, slot.ticketTypeId)),
    }))
    .filter((s) => s.questions.length > 0);

  return (
    <div className="flex flex-col gap-6">
      {orderQuestions.length ? (
        <section
          aria-labelledby="answers-order"
          className="flex flex-col gap-4 rounded-lg border p-4"
        >
          <h2 id="answers-order" className="text-lg font-semibold">
            <Trans>About your order</Trans>
          </h2>
          {orderQuestions
            .filter((q) => isShown(q, orderValue))
            .map((q) => (
              <AnswerField
                key={q.id}
                id={orderField(q.id)}
                question={q}
                value={drafts.order[q.id]}
                error={errors[orderField(q.id)]}
                onChange={(value) => setOrder(q.id, value)}
              />
            ))}
        </section>
      ) : null}
      {sections.map(({ slot, questions: asked }) => {
        const own = drafts.tickets[keyOf(slot)] ?? {};
        const visible = (id: string) => asValue(own[id]) ?? orderValue(id);
        const headingId = `answers-ticket-${slot.number}`;
        const number = slot.number;
        const typeName = slot.typeName;
        return (
          <section
            key={keyOf(slot)}
            aria-labelledby={headingId}
            className="flex flex-col gap-4 rounded-lg border p-4"
          >
            <h2 id={headingId} className="text-lg font-semibold">
              <Trans>
                Ticket {number} · {typeName}
              </Trans>
            </h2>
            {asked
              .filter((q) => isShown(q, visible))
              .map((q) => (
                <AnswerField
                  key={q.id}
                  id={ticketField(slot, q.id)}
                  question={q}
                  value={own[q.id]}
                  error={errors[ticketField(slot, q.id)]}
                  onChange={(value) => setTicket(slot, q.id, value)}
                />
              ))}
          </section>
        );
      })}
    </div>
  );
}
