import { z } from 'zod';
import { isoDateTime } from './bounds';
import { shiftLocalDate, zonedTimeToInstant } from './zoned-time';

// "Duplicate event": a copy of an event as a draft with new dates (docs/decisions/055).

export const DUPLICATE_MESSAGES = {
  startRequired: 'Please choose when the copy starts',
  endBeforeStart: 'The event must end after it starts',
} as const;

export const DuplicateEventInputSchema = z
  .object({
    startsAt: isoDateTime({ error: DUPLICATE_MESSAGES.startRequired }),
    endsAt: isoDateTime().nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.endsAt && new Date(value.endsAt) <= new Date(value.startsAt))
      ctx.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: DUPLICATE_MESSAGES.endBeforeStart,
      });
  });
export type DuplicateEventInput = z.infer<typeof DuplicateEventInputSchema>;

interface Schedule {
  startsAt: Date;
  endsAt: Date | null;
}

/**
 * The copy's default dates: a week later at the same wall-clock time in the event's time zone
 * (so a 7 pm event stays at 7 pm across a daylight-saving change), lasting as long as the
 * original.
 */
export function weekLaterSchedule(
  source: Schedule & { date: string; time: string; timezone: string },
): Schedule {
  const startsAt = zonedTimeToInstant(
    shiftLocalDate(source.date, 'weekly', 1),
    source.time,
    source.timezone,
  );
  return { startsAt, endsAt: shiftedEnd(source, startsAt) };
}

/** The copy's end: as given, else the original's length after the new start (none if none). */
export function shiftedEnd(source: Schedule, startsAt: Date, endsAt?: Date | null): Date | null {
  if (endsAt) return endsAt;
  if (!source.endsAt) return null;
  return new Date(startsAt.getTime() + (source.endsAt.getTime() - source.startsAt.getTime()));
}

/** A dated setting of the original (a sales window, a code's validity) moved with the event. */
export function shiftDate<T extends Date | null>(value: T, shiftMs: number): T {
  return (value === null ? null : new Date(value.getTime() + shiftMs)) as T;
}
