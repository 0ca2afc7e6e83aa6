import { z } from 'zod';

// Ticket transfers (docs/decisions/055): an attendee passes a ticket to another person by email.

export const TRANSFER_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** The longest cut-off an organizer can set: a year before the start. */
export const TRANSFER_CUTOFF_MAX_HOURS = 8760;
