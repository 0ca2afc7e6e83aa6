import { z } from 'zod';

// Ticket transfers (docs/decisions/055): an attendee passes a ticket to another person by email.

export const TRANSFER_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** The longest cut-off an organizer can set: a year before the start. */
export const TRANSFER_CUTOFF_MAX_HOURS = 8760;

export const TRANSFER_MESSAGES = {
  codeReplaced: 'This ticket was transferred to someone else: this code no longer works',
  email: 'Please enter the email address of the person who gets the ticket',
  cutoff: `The cut-off must be a whole number of hours between 0 and ${TRANSFER_CUTOFF_MAX_HOURS}`,
} as const;

export const TransferSettingsSchema = z.object({
  allowed: z.boolean(),
  cutoffHours: z
    .number({ error: TRANSFER_MESSAGES.cutoff })
    .int({ error: TRANSFER_MESSAGES.cutoff })
    .min(0, { error: TRANSFER_MESSAGES.cutoff })
    .max(TRANSFER_CUTOFF_MAX_HOURS, { error: TRANSFER_MESSAGES.cutoff }),
});
export type TransferSettings = z.infer<typeof TransferSettingsSchema>;

export const TransferInputSchema = z.object({
  email: z.email({ error: TRANSFER_MESSAGES.email }).max(254, { error: TRANSFER_MESSAGES.email }),
});
export type TransferInput = z.infer<typeof TransferInputSchema>;

/** One hand-over in a ticket's history (the organizer's and the holder's view). */
export const TicketTransferSchema = z.object({
  id: z.uuid(),
  ticketId: z.uuid(),
  status: z.enum(TRANSFER_STATUSES),
  fromName: z.string().nullable(),
  fromEmail: z.string().nullable(),
  toEmail: z.string(),
  toName: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type TicketTransfer = z.infer<typeof TicketTransferSchema>;
export const TicketTransferListSchema = z.object({ transfers: z.array(TicketTransferSchema) });
export type TicketTransferList = z.infer<typeof TicketTransferListSchema>;

/** What the holder's ticket page shows: whether and until when they may transfer it. */
export const TicketTransferStateSchema = z.object({
  /** The event allows transfers at all. */
  allowed: z.boolean(),
  /** When transfers close (the event's start less the cut-off); null when not allowed. */
  openUntil: z.string().nullable(),
  /** Why this ticket cannot be transferred now, in the reader's language; null when it can. */
  refusal: z.string().nullable(),
  pending: TicketTransferSchema.nullable(),
});
export type TicketTransferState = z.infer<typeof TicketTransferStateSchema>;

export const TransferResultSchema = z.object({
  transfer: TicketTransferSchema,
  /** True when the ticket moved at once to an existing account; false: a claim link was mailed. */
  delivered: z.boolean(),
});
export type TransferResult = z.infer<typeof TransferResultSchema>;

export const ClaimTokenParamsSchema = z.object({ token: z.string().min(1).max(100) });

/** The claim page, before and after signing in. */
export const TransferClaimSchema = z.object({
  status: z.enum(TRANSFER_STATUSES),
  eventTitle: z.string(),
  eventStartsAt: z.string(),
  eventTimezone: z.string(),
  ticketTypeName: z.string(),
  fromName: z.string().nullable(),
  toEmail: z.string(),
});
export type TransferClaim = z.infer<typeof TransferClaimSchema>;

export const ClaimResultSchema = z.object({ ticketId: z.uuid() });

/** Public API v1: an event's ticket transfers, newest first (snake_case like every v1 shape). */
export const V1TransferSchema = z
  .object({
    id: z.uuid(),
    ticket_id: z.uuid(),
    status: z.enum(TRANSFER_STATUSES),
    from: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
    to: z.object({ name: z.string().nullable(), email: z.string() }),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
  })
  .meta({
    example: {
      id: '3f1e2d3c-4b5a-4697-8877-665544332211',
      ticket_id: '0b6c2f7e-3a1d-4c5b-9e8f-1a2b3c4d5e6f',
      status: 'completed',
      from: { name: 'Ada Lovelace', email: 'ada@example.com' },
      to: { name: 'Grace Hopper', email: 'grace@example.com' },
      created_at: '2027-03-01T09:00:00.000Z',
      completed_at: '2027-03-01T09:00:00.000Z',
      cancelled_at: null,
    },
  });
export const V1TransferListSchema = z.object({ data: z.array(V1TransferSchema) });

/** A transfer as API v1 shows it. */
export function toV1Transfer(t: TicketTransfer): z.infer<typeof V1TransferSchema> {
  return {
    id: t.id,
    ticket_id: t.ticketId,
    status: t.status,
    from: { name: t.fromName, email: t.fromEmail },
    to: { name: t.toName, email: t.toEmail },
    created_at: t.createdAt,
    completed_at: t.completedAt,
    cancelled_at: t.cancelledAt,
  };
}
