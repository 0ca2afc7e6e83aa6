import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { DEFAULT_OFFER_HOURS } from '../../../contracts/waitlist';

export type LockedType = {
  id: string;
  eventId: string;
  eventTitle: string;
  eventTimezone: string;
  name: string;
  minPerOrder: number;
  /** What can be taken now: the type's stock, and no more than any pool it draws on holds. */
  available: number;
  offerHours: number;
};

/**
 * Locks the type's stock row for the rest of the transaction: offers for one type are made one
 * batch at a time, so two releases at once can never offer the same ticket twice.
 */
export async function lockTypeForOffers(
  tx: DbExecutor,
  params: { ticketTypeId: string },
): Promise<LockedType | undefined> {
  const { rows } = await tx.execute<{ id: string; remaining: number }>(sql`
    select id, remaining from ticket_types where id = ${params.ticketTypeId} for no key update`);
  if (!rows[0]) return undefined;
  const { rows: details } = await tx.execute<LockedType>(sql`
    select t.id, t.event_id as "eventId", e.title as "eventTitle", e.timezone as "eventTimezone",
      t.name, t.min_per_order as "minPerOrder",
      least(t.remaining, coalesce((
        select min(p.remaining) from capacity_pools p
        join capacity_pool_ticket_types m on m.pool_id = p.id
        where m.ticket_type_id = t.id), t.remaining)) as available,
      coalesce(s.offer_hours, ${DEFAULT_OFFER_HOURS}) as "offerHours"
    from ticket_types t join events e on e.id = t.event_id
    left join waitlist_settings s on s.event_id = t.event_id
    where t.id = ${params.ticketTypeId}`);
  return details[0];
}

/**
 * Moves stock between the shelf and the list: a negative delta takes it (an offer), a positive
 * one gives it back (an offer that ended). The type and every pool it draws on change together
 * with the hold's guarded updates; false (and nothing should be kept) if any would go below 0.
 */
export async function moveStock(
  tx: DbExecutor,
  params: { ticketTypeId: string; delta: number },
): Promise<boolean> {
  if (params.delta === 0) return true;
  const { rows } = await tx.execute<{ types: number; pools: number; memberOf: number }>(sql`
    with t as (
      update ticket_types set remaining = remaining + ${params.delta}
      where id = ${params.ticketTypeId} and remaining + ${params.delta} >= 0
      returning id
    ), p as (
      update capacity_pools p set remaining = p.remaining + ${params.delta}, updated_at = now()
      from capacity_pool_ticket_types m
      where m.pool_id = p.id and m.ticket_type_id = ${params.ticketTypeId}
        and p.remaining + ${params.delta} >= 0
      returning p.id
    )
    select (select count(*)::int from t) as types, (select count(*)::int from p) as pools,
      (select count(*)::int from capacity_pool_ticket_types
        where ticket_type_id = ${params.ticketTypeId}) as "memberOf"`);
  const row = rows[0];
  return Boolean(row && row.types === 1 && row.pools === row.memberOf);
}

/** Offers whose time ran out end; returns the tickets they held. */
export async function expireDueOffers(
  tx: DbExecutor,
  params: { ticketTypeId: string; now: Date },
): Promise<number> {
  const { rows } = await tx.execute<{ back: number }>(sql`
    with ended as (
      update waitlist_entries set status = 'expired', updated_at = ${params.now}
      where ticket_type_id = ${params.ticketTypeId} and status = 'offered'
        and offer_expires_at <= ${params.now}
      returning offered_quantity
    )
    select coalesce(sum(offered_quantity), 0)::int as back from ended`);
  return rows[0]?.back ?? 0;
}

/**
 * Claims whose order lapsed unpaid (its hold expired or was cancelled: its stock is back on the
 * type already). Past the offer's deadline the place is done; before it, the person is still
 * first in line for those tickets and gets them set aside again until the same deadline.
 */
