import { z } from 'zod';
import { isoDateTime } from './bounds';
import { DOOR_REFUSALS, DoorCheckInListSchema } from './door-lists';
import { isUuid } from './ids';
import { QUESTION_TYPES } from './questions';

// The check-in app at the door (decision 066): a list downloaded once, verdicts on the device
// without the network, scans merged on the server when the device syncs.

/**
 * A signed ticket code: `<ticket id>.<code version>.<event id>.<Ed25519 signature>`, the
 * signature (base64url) over `SIGNED_CODE_PREFIX` + the first three parts, made with the event's
 * private key. The app holds only the public key, so it can tell a genuine code from a forged one
 * offline, and it reads the event id to say "wrong event".
 */
export const SIGNED_CODE_PREFIX = 'mea-ticket-1:';

export interface SignedCodeParts {
  ticketId: string;
  version: number;
  eventId: string;
  signature: string;
  /** The bytes the signature covers, as text. */
  message: string;
}

/** The parts of a signed code, or null when the text is not one (a MAC code, or garbage). */
export function parseSignedCode(code: string): SignedCodeParts | null {
  const parts = code.trim().split('.');
  if (parts.length !== 4) return null;
  const [ticketId = '', version = '', eventId = '', signature = ''] = parts;
  if (!isUuid(ticketId) || !isUuid(eventId) || !/^\d{1,6}$/.test(version)) return null;
  if (!/^[\w-]{86}$/.test(signature)) return null;
  const body = `${ticketId.toLowerCase()}.${Number(version)}.${eventId.toLowerCase()}`;
  return {
    ticketId: ticketId.toLowerCase(),
    version: Number(version),
    eventId: eventId.toLowerCase(),
    signature,
    message: SIGNED_CODE_PREFIX + body,
  };
}

/** The text a signed code's signature covers. */
export const signedCodeMessage = (ticketId: string, version: number, eventId: string) =>
  `${SIGNED_CODE_PREFIX}${ticketId}.${version}.${eventId}`;

/** Where a ticket stands for the door: `pending` is a transfer waiting to be claimed. */
export const DOOR_TICKET_STATES = ['valid', 'checked_in', 'void', 'pending'] as const;

/** A day's entry of a ticket on a one-entry-per-day list (see `DoorTicket.d`). */
const DoorDaySchema = z.object({
  at: z.string(),
  g: z.string().nullable(),
  o: z.literal(true).optional(),
});

/**
 * One ticket of a check-in list. Short keys: a list of 50,000 tickets is downloaded and stored
 * on a phone, and every byte counts 50,000 times.
 */
export const DoorTicketSchema = z.object({
  /** Ticket id. */
  id: z.uuid(),
  /** Code version: a transfer raises it and the older codes stop admitting. */
  v: z.number().int(),
  /** The first 22 characters of the base64url SHA-256 of the ticket's MAC code (older codes). */
  h: z.string(),
  /**
   * The same hashes of the MAC codes this ticket's code replaced (a transfer or re-issue; the last
   * few versions), so the app says "code replaced" for an old printout rather than "unknown".
   */
  r: z.array(z.string()).optional(),
  /** Holder's name. */
  n: z.string(),
  /** Index into the list's `ticketTypes`. */
  t: z.number().int(),
  s: z.enum(DOOR_TICKET_STATES),
  /** When it was checked in, and at which gate (null: the online desk or no gate). */
  at: z.string().nullable(),
  g: z.string().nullable(),
  /** The seat's id on the event's plan ("A-Row C-12"); none: not a seated ticket. */
  st: z.string().optional(),
  /**
   * On a one-entry-per-day list: the days (in the event's zone) the ticket was admitted on it,
   * each with the time and gate of that day's admission, and `o` when a check-out (re-entry)
   * ended that day's entry since: the guest may come in again that day.
   */
  d: z.record(z.string(), DoorDaySchema).optional(),
  /**
   * The answers to the questions the organizer shows at the door, by the question's place in the
   * list's `questions` (only those answered; none: no answers to show).
   */
  a: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
    .optional(),
});
export type DoorTicket = z.infer<typeof DoorTicketSchema>;

