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
  })
  .refine(
    (list) =>
      !list.validFrom || !list.validUntil || new Date(list.validFrom) < new Date(list.validUntil),
    { error: 'The list must close after it opens', path: ['validUntil'] },
  );
export type DoorCheckInListInput = z.input<typeof DoorCheckInListInputSchema>;

/** A scan another device's admission of the same ticket beat (an offline conflict). */
export const DoorConflictSchema = z.object({
  ticketId: z.uuid(),
  holderName: z.string(),
  ticketType: z.string(),
  /** The scan that lost: its device, gate and time. */
  deviceId: z.string(),
  gate: z.string(),
  scannedAt: z.string(),
  /** The admission that stands (first heard): null fields when it was the online desk. */
  first: z.object({
    deviceId: z.string().nullable(),
    gate: z.string().nullable(),
    at: z.string().nullable(),
  }),
});
export type DoorConflict = z.infer<typeof DoorConflictSchema>;

export const DoorConflictsSchema = z.object({ conflicts: z.array(DoorConflictSchema) });
