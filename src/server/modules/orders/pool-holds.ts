import { msg, plural } from '@lingui/core/macro';
import { TICKET_MESSAGES } from '../../../contracts/tickets';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../platform/http/errors';
import {
  expireHolds,
  findPoolRemaining,
  findPoolTypes,
  poolNeeds,
  takePoolStock,
} from './holds.queries';

// Capacity pools at checkout (decision 052): after an order's ticket types, every pool they
// draw on gives its share, in pool id order, with the same guarded UPDATE as a type. Both the
// database's hold function and the general path word a short pool here, so the differential
// test finds the same words on both.

interface Line {
  ticketTypeId: string;
  quantity: number;
}

/** "Sold out" / "Only N tickets are left" for one ticket type. */
export const stockShortage = (ticketTypeId: string, left: number) =>
  new AppError(
    'CONFLICT',
    left === 0 ? TICKET_MESSAGES.soldOut : TICKET_MESSAGES.notEnoughLeft(left),
    { ticketTypeId, remaining: left },
  );

/**
 * A pool that cannot give what the order asks, said with the ticket types that share it (the
 * hidden ones only when the order has them), so the buyer knows the limit is on them together.
 * A pool the buyer sees only one type of reads like that type's own limit.
 */
export async function poolShortage(
  db: DbExecutor,
  params: { poolId: string; left: number; lines: Line[] },
): Promise<AppError> {
  const { poolId, left } = params;
  const inOrder = new Set(params.lines.map((l) => l.ticketTypeId));
  const members = await findPoolTypes(db, poolId);
  const named = members.filter((t) => !t.isHidden || inOrder.has(t.id));
  const first = params.lines.find((l) => members.some((t) => t.id === l.ticketTypeId));
  const ticketTypeId = first?.ticketTypeId ?? '';
  if (named.length < 2) return stockShortage(ticketTypeId, left);
  const types = named.map((t) => t.name).join(', ');
  const message =
    left === 0
      ? msg`No places are left for these tickets together: ${types}`
      : msg`${plural(left, {
          one: `Only # place is left for these tickets together: ${types}`,
          other: `Only # places are left for these tickets together: ${types}`,
        })}`;
  return new AppError('CONFLICT', message, {
    ticketTypeId,
    remaining: left,
    poolId,
    ticketTypeIds: named.map((t) => t.id),
  });
}

/**
 * The general path's pool take, inside its order transaction after the types' stock: holds that
 * ran out still count against a pool until swept, so a short pool sweeps its types' due holds
 * and tries once more before the shortage is said.
 */
export async function takePoolStockOrRefuse(tx: DbExecutor, lines: Line[], now: Date) {
  for (const need of await poolNeeds(tx, lines)) {
    if (await takePoolStock(tx, need)) continue;
    const types = await findPoolTypes(tx, need.poolId);
    const swept = await expireHolds(tx, now, { ticketTypeIds: types.map((t) => t.id) });
    if (swept.length && (await takePoolStock(tx, need))) continue;
    const left = await findPoolRemaining(tx, need.poolId);
    throw await poolShortage(tx, { poolId: need.poolId, left, lines });
  }
}
