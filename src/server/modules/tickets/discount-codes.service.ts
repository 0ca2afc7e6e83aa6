import { msg } from '@lingui/core/macro';
import {
  DiscountCodeInputSchema,
  TICKET_MESSAGES,
  type DiscountCode,
  type DiscountCodeInput,
} from '../../../contracts/tickets';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { requireChargeablePrice } from './ticket-types.service';
import type { EventDeps } from '../events/events.service';
import { lockManagedEvent } from '../events/events.service';
import { must } from '../../platform/must';
import {
  deleteDiscountCodeById,
  findDiscountCodeById,
  findDiscountCodesOfEvent,
  findTicketTypeIdOfEvent,
  insertDiscountCode,
  setDiscountCodeActiveById,
  type DiscountCodeRow as Row,
} from './tickets.queries';

const present = (row: Row): DiscountCode => ({
  id: row.id,
  eventId: row.eventId,
  code: row.code,
  kind: row.kind,
  amount: row.amount,
  ticketTypeId: row.ticketTypeId,
  usageLimit: row.usageLimit,
  usedCount: row.usedCount,
  validFrom: row.validFrom?.toISOString() ?? null,
  validUntil: row.validUntil?.toISOString() ?? null,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
});

export async function listDiscountCodes(
  deps: EventDeps,
  params: { eventId: string; actor: AuthUser },
) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'discount_codes' });
  const rows = await findDiscountCodesOfEvent(deps.db, { eventId: params.eventId });
  return rows.map(present);
}

export async function createDiscountCode(
  deps: EventDeps,
  params: { eventId: string; actor: AuthUser; input: DiscountCodeInput },
) {
  const input = DiscountCodeInputSchema.parse(params.input);
  const event = await lockManagedEvent(deps.db, params, {
    lock: false,
    permission: 'discount_codes',
  });
  // A fixed amount off keeps the total chargeable (10 fils in three-decimal currencies).
  if (input.kind === 'fixed') requireChargeablePrice(input.amount, event.currency, 'body.amount');
  if (input.ticketTypeId) {
    const type = await findTicketTypeIdOfEvent(deps.db, {
      id: input.ticketTypeId,
      eventId: event.id,
    });
    if (!type)
      throw new AppError('VALIDATION_FAILED', msg`Please choose a ticket of this event`, {
        fields: [{ field: 'body.ticketTypeId', message: 'Please choose a ticket of this event' }],
      });
  }
  const row = await insertDiscountCode(deps.db, {
    values: {
      eventId: event.id,
      code: input.code.toUpperCase(),
      kind: input.kind,
      amount: input.amount,
      ticketTypeId: input.ticketTypeId ?? null,
      usageLimit: input.usageLimit ?? null,
      validFrom: input.validFrom ? new Date(input.validFrom) : null,
      validUntil: input.validUntil ? new Date(input.validUntil) : null,
      createdAt: deps.clock.now(),
    },
  });
  if (!row)
    throw new AppError('CONFLICT', TICKET_MESSAGES.codeTaken, {
      fields: [{ field: 'body.code', message: TICKET_MESSAGES.codeTaken }],
    });
  return present(row);
}

async function ownedCode(deps: EventDeps, params: { id: string; actor: AuthUser }) {
  const row = await findDiscountCodeById(deps.db, { id: params.id });
  if (!row) throw new AppError('NOT_FOUND', msg`Discount code not found`);
  await lockManagedEvent(
    deps.db,
    { eventId: row.eventId, actor: params.actor },
    { lock: false, permission: 'discount_codes' },
  );
  return row;
}

export async function setDiscountCodeActive(
  deps: EventDeps,
  params: { id: string; actor: AuthUser; isActive: boolean },
) {
  const row = await ownedCode(deps, params);
  const updated = await setDiscountCodeActiveById(deps.db, {
    id: row.id,
    isActive: params.isActive,
  });
  return present(must(updated, 'discount code'));
}

/** Orders keep the code's text, so deleting a used code loses no history. */
export async function deleteDiscountCode(deps: EventDeps, params: { id: string; actor: AuthUser }) {
  const row = await ownedCode(deps, params);
  await deleteDiscountCodeById(deps.db, { id: row.id });
}
