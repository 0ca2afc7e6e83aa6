import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { jobsIn } from '../../platform/jobs/in-transaction';
import type { JobQueue } from '../../platform/jobs/jobs';
import { BULK_PRIORITY, enqueueBulkMail } from '../../platform/mail/mail-jobs';
import { derivedKey } from '../../platform/secrets';
import { createNotifications } from '../notifications/notifications.service';
import { offerDeadline, planOffers } from './offer-rules';
import {
  applyOffers,
  emitOfferWebhooks,
  expireDueOffers,
  frontOfLine,
  lockTypeForOffers,
  moveStock,
  settleLapsedClaims,
  typesWithWork,
  type LockedType,
  type MadeOffer,
} from './offers.queries';
import { STOCK_RETURNED_QUEUE, type StockReturned } from '../orders/orders.service';
import { offerMail, offerNotice } from './waitlist.mail';
import { placeToken } from './waitlist-token';

// Commerce announces returned stock on this queue; the waiting list works it.
export const OFFERS_QUEUE = STOCK_RETURNED_QUEUE;
export type OffersJob = StockReturned;

export interface OfferDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET'>;
}

/** A batch of the line is read and offered per pass; a larger release takes several passes. */
const PASS_SIZE = 2000;

/**
 * Gives the tickets that came back on one type to the line, in order, in one transaction per
 * pass with the type's stock row locked: offers that ran out (and claims that lapsed past their
 * deadline) end first and give their tickets back, claims that lapsed in time get theirs set
 * aside again, then the line is walked from the front (offer-rules.ts). Stock moves from the
 * shelf to the offers with the hold's guarded update. The mails and notifications are written
 * by the same transaction, so an offer exists exactly when its messages do. Safe to run any
 * number of times: a run finds the state the last one left.
 */
export async function offerReturnedTickets(deps: OfferDeps, ticketTypeId: string): Promise<number> {
  let total = 0;
  for (;;) {
    const made = await deps.db.transaction((tx) => offerPass(deps, tx, ticketTypeId));
    total += made;
    if (made < PASS_SIZE) return total;
  }
}

async function offerPass(deps: OfferDeps, tx: DbExecutor, ticketTypeId: string): Promise<number> {
  const now = deps.clock.now();
  const type = await lockTypeForOffers(tx, { ticketTypeId });
  if (!type) return 0;
  const back = await expireDueOffers(tx, { ticketTypeId, now });
  let available = type.available + back;
  const planned: { id: string; quantity: number; expiresAt: Date | null }[] = [];
  // A claim that lapsed in time keeps its deadline and its place at the front: its tickets
  // came back to the shelf with its order, so they are set aside for it again.
  for (const claim of await settleLapsedClaims(tx, { ticketTypeId, now })) {
    if (claim.quantity > available) break;
    planned.push({ id: claim.id, quantity: claim.quantity, expiresAt: claim.offerExpiresAt });
    available -= claim.quantity;
  }
  const limit = Math.min(PASS_SIZE, Math.max(available, 0));
  const line = limit > 0 ? await frontOfLine(tx, { ticketTypeId, limit }) : [];
  for (const offer of planOffers(line, available, type.minPerOrder))
    planned.push({ ...offer, expiresAt: null });
  const taken = planned.reduce((sum, offer) => sum + offer.quantity, 0);
  if (!(await moveStock(tx, { ticketTypeId, delta: back - taken })))
    throw new Error('waitlist offer: stock changed under a locked row');
  const made = await applyOffers(tx, {
    offers: planned,
    now,
    deadline: offerDeadline(now, type.offerHours),
  });
  if (made.length !== planned.length) throw new Error('waitlist offer: a place changed under lock');
  await announceOffers(deps, tx, type, made);
  return made.length;
}

/** The offer mails (bulk lane, in this transaction), in-app notifications and webhooks. */
export async function announceOffers(
  deps: OfferDeps,
  tx: DbExecutor,
  type: LockedType,
  made: MadeOffer[],
) {
  if (!made.length) return;
  const key = derivedKey(deps.config, 'waitlist-places');
  const mails = made.map((offer) =>
    offerMail(deps.config, {
      email: offer.email,
      language: offer.language,
      eventTitle: type.eventTitle,
      ticketTypeName: type.name,
      token: placeToken(key, offer.id),
      quantity: offer.offeredQuantity,
      expiresAt: offer.offerExpiresAt,
      timeZone: type.eventTimezone,
    }),
  );
  await enqueueBulkMail(deps.jobs, mails, {
    priority: BULK_PRIORITY.notification,
    db: jobsIn(tx),
  });
  await emitOfferWebhooks(tx, {
    eventId: type.eventId,
    at: deps.clock.now(),
    payloads: made.map((offer) => ({
      entry_id: offer.id,
      event_id: type.eventId,
      event_title: type.eventTitle,
      ticket_type_id: type.id,
      ticket_type_name: type.name,
      email: offer.email,
      quantity: offer.offeredQuantity,
      offer_expires_at: offer.offerExpiresAt.toISOString(),
    })),
  });
  await createNotifications(
    tx,
    made.flatMap((offer) =>
      offer.userId
        ? [
            {
              userId: offer.userId,
              type: 'waitlist_offer' as const,
              ...offerNotice({ eventTitle: type.eventTitle, quantity: offer.offeredQuantity }),
              relatedId: type.eventId,
              relatedType: 'events' as const,
              metadata: { waitlist_url: `/waitlist/${placeToken(key, offer.id)}` },
              dedupeKey: `waitlist_offer:${offer.id}:${offer.offerExpiresAt.getTime()}`,
            },
          ]
        : [],
    ),
  );
}

/** Every type with work for its list (the minute's sweep, and releases that name no type). */
export async function offerEverywhere(deps: OfferDeps): Promise<number> {
  let total = 0;
  for (const id of await typesWithWork(deps.db, { now: deps.clock.now() }))
    total += await offerReturnedTickets(deps, id);
  return total;
}

export async function runOffersJob(deps: OfferDeps, data: OffersJob) {
  if (!data.ticketTypeIds?.length) return offerEverywhere(deps);
  let total = 0;
  for (const id of data.ticketTypeIds) total += await offerReturnedTickets(deps, id);
  return total;
}
