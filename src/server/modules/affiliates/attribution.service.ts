import { createHash } from 'node:crypto';
import { msg } from '@lingui/core/macro';
import { CLICK_DEDUP_WINDOW_SECONDS, DEFAULT_COMMISSION } from '../../../contracts/affiliates';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { Batcher } from '../../platform/batcher';
import { derivedKey } from '../../platform/secrets';
import { createNotifications } from '../notifications/notifications.service';
import { getOrderPaymentStates } from '../orders/orders.service';
import {
  availableAfterRefundWindow,
  commissionFor,
  isPromoCode,
  keptCommission,
  readAffiliateCookie,
  reversalFor,
  signAffiliateCookie,
} from './affiliate-rules';
import { isSelfClick, recordsSaleOf, saleRefusal } from './affiliates.policy';
import { conversionText, reversalText } from './affiliate-notices';
import * as q from './affiliates.queries';
import * as clickQueries from './clicks.queries';
import { ClickQueue, clickJournal } from './click-queue';
import type { AffiliateDeps } from './affiliate-deps';
import { journalFolder } from '../../platform/journal';

// Links clicked and sales made through them: the click counters, the signed cookie, and the
// sweep that turns attributed sales into commissions and refunds into reversals.

const DAY_MS = 86_400_000;
/** Credited attributions are re-read for refunds this long after the sale. */
const REFUND_WATCH_DAYS = 180;

const cookieKey = (config: AffiliateDeps['config']) => derivedKey(config, 'cookie:affiliate');

export const affiliateCookie = {
  sign: (config: AffiliateDeps['config'], code: string, at: Date) =>
    signAffiliateCookie(cookieKey(config), code, at),
  read: (config: AffiliateDeps['config'], value: string | undefined) =>
    readAffiliateCookie(cookieKey(config), value),
};

/** A visitor's key for click counting: the browser session's id, else address + user agent. */
export function visitorKeyOf(params: { sessionId?: string | null; ip: string; userAgent: string }) {
  const session = params.sessionId?.trim();
  if (session) return `s:${session.slice(0, 80)}`;
  return `h:${createHash('sha256').update(`${params.ip}|${params.userAgent}`).digest('base64url').slice(0, 22)}`;
}

/** This process's clicks on their way to the database, many to a statement (decision 123). */
export type ClickBatcher = Batcher<clickQueries.ClickInput, clickQueries.ClickTarget | null>;

export const createClickBatcher = (db: Database): ClickBatcher =>
  new Batcher((batch) => clickQueries.clickBatch(db, batch), {
    name: 'referral clicks',
    maxBatch: 500,
  });

/**
 * Referral links' clicks kept on file and written after the answer (decision 163), with the
 * clicks a process that died left in its journal; none when REFERRAL_CLICK_JOURNAL is off.
 */
export async function createClickQueue(
  deps: Pick<AffiliateDeps, 'db'> & {
    config: Pick<Config, 'REFERRAL_CLICK_JOURNAL' | 'DATA_DIR'>;
    logError: (error: unknown, what: string) => void;
  },
): Promise<ClickQueue | undefined> {
  if (!deps.config.REFERRAL_CLICK_JOURNAL) return undefined;
  const journal = clickJournal(
    await journalFolder(deps.db, deps.config.DATA_DIR, 'referral-clicks'),
  );
  const queue: ClickQueue = new ClickQueue({
    journal,
    onError: (error) => deps.logError(error, 'referral click batch'),
    write: (clicks): Promise<void> => writeClicks(deps, queue, clicks),
  });
  const left = await journal.leftBehind();
  if (left.files.length > 0) {
    journal.adopt(left.files);
    queue.restore(left.items);
  }
  return queue;
}

/** A batch of the queue: the same statement and rules as a click answered after its commit. */
async function writeClicks(
  deps: Pick<AffiliateDeps, 'db'>,
  queue: ClickQueue,
  clicks: clickQueries.ClickInput[],
) {
  for (let start = 0; start < clicks.length; start += 1000) {
    const part = clicks.slice(start, start + 1000);
    const targets = await clickQueries.clickBatch(deps.db, part);
    for (const [i, target] of targets.entries()) {
      const click = part[i];
      if (!target || !click) continue;
      queue.learn(target.code, target.userId);
      if (!target.referralId && !isSelfClick({ ...click, referrerId: target.userId }))
        await keepFirstClick(deps, target, click);
    }
  }
}

