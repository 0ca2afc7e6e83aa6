import { asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { eventQuestions, eventQuestionSettings } from '../../db/schema/questions';
import type { EventCopyContext } from '../events/events.service';

/**
 * "Duplicate event" copies the questions (never their answers) in their order, each limited to
 * the copies of its ticket types, conditions pointing at the copied questions; the answer
 * cut-off moves with the event's dates.
 */
export async function copyQuestions(tx: DbExecutor, ctx: EventCopyContext): Promise<void> {
  const rows = await tx
    .select()
    .from(eventQuestions)
    .where(eq(eventQuestions.eventId, ctx.fromEventId))
    .orderBy(asc(eventQuestions.position));
  const ids = new Map<string, string>();
  // In order: a condition always points at a question asked before, so its copy exists.
  for (const { id, eventId: _, createdAt: __, updatedAt: ___, ...row } of rows) {
    const [copy] = await tx
      .insert(eventQuestions)
      .values({
        ...row,
        eventId: ctx.toEventId,
        ticketTypeIds: row.ticketTypeIds.flatMap((t) => ctx.ticketTypeIds.get(t) ?? []),
        conditionQuestionId: row.conditionQuestionId
          ? (ids.get(row.conditionQuestionId) ?? null)
          : null,
        conditionValues:
          row.conditionQuestionId && ids.has(row.conditionQuestionId) ? row.conditionValues : [],
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: eventQuestions.id });
    if (copy) ids.set(id, copy.id);
  }
  ctx.idMaps.set('questions', ids);
  const [settings] = await tx
    .select()
    .from(eventQuestionSettings)
    .where(eq(eventQuestionSettings.eventId, ctx.fromEventId));
  if (settings?.answersEditableUntil)
    await tx.insert(eventQuestionSettings).values({
      eventId: ctx.toEventId,
      answersEditableUntil: new Date(settings.answersEditableUntil.getTime() + ctx.shiftMs),
      updatedAt: ctx.now,
    });
}
