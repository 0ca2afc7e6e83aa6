import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { eventFeedback, eventFeedbackQuestions } from '../../db/schema/feedback';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { createEvent, createTicketType } from '../../test/factories';
import { recordPaidOrder } from '../orders/orders.service';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

// Two past events of the demo organizer: one a fortnight ago with feedback from four people
// (so its average shows, with a reply), one two days ago with three ratings and the demo
// attendee's feedback still to give.
const DEMO = [
  {
    title: 'Harbour Lights Night Market',
    endedDaysAgo: 14,
    ratings: { attendee: 5, vendor: 4, venue: 5, admin: 4 } as Record<string, number>,
  },
  {
    title: 'Rooftop Jazz Evening',
    endedDaysAgo: 2,
    ratings: { vendor: 5, venue: 4, admin: 4 } as Record<string, number>,
  },
] as const;

const COMMENTS: Record<string, string> = {
  attendee: 'Great food stalls and the lanterns over the water were beautiful.',
  vendor: 'Well organised load-in; the queue at the entrance was long around 7.',
  venue: 'Lovely crowd. More seating next time, please.',
};

export async function seedFeedback(tx: DbExecutor, params: { now: Date }) {
  const keys = ['organizer', 'attendee', 'vendor', 'venue', 'admin'] as const;
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        keys.map((key) => getDemoAccount(key).email),
      ),
    );
  const idOf = Object.fromEntries(
    keys.map((key) => [key, rows.find((row) => row.email === getDemoAccount(key).email)?.id]),
  );
  const organizerId = idOf.organizer;
  if (!organizerId) return;
  for (const demo of DEMO) {
    const [existing] = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.userId, organizerId), eq(events.title, demo.title)));
    if (existing) continue;
    const endsAt = new Date(params.now.getTime() - demo.endedDaysAgo * DAY_MS);
    const event = await createEvent(tx, {
      userId: organizerId,
      title: demo.title,
      description: 'An evening of live music, local food and good company by the water.',
      category: 'Music',
      startsAt: new Date(endsAt.getTime() - 4 * HOUR_MS),
      endsAt,
      isFree: true,
      eventStatus: 'expired',
      metadata: { demo: true },
      createdAt: new Date(endsAt.getTime() - 30 * DAY_MS),
    });
    const type = await createTicketType(tx, { eventId: event.id, priceCents: 0, quantity: 200 });
    const [question] = await tx
      .insert(eventFeedbackQuestions)
      .values([
        { eventId: event.id, position: 0, kind: 'scale', label: 'How was the sound?' },
        {
          eventId: event.id,
          position: 1,
          kind: 'choice',
          label: 'Would you come again?',
          options: ['Yes', 'Maybe', 'No'],
        },
      ])
      .returning({ id: eventFeedbackQuestions.id });
    const holders = ['attendee', 'vendor', 'venue', 'admin'] as const;
    for (const key of holders) {
      const userId = idOf[key];
      if (!userId) continue;
      // A registration like any other, so the event's counters and stock count these tickets.
      await recordPaidOrder(tx, {
        buyerId: userId,
        lines: [{ ticketTypeId: type.id, quantity: 1 }],
        at: new Date(event.startsAt.getTime() - 7 * DAY_MS),
      });
      const rating = demo.ratings[key];
      if (!rating) continue;
      const given = new Date(endsAt.getTime() + 20 * HOUR_MS);
      await tx.insert(eventFeedback).values({
        eventId: event.id,
        userId,
        rating,
        comment: COMMENTS[key] ?? null,
        answers: question ? { [question.id]: rating } : {},
        organizerReply:
          key === 'vendor' ? 'Thanks! We are adding a second entrance lane next time.' : null,
        repliedAt: key === 'vendor' ? new Date(given.getTime() + DAY_MS) : null,
        createdAt: given,
        updatedAt: given,
      });
    }
  }
}