/** The first click of a link creates its referral record (spec §4), then is kept. */
async function keepFirstClick(
  deps: Pick<AffiliateDeps, 'db'>,
  target: clickQueries.ClickTarget,
  click: clickQueries.ClickInput,
) {
  const referralId = await q.referralIdFor(deps.db, {
    referrerId: target.userId,
    eventId: target.eventId,
    code: target.code,
    now: click.now,
  });
  return clickQueries.insertClick(deps.db, { referralId, ...click });
}

export type ClickOutcome =
  | { kind: 'counted' | 'repeat'; code: string; referrerId: string; eventId: string | null }
  /** On file, to be counted or found a repeat by its batch after the answer (decision 163). */
  | { kind: 'queued'; code: string; referrerId: string }
  | { kind: 'unknown' | 'self' | 'bot' };

/**
 * spec §4 click rules: an unknown or malformed code, a bot, or the referrer themselves records
 * nothing; one visitor counts once per link per window; otherwise the click counts.
 */
export async function recordClick(
  deps: Pick<AffiliateDeps, 'db' | 'clock'> & {
    clicks: ClickBatcher;
    /** Given, a click of a known code is answered once on file, not once committed. */
    queue?: ClickQueue;
  },
  params: {
    code: string;
    eventId: string | null;
    visitorKey: string;
    bot: boolean;
    viewerId: string | null;
    test?: boolean;
  },
): Promise<ClickOutcome> {
  if (!isPromoCode(params.code)) return { kind: 'unknown' };
  // A bot's click records nothing whatever its code: no need to look the code up.
  if (params.bot) return { kind: 'bot' };
  const test = params.test ?? false;
  const now = deps.clock.now();
  const click = {
    visitorKey: params.visitorKey,
    bucket: Math.floor(now.getTime() / 1000 / CLICK_DEDUP_WINDOW_SECONDS),
    test,
    now,
  };
  const input = { code: params.code, eventId: params.eventId, viewerId: params.viewerId, ...click };
  // A code this process has seen: the affiliate is known, so is the answer (decision 163).
  const known = deps.queue && !test ? deps.queue.referrerOf(params.code) : undefined;
  if (known !== undefined) {
    if (isSelfClick({ viewerId: params.viewerId, referrerId: known, test }))
      return { kind: 'self' };
    if (await deps.queue?.add(input))
      return { kind: 'queued', code: params.code, referrerId: known };
  }
  // One statement for a link clicked before (the usual case), shared with the clicks that arrive
  // meanwhile, and answered once it has committed; the first click of a link creates its
  // referral record (spec §4) and then keeps the click.
  const target = await deps.clicks.submit(input);
  if (!target) return { kind: 'unknown' };
  deps.queue?.learn(target.code, target.userId);
  if (isSelfClick({ viewerId: params.viewerId, referrerId: target.userId, test }))
    return { kind: 'self' };
  // An unknown event still sends the visitor on (§5); the click counts for the site-wide link.
  const kept = target.referralId ? target.kept : await keepFirstClick(deps, target, input);
  return {
    kind: kept ? 'counted' : 'repeat',
    code: target.code,
    referrerId: target.userId,
    eventId: target.eventId,
  };
}

/**
 * Pending clicks into the referral counters (the minute job; tests before reading the row), in
 * batches of `batch` (short transactions) until a batch comes back short: a busy minute's clicks
 * are all folded by the next run. Returns how many were folded.
 */
export async function foldClicks(deps: { db: DbExecutor }, params: { batch?: number } = {}) {
  const batch = params.batch ?? 10_000;
  let total = 0;
  for (;;) {
    const folded = await clickQueries.foldClicks(deps.db, { limit: batch });
    total += folded;
    if (folded < batch) return total;
  }
}

export type SaleOutcome =
  'recorded' | 'already' | 'no_referral' | 'self' | 'expired' | 'not_eligible';

