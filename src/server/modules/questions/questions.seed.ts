import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { eventQuestions, questionAnswers } from '../../db/schema/questions';
import { tickets } from '../../db/schema/tickets';

const EVENT_TITLE = 'Summer Soul Festival';
const SIZES = ['S', 'M', 'L', 'XL'];

/**
 * Demo: the festival asks its buyers a company name once per order and, per ticket, a T-shirt
 * size and dietary needs ("Any dietary needs?" then "Which?"), with answers on the tickets
 * already sold, so the attendee list and the check-in desk show them. Skipped once asked.
 */
export async function seedQuestions(tx: DbExecutor, params: { now: Date }) {
  const [event] = await tx
    .select({ id: events.id })
    .from(events)
    .where(eq(events.title, EVENT_TITLE));
  if (!event) return;
  const [asked] = await tx
    .select({ id: eventQuestions.id })
    .from(eventQuestions)
    .where(eq(eventQuestions.eventId, event.id))
    .limit(1);
  if (asked) return;
  const base = { eventId: event.id, createdAt: params.now, updatedAt: params.now };
  const [company, size, dietary] = await tx
    .insert(eventQuestions)
    .values([
      {
        ...base,
        position: 0,
        scope: 'order',
        type: 'short_text',
        label: 'Company',
        helpText: 'Printed on your receipt.',
      },
      {
        ...base,
        position: 1,
        scope: 'ticket',
        type: 'single_choice',
        label: 'T-shirt size',
        required: true,
        options: SIZES,
        showAtCheckIn: true,
      },
      { ...base, position: 2, scope: 'ticket', type: 'checkbox', label: 'Any dietary needs?' },
    ])
    .returning();
  if (!company || !size || !dietary) return;
  const [which] = await tx
    .insert(eventQuestions)
    .values({
      ...base,
      position: 3,
      scope: 'ticket',
      type: 'short_text',
      label: 'If yes, which?',
      required: true,
      conditionQuestionId: dietary.id,
      conditionValues: ['true'],
      showAtCheckIn: true,
    })
    .returning();
  const sold = await tx
    .select({ id: tickets.id, orderId: tickets.orderId, ticketTypeId: tickets.ticketTypeId })
    .from(tickets)
    .where(eq(tickets.eventId, event.id))
    .orderBy(tickets.createdAt, tickets.id);
  const rows: (typeof questionAnswers.$inferInsert)[] = [];
  sold.forEach((ticket, i) => {
    const own = {
      orderId: ticket.orderId,
      ticketTypeId: ticket.ticketTypeId,
      ticketId: ticket.id,
      updatedAt: params.now,
    };
    rows.push({ ...own, questionId: size.id, value: SIZES[i % SIZES.length] ?? 'M' });
    if (i % 3 === 0 && which) {
      rows.push({ ...own, questionId: dietary.id, value: true });
      rows.push({ ...own, questionId: which.id, value: i % 2 ? 'Vegan' : 'Gluten-free' });
    }
  });
  if (rows.length) await tx.insert(questionAnswers).values(rows);
}
