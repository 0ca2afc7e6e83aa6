import { msg } from '@lingui/core/macro';
import { TICKET_MESSAGES, type OrderInput } from '../../../contracts/tickets';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import type { FileStore } from '../../platform/storage/storage';
import { getEvent } from '../events/events.service';
import { createOrder, type OrderDeps } from '../orders/orders.service';
import { availabilityOf, ensureFreeAdmission } from './ticket-types.service';
import { findVisibleFreeTicketTypes, lockEventAdmission } from './tickets.queries';

/**
 * Free registration (/event/{id}/register): the chosen free ticket, or the event's first free
 * one on sale; a free event without tickets gets "General admission" first. One per person
 * unless the ticket allows more (its per-person limit).
 */
export async function registerForEvent(
  deps: OrderDeps & { files: FileStore },
  params: {
    eventId: string;
    actor: AuthUser;
    ticketTypeId?: string;
    quantity?: number;
    answers?: OrderInput['answers'];
    accessToken?: string;
  },
) {
  const event = await getEvent(deps, {
    id: params.eventId,
    actor: params.actor,
    accessToken: params.accessToken,
  });
  await deps.db.transaction(async (tx) => {
    // Two first registrations at once must not create two admissions.
    await lockEventAdmission(tx, { eventId: event.id });
    await ensureFreeAdmission(tx, event.id);
  });
  const now = deps.clock.now();
  const free = await findVisibleFreeTicketTypes(deps.db, { eventId: event.id });
  const chosen = params.ticketTypeId
    ? free.find((t) => t.id === params.ticketTypeId)
    : (free.find((t) => availabilityOf(t, now) === 'on_sale') ?? free[0]);
  if (!chosen)
    throw new AppError(
      'CONFLICT',
      msg`This event has no free registration. Please buy a ticket instead.`,
    );
  return createOrder(deps, {
    actor: params.actor,
    input: {
      items: [{ ticketTypeId: chosen.id, quantity: params.quantity ?? 1 }],
      answers: params.answers,
    },
  }).catch((error: unknown) => {
    // The order rules speak of tickets; a registration page says it in its own words.
    if (error instanceof AppError && error.message === TICKET_MESSAGES.soldOut)
      throw new AppError('CONFLICT', msg`Registration is full`, error.details);
    throw error;
  });
}