export const DoorCountersSchema = z.object({
  checkedIn: z.number().int(),
  expected: z.number().int(),
  gates: z.array(z.object({ gate: z.string(), checkedIn: z.number().int() })),
});
export type DoorCounters = z.infer<typeof DoorCountersSchema>;

const DoorTicketTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Before this the type's tickets are "not yet valid" at the door; none: any time. */
  validFrom: z.string().nullable().optional(),
});

export const DoorEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  ticketTypes: z.array(DoorTicketTypeSchema),
});
export type DoorEvent = z.infer<typeof DoorEventSchema>;

export const DoorEventListSchema = z.object({ events: z.array(DoorEventSchema) });

/** A change cursor: a position in the server's feed of ticket changes. */
const CursorSchema = z.string().regex(/^\d{1,18}$/, { error: 'Please send a cursor from a list' });

const typesParam = z
  .string()
  .max(4000)
  .optional()
  .transform((value, ctx) => {
    const ids = (value ?? '').split(',').filter(Boolean);
    if (ids.some((id) => !isUuid(id))) {
      ctx.addIssue({ code: 'custom', message: 'Please choose ticket types of this event' });
      return z.NEVER;
    }
    return ids;
  });

/** A question the organizer chose to show at the door (decision 092). */
export const DoorQuestionSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  type: z.enum(QUESTION_TYPES),
});
export type DoorQuestion = z.infer<typeof DoorQuestionSchema>;

/** The longest answer a list carries: the door reads a glance, not an essay. */
export const DOOR_ANSWER_MAX = 200;

export const DoorListQuerySchema = z.object({
  /** Comma-separated ticket type ids; none means every ticket of the event. */
  types: typesParam,
  /** A check-in list the organizer defined (decision 116): its rules come with the tickets. */
  list: z.uuid({ error: 'Check-in list not found' }).optional(),
});

export const DoorListSchema = z.object({
  event: DoorEventSchema,
  /** The event's Ed25519 public key, raw 32 bytes in base64url. */
  publicKey: z.string(),
  /** The chosen ticket types (empty: all). */
  types: z.array(z.uuid()),
  /**
   * The organizer's check-in list chosen (null: none): the tickets are then every ticket of the
   * event, and the device says "not on this list" or "not yet valid" by the list's rules.
   */
  list: DoorCheckInListSchema.nullable(),
  /** The event's time zone: the day of an admission on a one-entry-per-day list. */
  timeZone: z.string(),
  tickets: z.array(DoorTicketSchema),
  cursor: z.string(),
  counters: DoorCountersSchema,
  /** Whether guests may leave and come back (check-out mode). */
  reEntry: z.boolean(),
  /** The questions whose answers show on the verdict; each ticket's `a` is keyed by place here. */
  questions: z.array(DoorQuestionSchema),
  /** The seating plan's section names by id, for the seats of `st`. */
  sections: z.record(z.string(), z.string()),
});
export type DoorList = z.infer<typeof DoorListSchema>;

export const DOOR_SYNC_MAX_SCANS = 2000;

/** A scan admits (`in`) or checks a guest out (`out`, with re-entry allowed). */
export const DOOR_SCAN_KINDS = ['in', 'out'] as const;
export type DoorScanKind = (typeof DOOR_SCAN_KINDS)[number];

/** The organizer's door settings for an event (decision 070). */
export const DoorSettingsSchema = z.object({
  /** A guest checked out may be admitted again; without it, a second admission is refused. */
  allowReEntry: z.boolean(),
});
export type DoorSettings = z.infer<typeof DoorSettingsSchema>;

export const DoorScanSchema = z
  .object({
    code: z
      .string()
      .trim()
      .max(200, { error: 'A ticket code has at most 200 characters' })
      .default(''),
    /** A ticket chosen by name at the door, instead of a scanned code. */
    ticketId: z.uuid({ error: 'Please send a ticket id from the list' }).optional(),
    scannedAt: isoDateTime({ error: 'Please send when the code was scanned' }),
    gate: z.string().trim().max(40, { error: 'A gate name has at most 40 characters' }).default(''),
    /** `out`: the guest leaves (check-out), when the event allows re-entry. */
    kind: z.enum(DOOR_SCAN_KINDS).default('in'),
  })
  .refine((scan) => scan.code || scan.ticketId, {
    error: 'Please send the scanned code',
    path: ['code'],
  });