export async function settleLapsedClaims(
  tx: DbExecutor,
  params: { ticketTypeId: string; now: Date },
) {
  await tx.execute(sql`
    update waitlist_entries w set status = 'expired', updated_at = ${params.now}
    from orders o
    where o.id = w.order_id and w.ticket_type_id = ${params.ticketTypeId}
      and w.status = 'claimed' and o.status in ('expired', 'cancelled')
      and w.offer_expires_at <= ${params.now}`);
  const { rows } = await tx.execute<{ id: string; quantity: number; offerExpiresAt: Date }>(sql`
    select w.id, w.offered_quantity as quantity, w.offer_expires_at as "offerExpiresAt"
    from waitlist_entries w join orders o on o.id = w.order_id
    where w.ticket_type_id = ${params.ticketTypeId} and w.status = 'claimed'
      and o.status in ('expired', 'cancelled')
    order by w.position
    for update of w`);
  return rows.map((row) => ({ ...row, offerExpiresAt: new Date(row.offerExpiresAt) }));
}

/** The front of the line, in order (at most `limit` places: each offer is 1 ticket or more). */
export async function frontOfLine(tx: DbExecutor, params: { ticketTypeId: string; limit: number }) {
  const { rows } = await tx.execute<{ id: string; quantity: number }>(sql`
    select id, quantity from waitlist_entries
    where ticket_type_id = ${params.ticketTypeId} and status = 'waiting'
    order by position
    limit ${params.limit}
    for update`);
  return rows;
}

export type MadeOffer = {
  id: string;
  email: string;
  userId: string | null;
  language: string | null;
  offeredQuantity: number;
  offerExpiresAt: Date;
};

/** Marks the planned places offered (from `waiting`, or again from a lapsed claim). */
export async function applyOffers(
  tx: DbExecutor,
  params: {
    offers: { id: string; quantity: number; expiresAt: Date | null }[];
    now: Date;
    deadline: Date;
  },
): Promise<MadeOffer[]> {
  if (!params.offers.length) return [];
  const ids = `{${params.offers.map((o) => o.id).join(',')}}`;
  const quantities = `{${params.offers.map((o) => o.quantity).join(',')}}`;
  const deadlines = `{${params.offers.map((o) => (o.expiresAt ?? params.deadline).toISOString()).join(',')}}`;
  const { rows } = await tx.execute<MadeOffer>(sql`
    update waitlist_entries w set status = 'offered', offered_quantity = v.quantity,
      offered_at = ${params.now}, offer_expires_at = v.deadline, order_id = null,
      updated_at = ${params.now}
    from unnest(${ids}::uuid[], ${quantities}::int[], ${deadlines}::timestamptz[])
      as v(id, quantity, deadline)
    where w.id = v.id and w.status in ('waiting', 'claimed')
    returning w.id, w.email,
      coalesce(w.user_id, (select u.id from users u where lower(u.email) = lower(w.email) limit 1))
        as "userId",
      coalesce((select u.language from users u where u.id = w.user_id), w.language) as language,
      w.offered_quantity as "offeredQuantity", w.offer_expires_at as "offerExpiresAt"`);
  return rows.map((row) => ({ ...row, offerExpiresAt: new Date(row.offerExpiresAt) }));
}

/** Types with work for the list: waiting people and stock, offers due, or claims that lapsed. */
export async function typesWithWork(db: DbExecutor, params: { now: Date }): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select distinct w.ticket_type_id as id from waitlist_entries w
    join ticket_types t on t.id = w.ticket_type_id
    where (w.status = 'waiting' and t.remaining > 0)
      or (w.status = 'offered' and w.offer_expires_at <= ${params.now})
      or (w.status = 'claimed' and exists (
        select 1 from orders o where o.id = w.order_id and o.status in ('expired', 'cancelled')))`);
  return rows.map((r) => r.id);
}

/**
 * `waitlist.offered` for the organizer's webhook endpoints, one per offer, in the offer's
 * transaction (an offer is announced exactly when it stands). One statement for the whole
 * batch; an organizer without an endpoint for the type gets no rows (webhook_emit).
 */
export async function emitOfferWebhooks(
  tx: DbExecutor,
  params: { eventId: string; at: Date; payloads: Record<string, unknown>[] },
) {
  if (!params.payloads.length) return;
  await tx.execute(sql`
    select webhook_emit(e.user_id, 'waitlist.offered',
      'waitlist.offered:' || (p->>'entry_id') || ':' || (p->>'offer_expires_at'), ${params.at}, p)
    from events e cross join jsonb_array_elements(${JSON.stringify(params.payloads)}::jsonb) p
    where e.id = ${params.eventId}`);
}
