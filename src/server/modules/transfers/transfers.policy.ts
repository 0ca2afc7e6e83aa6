import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TicketStatus } from '../../../contracts/tickets';

const HOUR_MS = 60 * 60 * 1000;

export const TRANSFER_REFUSALS = {
  notAllowed: msg`The organizer does not allow ticket transfers for this event`,
  closed: msg`Ticket transfers for this event have closed`,
  used: msg`A ticket that was used or cancelled cannot be transferred`,
  pending: msg`This ticket is already being transferred`,
  toSelf: msg`You already hold this ticket: enter the other person's email address`,
} as const;

/** Transfers close `cutoffHours` before the event starts. */
export const transfersOpenUntil = (startsAt: Date, cutoffHours: number) =>
  new Date(startsAt.getTime() - cutoffHours * HOUR_MS);

/** Why the holder cannot pass this ticket on now, or null when they can. */
export function transferRefusal(params: {
  settings: { allowed: boolean; cutoffHours: number };
  startsAt: Date;
  ticketStatus: TicketStatus;
  transferPending: boolean;
  now: Date;
}): MessageDescriptor | null {
  if (!params.settings.allowed) return TRANSFER_REFUSALS.notAllowed;
  if (params.transferPending) return TRANSFER_REFUSALS.pending;
  if (params.ticketStatus !== 'valid') return TRANSFER_REFUSALS.used;
  if (params.now >= transfersOpenUntil(params.startsAt, params.settings.cutoffHours))
    return TRANSFER_REFUSALS.closed;
  return null;
}