export type DoorScan = z.infer<typeof DoorScanSchema>;

export const DoorSyncInputSchema = z.object({
  deviceId: z.uuid({ error: 'Please send the device id' }),
  scans: z.array(DoorScanSchema).max(DOOR_SYNC_MAX_SCANS, {
    error: `Please send at most ${DOOR_SYNC_MAX_SCANS} scans at once`,
  }),
  /** Changes after this position come back with the answer. */
  cursor: CursorSchema.optional(),
  types: z.array(z.uuid()).max(200).default([]),
  /** The organizer's check-in list the scans were made for: the server re-checks its rules. */
  listId: z.uuid({ error: 'Please choose a check-in list of this event' }).optional(),
  /**
   * The door questions the device holds, in its list's order: changed tickets' answers come back
   * keyed by place in this list. None: the event's current door questions.
   */
  questions: z.array(z.uuid()).max(100).optional(),
  /**
   * Whether the device holds each ticket's admissions by day on `listId`. False while its list
   * is not one entry per day: when the organizer turns the rule on, the answer brings them.
   */
  days: z.boolean().optional(),
});
export type DoorSyncInput = z.input<typeof DoorSyncInputSchema>;

/**
 * What the server made of a scan: the first scan of a ticket it hears of admits it; the same
 * device sending it again (or scanning it again) is a duplicate; another device's scan of a ticket
 * already in is a conflict, reported with that first admission. With re-entry, a check-out of a
 * guest inside is `checked_out` (the next admission is a new one), of a guest outside `not_in`;
 * without re-entry a check-out is `not_allowed`.
 */
export const DOOR_SCAN_RESULTS = [
  'admitted',
  'duplicate',
  'conflict',
  'revoked',
  'invalid',
  'checked_out',
  'not_in',
  'not_allowed',
] as const;
export type DoorScanResult = (typeof DOOR_SCAN_RESULTS)[number];

export const DoorSyncResultSchema = z.object({
  results: z.array(
    z.object({
      code: z.string(),
      scannedAt: z.string(),
      result: z.enum(DOOR_SCAN_RESULTS),
      first: z
        .object({ at: z.string(), gate: z.string().nullable(), deviceId: z.string().nullable() })
        .nullable(),
      /** A conflict by the list's rules (the device admitted what the list refuses). */
      reason: z.enum(DOOR_REFUSALS).nullable().optional(),
    }),
  ),
  ticketTypes: z.array(DoorTicketTypeSchema),
  changes: z.array(DoorTicketSchema),
  cursor: z.string(),
  counters: DoorCountersSchema,
  reEntry: z.boolean(),
  /**
   * The check-in list the device scans for, as the organizer has it now (its ticket types,
   * gate, window, once-a-day rule): an edited list reaches the device's offline verdicts
   * without a new download.
   */
  list: DoorCheckInListSchema.optional(),
  /**
   * The event's door questions now, when the device sent the ones it holds (in its order while
   * they are the same ones): a relabelled question reads anew on the device (decision 099).
   */
  questions: z.array(DoorQuestionSchema).optional(),
  /**
   * Only when the door questions are no longer the device's (one newly shown, one no longer
   * shown): every ticket's answers keyed by place in `questions`, a ticket left out having
   * none. `changes` are then keyed the same way.
   */
  answers: z.record(z.string(), DoorTicketSchema.shape.a.unwrap()).optional(),
  /**
   * Only when the list is one entry per day and the device said it holds no days (`days:
   * false`): the days of every ticket admitted on the list by day, by ticket id; a ticket left
   * out has none. Sparse: only tickets with an entry come.
   */
  days: z.record(z.string(), z.record(z.string(), DoorDaySchema)).optional(),
});
export type DoorSyncResult = z.infer<typeof DoorSyncResultSchema>;
