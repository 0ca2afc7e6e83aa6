import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { SEATING_MESSAGES } from '../../../contracts/seating';
import { TICKET_MESSAGES } from '../../../contracts/tickets';
import { WAITLIST_MESSAGES, type WaitlistStatus } from '../../../contracts/waitlist';
import type { AuthUser } from '../../platform/auth/sessions';
import { isListOpen } from './offer-rules';
import type { TypeForList } from './waitlist.queries';

export type Refusal = {
  code: 'NOT_FOUND' | 'CONFLICT' | 'VALIDATION_FAILED';
  message: string | MessageDescriptor;
  field?: string;
};

/**
 * Whether this type takes places in line now, and for this many tickets. Hidden types have no
 * public list (who cannot see them cannot wait for them).
 */
export function joinRefusal(type: TypeForList | undefined, quantity: number): Refusal | null {
  if (!type || type.isHidden) return { code: 'NOT_FOUND', message: msg`Ticket type not found` };
  if (type.eventStatus !== 'published' || type.eventEnded || type.salesEnded)
    return { code: 'CONFLICT', message: WAITLIST_MESSAGES.notOpen };
  if (type.seated)
    return {
      code: 'VALIDATION_FAILED',
      message: SEATING_MESSAGES.soldBySeat,
      field: 'body.ticketTypeId',
    };
  if (!isListOpen(type, type.waiting))
    return { code: 'CONFLICT', message: WAITLIST_MESSAGES.notSoldOut };
  if (quantity < type.minPerOrder)
    return {
      code: 'VALIDATION_FAILED',
      message: TICKET_MESSAGES.belowMin(type.minPerOrder),
      field: 'body.quantity',
    };
  if (quantity > type.maxPerOrder)
    return {
      code: 'VALIDATION_FAILED',
      message: TICKET_MESSAGES.aboveMax(type.maxPerOrder),
      field: 'body.quantity',
    };
  return null;
}

/**
 * Signed in, the account's address is the place's, in line at once (the account proves it);
 * signed out, the address typed waits for its mailed link, so nobody can put someone else's
 * address in line (decision 054).
 */
export function joinAs(
  actor: AuthUser | null,
  email: string | undefined,
): { email: string; userId: string | null; confirmed: boolean } | null {
  if (actor) return { email: actor.email, userId: actor.id, confirmed: true };
  if (!email) return null;
  return { email: email.trim(), userId: null, confirmed: false };
}

/** Places that may still be left by their holder. */
export const LEAVABLE: readonly WaitlistStatus[] = ['unconfirmed', 'waiting', 'offered'];
/** Places the organizer may take away. */
export const REMOVABLE: readonly WaitlistStatus[] = ['unconfirmed', 'waiting', 'offered'];