/**
 * record-affiliate-sale (spec §7): the buyer's browser names its order; the signed affiliate
 * cookie says which link it last came through. The amount and commission come from the order
 * and the event's rule on our side, never from the request.
 */
export async function recordSale(
  deps: AffiliateDeps,
  params: { actor: AuthUser; orderId: string; cookie: string | undefined },
): Promise<SaleOutcome> {
  const states = await getOrderPaymentStates(deps.db, [params.orderId]);
  const order = states.get(params.orderId);
  if (!order || !recordsSaleOf(params.actor, order))
    throw new AppError('NOT_FOUND', msg`Order not found`);
  const click = affiliateCookie.read(deps.config, params.cookie);
  if (!click) return 'no_referral';
  const affiliate = await q.findAffiliateByCode(deps.db, { code: click.code });
  if (!affiliate) return 'no_referral';
  const now = deps.clock.now();
  const refusal = saleRefusal({
    buyerId: params.actor.id,
    referrerId: affiliate.userId,
    clickedAt: click.clickedAt,
    now,
    orderStatus: order.status,
  });
  if (refusal) return refusal;
  const inserted = await q.insertAttribution(deps.db, {
    orderId: order.id,
    affiliateId: affiliate.userId,
    clickedAt: click.clickedAt,
    now,
  });
  // Already paid (a free order, or a quick webhook): credit now rather than at the next sweep.
  await settleSales(deps, { orderId: order.id });
  return inserted ? 'recorded' : 'already';
}

/**
 * Turns attributions of paid orders into commissions and refunds into reversals; orders that
 * never got paid earn nothing. Idempotent: each attribution is locked while it changes, and
 * what it has already applied is on its row. Runs on a schedule, after a sale is recorded, and
 * before an affiliate's figures are read.
 */
export async function settleSales(
  // Any executor: the demo seed settles its sales inside its own transaction.
  deps: Pick<AffiliateDeps, 'clock' | 'realtime'> & { db: DbExecutor },
  params: { affiliateId?: string; orderId?: string; limit?: number } = {},
): Promise<number> {
  const now = deps.clock.now();
  const candidates = await q.listUnsettled(deps.db, {
    since: new Date(now.getTime() - REFUND_WATCH_DAYS * DAY_MS),
    affiliateId: params.affiliateId,
    orderId: params.orderId,
    limit: params.limit ?? 500,
  });
  if (!candidates.length) return 0;
  const states = await getOrderPaymentStates(
    deps.db,
    candidates.map((row) => row.orderId),
  );
  let changed = 0;
  let notified = false;
  for (const candidate of candidates) {
    const order = states.get(candidate.orderId);
    if (!order) continue;
    const paid = ['paid', 'partially_refunded', 'refunded'].includes(order.status) && order.paidAt;
    if (candidate.status === 'open' && !paid && order.status === 'pending') continue;
    if (candidate.status === 'credited' && order.refundedCents <= candidate.reversedForCents)
      continue;
    const didChange = await deps.db.transaction(async (tx) => {
      const row = await q.lockAttribution(tx, { id: candidate.id });
      if (!row || row.status === 'void') return false;
      if (row.status === 'open') {
        if (!paid || !order.paidAt) {
          await q.updateAttribution(tx, { ...row, status: 'void' });
          return true;
        }
        const credit = await creditOrder(tx, row, order, now);
        notified ||= credit > 0;
        return true;
      }
      if (order.refundedCents > row.reversedForCents) {
        const amount = reversalFor(
          row.commissionCents,
          order.totalCents,
          row.reversedForCents,
          order.refundedCents,
        );
        await reverse(tx, row, order, amount, now);
        notified ||= amount > 0;
        return true;
      }
      return false;
    });
    if (didChange) changed += 1;
  }
  if (notified) deps.realtime?.poke();
  return changed;
}

type OrderState =
  Awaited<ReturnType<typeof getOrderPaymentStates>> extends Map<string, infer T> ? T : never;

