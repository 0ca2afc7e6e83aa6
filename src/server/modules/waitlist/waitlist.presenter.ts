import type { WaitlistEntry, WaitlistPlace } from '../../../contracts/waitlist';
import type { EntryRow } from './waitlist.queries';

export function presentPlace(row: EntryRow, token: string): WaitlistPlace {
  return {
    id: row.id,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    ticketTypeId: row.ticketTypeId,
    ticketTypeName: row.ticketTypeName,
    priceCents: row.priceCents,
    currency: row.currency,
    email: row.email,
    quantity: row.quantity,
    status: row.status,
    // People ahead, plus this place: "3" reads "third in line".
    ahead: row.status === 'waiting' && row.ahead !== null ? row.ahead + 1 : null,
    offeredQuantity: row.offeredQuantity,
    offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
    orderId: row.orderId,
    joinedAt: row.createdAt.toISOString(),
    token,
  };
}

export function presentEntry(row: EntryRow, rank: number | null): WaitlistEntry {
  return {
    id: row.id,
    ticketTypeId: row.ticketTypeId,
    ticketTypeName: row.ticketTypeName,
    position: rank,
    email: row.email,
    quantity: row.quantity,
    status: row.status,
    offeredQuantity: row.offeredQuantity,
    offeredAt: row.offeredAt?.toISOString() ?? null,
    offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
    orderId: row.orderId,
    joinedAt: row.createdAt.toISOString(),
  };
}
