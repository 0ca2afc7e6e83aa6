import { msg } from '@lingui/core/macro';
import { SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import type { CheckoutAnswers } from '../../../contracts/questions';
import type { Order } from '../../../contracts/tickets';
import {
  DEFAULT_OFFER_HOURS,
  WAITLIST_MESSAGES,
  WaitlistJoinInputSchema,
  type WaitlistAvailability,
  type WaitlistEntry,
  type WaitlistJoinInput,
  type WaitlistJoinResult,
  type WaitlistOverview,
  type WaitlistPageQuery,
  type WaitlistPlace,
  type WaitlistSettings,
} from '../../../contracts/waitlist';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { derivedKey } from '../../platform/secrets';
import { lockManagedEvent } from '../events/events.service';
import {
  announceStockReturned,
  createOrder,
  getOrder,
  type OrderDeps,
} from '../orders/orders.service';
import { isListOpen, offerDeadline } from './offer-rules';
import { lockTypeForOffers, moveStock, applyOffers } from './offers.queries';
import { announceOffers, offerReturnedTickets, type OfferDeps } from './waitlist-offers';
import { confirmPlaceMail, joinedMail } from './waitlist.mail';
import { joinAs, joinRefusal, LEAVABLE, REMOVABLE, type Refusal } from './waitlist.policy';
import { presentEntry, presentPlace } from './waitlist.presenter';
import {
  confirmEntry,
  endEntry,
  findActiveEntryByEmail,
  findEntry,
  findEventAvailability,
  findEventEntryPage,
  findEventTypeCounts,
  findOfferHours,
  findPlacesOf,
  findRank,
  findTypeForList,
  insertEntry,
  markClaimed,
  upsertOfferHours,
  type EntryRow,
} from './waitlist.queries';
import { verifyPlaceToken, placeToken } from './waitlist-token';

export type WaitlistDeps = OfferDeps;

export { offerEverywhere } from './waitlist-offers';

const keyOf = (deps: Pick<WaitlistDeps, 'config'>) => derivedKey(deps.config, 'waitlist-places');

const refuse = (refusal: Refusal) =>
  new AppError(
    refusal.code,
    refusal.message,
    refusal.field ? { fields: [{ field: refusal.field, message: refusal.message }] } : undefined,
  );

const notFound = () => new AppError('NOT_FOUND', WAITLIST_MESSAGES.notFound);

/** Per visible type of an event: whether "Join waiting list" is offered, and how many wait. */
export async function getWaitlistAvailability(
  deps: Pick<WaitlistDeps, 'db'>,
  params: { eventId: string },
): Promise<WaitlistAvailability> {
  const rows = await findEventAvailability(deps.db, params);
  return {
    ticketTypes: rows.map((row) => ({
      ticketTypeId: row.ticketTypeId,
      open: isListOpen(row, row.waiting),
      waiting: row.waiting,
    })),
  };
}

async function placeOf(deps: Pick<WaitlistDeps, 'db' | 'config'>, id: string) {
  const row = await findEntry(deps.db, { id });
  if (!row) throw notFound();
  return presentPlace(row, placeToken(keyOf(deps), row.id));
}

function mailPlace(deps: WaitlistDeps, row: EntryRow) {
  return {
    email: row.email,
    language: row.language,
    eventTitle: row.eventTitle,
    ticketTypeName: row.ticketTypeName,
    token: placeToken(keyOf(deps), row.id),
  };
}

/**
 * Takes a place in line for a sold-out type. Signed out, the answer is the same whatever the
 * address (a confirmation link is mailed, or mailed again), so it tells nobody who is on a list.
 */
export async function joinWaitlist(
  deps: WaitlistDeps,
  params: { actor: AuthUser | null; input: WaitlistJoinInput; locale: Locale },
): Promise<WaitlistJoinResult> {
  const input = WaitlistJoinInputSchema.parse(params.input);
  const now = deps.clock.now();
  const type = await findTypeForList(deps.db, { ticketTypeId: input.ticketTypeId, now });
  const refusal = joinRefusal(type, input.quantity);
  if (refusal || !type)
    throw refuse(refusal ?? { code: 'NOT_FOUND', message: msg`Ticket type not found` });
  const who = joinAs(params.actor, input.email);
  if (!who)
    throw refuse({
      code: 'VALIDATION_FAILED',
      message: WAITLIST_MESSAGES.email,
      field: 'body.email',
    });
  const language = params.actor?.language ?? input.language ?? params.locale;
  const id = await insertEntry(deps.db, {
    eventId: type.eventId,
    ticketTypeId: type.id,
    userId: who.userId,
    email: who.email,
    language,
    quantity: input.quantity,
    confirmed: who.confirmed,
    now,
  });
  if (who.confirmed) {
    if (!id) throw new AppError('CONFLICT', WAITLIST_MESSAGES.alreadyOnList);
    const row = await findEntry(deps.db, { id });
    if (!row) throw notFound();
    await enqueueMail(deps.jobs, joinedMail(deps.config, mailPlace(deps, row)));
    return { outcome: 'joined', place: presentPlace(row, placeToken(keyOf(deps), row.id)) };
  }
  // Signed out: a new place, or one still unconfirmed, gets the link (again); a place already
  // in line gets nothing, and the answer does not say so.
  const existing = id
    ? { id, status: 'unconfirmed' as const }
    : await findActiveEntryByEmail(deps.db, { ticketTypeId: type.id, email: who.email });
  if (existing?.status === 'unconfirmed') {
    const row = await findEntry(deps.db, { id: existing.id });
    if (row) await enqueueMail(deps.jobs, confirmPlaceMail(deps.config, mailPlace(deps, row)));
  }
  return { outcome: 'confirm', place: null };
}

function entryIdOf(deps: Pick<WaitlistDeps, 'config'>, token: string): string {
  const id = verifyPlaceToken(keyOf(deps), token);
  if (!id) throw notFound();
  return id;
}

/** The place behind a link (its holder's view). */
export async function getPlace(
  deps: Pick<WaitlistDeps, 'db' | 'config'>,
  params: { token: string },
): Promise<WaitlistPlace> {
  return placeOf(deps, entryIdOf(deps, params.token));
}

/** The mailed link was opened: the place enters the line (once; later opens just show it). */
export async function confirmPlace(
  deps: WaitlistDeps,
  params: { token: string },
): Promise<WaitlistPlace> {
  const id = entryIdOf(deps, params.token);
  if (await confirmEntry(deps.db, { id, now: deps.clock.now() })) {
    // Stock may be waiting for the list already (set aside while others waited).
    const row = await findEntry(deps.db, { id });
    if (row) {
      await enqueueMail(deps.jobs, joinedMail(deps.config, mailPlace(deps, row)));
      await announceStockReturned(deps.jobs, [row.ticketTypeId]);
    }
  }
  return placeOf(deps, id);
}

/** Ends a place; an offer's tickets go back at once and on to the next in line. */
async function endPlace(
  deps: WaitlistDeps,
  params: {
    id: string;
    status: 'left' | 'declined' | 'removed';
    from: readonly string[];
    beforeEnd?: (tx: DbExecutor, row: EntryRow) => Promise<void>;
  },
) {
  const ended = await deps.db.transaction(async (tx) => {
    const row = await findEntry(tx, { id: params.id });
    if (!row) throw notFound();
    await params.beforeEnd?.(tx, row);
    // The type's row first, as every offer does, so this never waits on an offer pass in reverse.
    await lockTypeForOffers(tx, { ticketTypeId: row.ticketTypeId });
    const done = await endEntry(tx, {
      id: params.id,
      status: params.status,
      from: params.from as never,
      now: deps.clock.now(),
    });
    if (!done) throw new AppError('CONFLICT', WAITLIST_MESSAGES.notWaiting);
    if (done.was === 'offered' && done.offeredQuantity)
      if (!(await moveStock(tx, { ticketTypeId: done.ticketTypeId, delta: done.offeredQuantity })))
        throw new Error('waitlist: an offer could not give its tickets back');
    return done;
  });
  if (ended.was === 'offered') await announceStockReturned(deps.jobs, [ended.ticketTypeId]);
  return placeOf(deps, params.id);
}

export async function leavePlace(deps: WaitlistDeps, params: { token: string }) {
  return endPlace(deps, { id: entryIdOf(deps, params.token), status: 'left', from: LEAVABLE });
}

export async function declineOffer(deps: WaitlistDeps, params: { token: string }) {
  return endPlace(deps, {
    id: entryIdOf(deps, params.token),
    status: 'declined',
    from: ['offered'],
  });
}

/**
 * Buys exactly the offered tickets: an order whose stock is the offer's (moved in the order's
 * transaction, guarded on the offer still standing), paid through the normal checkout. The link
 * is the voucher: whoever holds it and is signed in may buy. Asking again returns the same
 * order while it is open. Like any checkout it answers the event's questions: `createOrder`
 * checks them before anything moves, so a claim missing a required answer changes nothing.
 */
export async function claimOffer(
  deps: WaitlistDeps & { orders: OrderDeps },
  params: { token: string; actor: AuthUser; answers?: CheckoutAnswers | null },
): Promise<Order> {
  const id = entryIdOf(deps, params.token);
  const row = await findEntry(deps.db, { id });
  if (!row) throw notFound();
  const open = await openClaim(deps, row, params.actor);
  if (open) return open;
  const now = deps.clock.now();
  if (row.status !== 'offered' || !row.offeredQuantity)
    throw new AppError('CONFLICT', WAITLIST_MESSAGES.noOffer);
  if (row.offerExpiresAt && row.offerExpiresAt <= now)
    throw new AppError('CONFLICT', WAITLIST_MESSAGES.offerExpired);
  try {
    return await createOrder(deps.orders, {
      actor: params.actor,
      input: {
        items: [{ ticketTypeId: row.ticketTypeId, quantity: row.offeredQuantity }],
        answers: params.answers ?? null,
      },
      heldStock: async (tx, orderId) => {
        if (!(await markClaimed(tx, { id: row.id, orderId, now })))
          throw new AppError('CONFLICT', WAITLIST_MESSAGES.offerExpired);
      },
    });
  } catch (error) {
    // A second click that lost the race to the first: answer with the first's order.
    const again = await findEntry(deps.db, { id });
    const first = again && (await openClaim(deps, again, params.actor));
    if (first) return first;
    throw error;
  }
}

/** The claim's order while it is open and the actor's (asking twice returns it). */
async function openClaim(
  deps: { orders: OrderDeps },
  row: EntryRow,
  actor: AuthUser,
): Promise<Order | null> {
  if (row.status !== 'claimed' || !row.orderId) return null;
  const order = await getOrder(deps.orders, { id: row.orderId, actor }).catch(() => null);
  return order && order.status === 'pending' && order.buyer?.id === actor.id ? order : null;
}

/** A signed-in person's places (their account's and those taken with its address). */
export async function listMyPlaces(
  deps: Pick<WaitlistDeps, 'db' | 'config'>,
  params: { actor: AuthUser },
) {
  const rows = await findPlacesOf(deps.db, { userId: params.actor.id, email: params.actor.email });
  return { places: rows.map((row) => presentPlace(row, placeToken(keyOf(deps), row.id))) };
}

/**
 * The organizer's view: one page of the list of every type in order (the whole list can hold
 * thousands of places), what was offered, the setting. `ticketTypeId` narrows it for the API.
 */
export async function getEventWaitlist(
  deps: Pick<WaitlistDeps, 'db'>,
  params: {
    eventId: string;
    actor: AuthUser;
    page: WaitlistPageQuery & { ticketTypeId?: string | undefined };
  },
): Promise<WaitlistOverview> {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  const { page, pageSize, q, status, ticketTypeId } = params.page;
  const [hours, types, entries] = await Promise.all([
    findOfferHours(deps.db, params),
    findEventTypeCounts(deps.db, params),
    findEventEntryPage(deps.db, {
      eventId: params.eventId,
      q,
      status,
      ticketTypeId,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
  ]);
  return {
    settings: { offerHours: hours ?? DEFAULT_OFFER_HOURS },
    ticketTypes: types,
    entries: entries.rows.map((row) => presentEntry(row, row.rank)),
    total: entries.total,
    page,
    pageSize,
  };
}

export async function updateWaitlistSettings(
  deps: Pick<WaitlistDeps, 'db' | 'clock'>,
  params: { eventId: string; actor: AuthUser; input: WaitlistSettings },
): Promise<WaitlistSettings> {
  await deps.db.transaction(async (tx) => {
    await lockManagedEvent(tx, params, { permission: 'event.edit', action: 'waitlist.settings' });
    await upsertOfferHours(tx, {
      ...params,
      offerHours: params.input.offerHours,
      now: deps.clock.now(),
    });
  });
  return { offerHours: params.input.offerHours };
}

/**
 * "Duplicate event" (decision 055): the copy gives offers the same time as the original. The
 * lists themselves are usage, never copied.
 */
export async function copyWaitlistSettings(
  tx: DbExecutor,
  ctx: { fromEventId: string; toEventId: string; now: Date },
) {
  const hours = await findOfferHours(tx, { eventId: ctx.fromEventId });
  if (hours !== undefined)
    await upsertOfferHours(tx, { eventId: ctx.toEventId, offerHours: hours, now: ctx.now });
}

/** The entry, if the actor manages its event (404 missing, 403 someone else's). */
async function managedEntry(
  tx: DbExecutor,
  params: { id: string; actor: AuthUser },
  action: string,
) {
  const row = await findEntry(tx, { id: params.id });
  if (!row) throw notFound();
  await lockManagedEvent(
    tx,
    { eventId: row.eventId, actor: params.actor },
    { lock: false, permission: 'event.edit', action },
  );
  return row;
}

async function entryOf(deps: Pick<WaitlistDeps, 'db'>, id: string): Promise<WaitlistEntry> {
  const row = await findEntry(deps.db, { id });
  if (!row) throw notFound();
  return presentEntry(row, await findRank(deps.db, row));
}

/**
 * The organizer offers free tickets to this place now, ahead of the automatic order (their
 * call: a sponsor's guest, a correction). Only from stock that is free.
 */
export async function offerNow(
  deps: WaitlistDeps,
  params: { id: string; actor: AuthUser },
): Promise<WaitlistEntry> {
  await deps.db.transaction(async (tx) => {
    const row = await managedEntry(tx, params, 'waitlist.offer');
    if (row.status !== 'waiting') throw new AppError('CONFLICT', WAITLIST_MESSAGES.notWaiting);
    const type = await lockTypeForOffers(tx, { ticketTypeId: row.ticketTypeId });
    const quantity = Math.min(row.quantity, type?.available ?? 0);
    if (!type || quantity < Math.max(1, type.minPerOrder))
      throw new AppError('CONFLICT', WAITLIST_MESSAGES.nothingToOffer);
    if (!(await moveStock(tx, { ticketTypeId: row.ticketTypeId, delta: -quantity })))
      throw new AppError('CONFLICT', WAITLIST_MESSAGES.nothingToOffer);
    const now = deps.clock.now();
    const made = await applyOffers(tx, {
      offers: [{ id: row.id, quantity, expiresAt: null }],
      now,
      deadline: offerDeadline(now, type.offerHours),
    });
    await announceOffers(deps, tx, type, made);
  });
  return entryOf(deps, params.id);
}

export async function removeEntry(
  deps: WaitlistDeps,
  params: { id: string; actor: AuthUser },
): Promise<WaitlistEntry> {
  await endPlace(deps, {
    id: params.id,
    status: 'removed',
    from: REMOVABLE,
    beforeEnd: (tx) => managedEntry(tx, params, 'waitlist.remove').then(() => undefined),
  });
  return entryOf(deps, params.id);
}

/** Runs the offers of one type now (tests and the bench wait on its result). */
export const offerTicketsOf = (deps: WaitlistDeps, ticketTypeId: string) =>
  offerReturnedTickets(deps, ticketTypeId);

/**
 * The organizer puts someone on their event's list (public API v1): the person gets the same
 * confirmation link as anyone who joins signed out, and is in line once they open it, so no one
 * is put on a list without their address being theirs. A place already in line is a conflict.
 */
export async function addPlaceForOrganizer(
  deps: WaitlistDeps,
  params: {
    eventId: string;
    actor: AuthUser;
    input: { ticketTypeId: string; email: string; quantity: number; language?: Locale };
  },
): Promise<WaitlistEntry> {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  const type = await findTypeForList(deps.db, {
    ticketTypeId: params.input.ticketTypeId,
    now: deps.clock.now(),
  });
  if (type?.eventId !== params.eventId)
    throw refuse({
      code: 'VALIDATION_FAILED',
      message: msg`Choose a ticket type of this event`,
      field: 'body.ticket_type_id',
    });
  const before = await findActiveEntryByEmail(deps.db, {
    ticketTypeId: type.id,
    email: params.input.email,
  });
  if (before && before.status !== 'unconfirmed')
    throw new AppError('CONFLICT', WAITLIST_MESSAGES.alreadyOnList);
  await joinWaitlist(deps, {
    actor: null,
    input: params.input,
    locale: params.input.language ?? SOURCE_LOCALE,
  });
  const placed = await findActiveEntryByEmail(deps.db, {
    ticketTypeId: type.id,
    email: params.input.email,
  });
  if (!placed) throw notFound();
  return entryOf(deps, placed.id);
}

/** One entry of the event's list, for its organizer (another event's entry is not found). */
export async function entryOfEvent(
  deps: Pick<WaitlistDeps, 'db'>,
  params: { eventId: string; entryId: string; actor: AuthUser },
): Promise<WaitlistEntry> {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  const row = await findEntry(deps.db, { id: params.entryId });
  if (row?.eventId !== params.eventId) throw notFound();
  return presentEntry(row, await findRank(deps.db, row));
}