async function creditOrder(tx: DbExecutor, row: q.AttributionRow, order: OrderState, now: Date) {
  const paidAt = order.paidAt ?? now;
  const eventRows = await q.referralEventsOf(tx, {
    eventIds: [...new Set(order.lines.map((line) => line.eventId))],
  });
  const byEvent = new Map(eventRows.map((event) => [event.id, event]));
  const affiliate = await q.findAffiliate(tx, { userId: row.affiliateId });
  let total = 0;
  let firstEventId: string | null = null;
  // One conversion per event however many ticket types the order holds for it.
  const perEvent = new Map<string, { eventId: string; quantity: number; revenueCents: number }>();
  for (const line of order.lines) {
    const sum = perEvent.get(line.eventId) ?? {
      eventId: line.eventId,
      quantity: 0,
      revenueCents: 0,
    };
    sum.quantity += line.quantity;
    sum.revenueCents += line.revenueCents;
    perEvent.set(line.eventId, sum);
  }
  for (const line of perEvent.values()) {
    const event = byEvent.get(line.eventId);
    if (!event?.isReferralBased) continue;
    const rule =
      event.kind && event.value !== null
        ? { kind: event.kind, value: event.value }
        : DEFAULT_COMMISSION;
    const amount = commissionFor(rule, line);
    total += amount;
    firstEventId ??= line.eventId;
    await q.addConversion(tx, {
      referrerId: row.affiliateId,
      eventId: line.eventId,
      code: affiliate?.code ?? '',
      conversions: 1,
      earningsCents: amount,
      now,
    });
  }
  if (total <= 0) {
    await q.updateAttribution(tx, { ...row, status: 'void' });
    return 0;
  }
  await q.insertLedger(tx, {
    affiliateId: row.affiliateId,
    kind: 'commission',
    amountCents: total,
    attributionId: row.id,
    eventId: firstEventId,
    availableAt: availableAfterRefundWindow(paidAt),
    createdAt: now,
  });
  await q.updateAttribution(tx, {
    id: row.id,
    status: 'credited',
    commissionCents: total,
    reversedForCents: 0,
  });
  await createNotifications(tx, [
    {
      userId: row.affiliateId,
      type: 'affiliate_conversion',
      ...(await conversionText(tx, { userId: row.affiliateId, cents: total })),
      relatedType: 'payments',
      metadata: { order_id: order.id, event_id: firstEventId, commission_cents: total },
    },
  ]);
  // A refund that came before this sweep is reversed in the same transaction.
  if (order.refundedCents > 0) {
    const credited = {
      ...row,
      status: 'credited' as const,
      commissionCents: total,
      reversedForCents: 0,
    };
    await reverse(
      tx,
      credited,
      order,
      reversalFor(total, order.totalCents, 0, order.refundedCents),
      now,
    );
  }
  return total;
}

async function reverse(
  tx: DbExecutor,
  row: q.AttributionRow,
  order: OrderState,
  amount: number,
  now: Date,
) {
  if (amount > 0) {
    const eventId = order.lines[0]?.eventId ?? null;
    await q.insertLedger(tx, {
      affiliateId: row.affiliateId,
      kind: 'reversal',
      amountCents: -amount,
      attributionId: row.id,
      eventId,
      // Nets against the commission it reverses, in the same pending/due bucket.
      availableAt: availableAfterRefundWindow(order.paidAt ?? now),
      createdAt: now,
    });
    if (eventId) {
      const affiliate = await q.findAffiliate(tx, { userId: row.affiliateId });
      await q.addConversion(tx, {
        referrerId: row.affiliateId,
        eventId,
        code: affiliate?.code ?? '',
        conversions:
          keptCommission(row.commissionCents, order.totalCents, order.refundedCents) === 0 ? -1 : 0,
        earningsCents: -amount,
        now,
      });
    }
    await createNotifications(tx, [
      {
        userId: row.affiliateId,
        type: 'affiliate_reversal',
        ...(await reversalText(tx, { userId: row.affiliateId, cents: amount })),
        relatedType: 'payments',
        metadata: { order_id: order.id, reversal_cents: amount },
      },
    ]);
  }
  await q.updateAttribution(tx, {
    id: row.id,
    status: row.status,
    commissionCents: row.commissionCents,
    reversedForCents: order.refundedCents,
  });
}
