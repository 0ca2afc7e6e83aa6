import { z } from 'zod';
import { isoDateTime } from './bounds';

// Check-in lists by day or gate (decision 116): the organizer names a list, chooses the ticket
// types it admits, a gate, and a window; the door app downloads the rules with the tickets.

export const DoorCheckInListSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The ticket types on the list; empty: every ticket of the event. */
  types: z.array(z.uuid()),
  /** The gate its scans are made at; empty: the device's own. */
  gate: z.string(),
  /** Before this, a ticket is "not yet valid" on the list. */
  validFrom: z.string().nullable(),
  /** After this, the list is closed. */
  validUntil: z.string().nullable(),
  /** One entry per day: a guest admitted yesterday on this list is admitted again today. */
  perDay: z.boolean(),
});
export type DoorCheckInList = z.infer<typeof DoorCheckInListSchema>;

export const DoorCheckInListsSchema = z.object({
  lists: z.array(DoorCheckInListSchema),
  /** The event's ticket types, to name a list's and to choose them for a new one. */
  ticketTypes: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type DoorCheckInLists = z.infer<typeof DoorCheckInListsSchema>;

export const DoorCheckInListInputSchema = z
  .object({
    name: z
      .string({ error: 'Please name the list' })
      .trim()
      .min(1, { error: 'Please name the list' })
      .max(80, { error: 'A list name has at most 80 characters' }),
    types: z
      .array(z.uuid({ error: 'Please choose ticket types of this event' }))
      .max(200)
      .default([]),
    gate: z.string().trim().max(40, { error: 'A gate name has at most 40 characters' }).default(''),
    validFrom: isoDateTime({ error: 'Please give a valid start time' }).nullable().default(null),
    validUntil: isoDateTime({ error: 'Please give a valid end time' }).nullable().default(null),
    perDay: z.boolean({ error: 'Please say whether the list admits once a day' }).default(false),
  })
  .refine(
    (list) =>
      !list.validFrom || !list.validUntil || new Date(list.validFrom) < new Date(list.validUntil),
    { error: 'The list must close after it opens', path: ['validUntil'] },
  );
export type DoorCheckInListInput = z.input<typeof DoorCheckInListInputSchema>;

/**
 * Why a list refuses an admission, the same rule on the device (its verdict) and on the server
 * (its re-check of a synced scan): a ticket of a type not on the list, a scan before the list
 * or the ticket's type is valid, a scan after the list closes.
 */
export const DOOR_REFUSALS = ['not_on_list', 'not_yet_valid', 'list_closed'] as const;
export type DoorRefusal = (typeof DOOR_REFUSALS)[number];

export function admissionRefusal(
  rules: {
    /** Whether the ticket's type is on the list (true with no list, or a list of every type). */
    onList: boolean;
    validFrom: string | null;
    validUntil: string | null;
    /** The ticket type's own validity start. */
    typeValidFrom?: string | null;
  },
  at: Date,
): {
  reason: DoorRefusal;
  from?: string;
  /** Whose start refuses a scan too early: the list's window or the ticket type's "valid from". */
  by?: 'list' | 'ticket';
  until?: string;
} | null {
  if (!rules.onList) return { reason: 'not_on_list' };
  const starts = [
    { by: 'list' as const, time: rules.validFrom },
    { by: 'ticket' as const, time: rules.typeValidFrom },
  ].filter((start): start is { by: 'list' | 'ticket'; time: string } => !!start.time);
  const latest = starts.sort((a, b) => Date.parse(b.time) - Date.parse(a.time))[0];
  if (latest && at.getTime() < Date.parse(latest.time))
    return { reason: 'not_yet_valid', from: latest.time, by: latest.by };
  if (rules.validUntil && at.getTime() >= Date.parse(rules.validUntil))
    return { reason: 'list_closed', until: rules.validUntil };
  return null;
}

/** The day an admission counts for on a one-entry-per-day list: its date in the event's zone. */
export function entryDay(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A scan another device's admission of the same ticket beat (an offline conflict). */
export const DoorConflictSchema = z.object({
  ticketId: z.uuid(),
  holderName: z.string(),
  ticketType: z.string(),
  /** The scan that lost: its device, gate and time. */
  deviceId: z.string(),
  gate: z.string(),
  scannedAt: z.string(),
  /** Set when the server refused the scan by the list's rules (then `first` is all null). */
  reason: z.enum(DOOR_REFUSALS).nullable(),
  /** The admission that stands (first heard): null fields when it was the online desk. */
  first: z.object({
    deviceId: z.string().nullable(),
    gate: z.string().nullable(),
    at: z.string().nullable(),
  }),
});
export type DoorConflict = z.infer<typeof DoorConflictSchema>;

export const DoorConflictsSchema = z.object({ conflicts: z.array(DoorConflictSchema) });
