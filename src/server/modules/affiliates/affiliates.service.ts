import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  AFFILIATE_MIN_PAYOUT_CENTS,
  AFFILIATE_W9_THRESHOLD_CENTS,
  CLICK_DEDUP_WINDOW_SECONDS,
  DEFAULT_COMMISSION,
  maskTin,
  type W9Input,
} from '../../../contracts/affiliates';
import { formatMoney } from '../../../contracts/money';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { openField, sealField } from '../../platform/field-crypto';
import { AppError } from '../../platform/http/errors';
import { derivedKey } from '../../platform/secrets';
import { createNotifications } from '../notifications/notifications.service';
import { getOrderPaymentStates } from '../orders/orders.service';
import {
  availableAfterRefundWindow,
  commissionFor,
  generatePromoCode,
  isPromoCode,
  keptCommission,
  readAffiliateCookie,
  reversalFor,
  signAffiliateCookie,
} from './affiliate-rules';
import {
  isSelfClick,
  readsFullTin,
  recordsSaleOf,
  saleRefusal,
  setsAnyCommissionRule,
} from './affiliates.policy';
import * as q from './affiliates.queries';

export interface AffiliateDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'SESSION_SECRET' | 'PUBLIC_URL'>;
  /** Wakes the realtime hub so notifications written here go out at once (absent in workers). */
  realtime?: { poke(): void };
}

const DAY_MS = 86_400_000;
/** Credited attributions are re-read for refunds this long after the sale. */
const REFUND_WATCH_DAYS = 180;
const TEST_CONVERSION_PREFIX = 'test-conversion:';

const cookieKey = (config: AffiliateDeps['config']) => derivedKey(config, 'cookie:affiliate');
const w9Key = (config: AffiliateDeps['config']) => derivedKey(config, 'field:w9');
const notJoined = () => new AppError('FORBIDDEN', 'Join the affiliate program first');

export const affiliateCookie = {
  sign: (config: AffiliateDeps['config'], code: string, at: Date) =>
    signAffiliateCookie(cookieKey(config), code, at),
  read: (config: AffiliateDeps['config'], value: string | undefined) =>
    readAffiliateCookie(cookieKey(config), value),
};

export async function joinProgram(deps: AffiliateDeps, params: { actor: AuthUser }) {
  const code = generatePromoCode();
  const row = await q.insertAffiliate(deps.db, {
    userId: params.actor.id,
    code,
    now: deps.clock.now(),
  });
  if (!row) throw new AppError('CONFLICT', 'Could not join the program');
  return row;
}

/** A visitor's key for click counting: the browser session's id, else address + user agent. */
export function visitorKeyOf(params: { sessionId?: string | null; ip: string; userAgent: string }) {
  const session = params.sessionId?.trim();
  if (session) return `s:${session.slice(0, 80)}`;
  return `h:${createHash('sha256').update(`${params.ip}|${params.userAgent}`).digest('base64url').slice(0, 22)}`;
}

export type ClickOutcome =
  | { kind: 'counted' | 'repeat'; code: string; referrerId: string; eventId: string | null }
  | { kind: 'unknown' | 'self' | 'bot' };

/**
 * spec §4 click rules: an unknown or malformed code, a bot, or the referrer themselves records
 * nothing; one visitor counts once per link per window; otherwise the click counts.
 */
export async function recordClick(
  deps: Pick<AffiliateDeps, 'db' | 'clock'>,
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
  // One statement for a link clicked before (the usual case); the first click of a link creates
  // its referral record (spec §4) and then keeps the click.
  const target = await q.clickOnce(deps.db, {
    code: params.code,
    eventId: params.eventId,
    viewerId: params.viewerId,
    ...click,
  });
  if (!target) return { kind: 'unknown' };
  if (isSelfClick({ viewerId: params.viewerId, referrerId: target.userId, test }))
    return { kind: 'self' };
  // An unknown event still sends the visitor on (§5); the click counts for the site-wide link.
  let kept = target.kept;
  if (!target.referralId) {
    const referralId = await q.referralIdFor(deps.db, {
      referrerId: target.userId,
      eventId: target.eventId,
      code: target.code,
      now,
    });
    kept = await q.insertClick(deps.db, { referralId, ...click });
  }
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
    const folded = await q.foldClicks(deps.db, { limit: batch });
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
    throw new AppError('NOT_FOUND', 'Order not found');
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
      title: 'Referral converted',
      message: `A sale through your link earned ${formatMoney(total, 'USD')} (pending until the refund window closes).`,
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
        title: 'Commission reversed',
        message: `A refunded order took back ${formatMoney(amount, 'USD')} of your commission.`,
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

const linkUrl = (publicUrl: string, code: string, eventId: string | null) =>
  `${publicUrl}/r/${encodeURIComponent(code)}${eventId ? `?event_id=${eventId}` : ''}`;

export async function getDashboard(deps: AffiliateDeps, params: { actor: AuthUser }) {
  const affiliate = await q.findAffiliate(deps.db, { userId: params.actor.id });
  const now = deps.clock.now();
  const w9 = await q.findW9(deps.db, { userId: params.actor.id });
  const w9Summary = {
    onFile: Boolean(w9),
    tinMasked: w9 ? maskTin(w9.tinType, w9.tinLast4) : null,
  };
  const base = {
    minPayoutCents: AFFILIATE_MIN_PAYOUT_CENTS,
    w9ThresholdCents: AFFILIATE_W9_THRESHOLD_CENTS,
    w9: w9Summary,
  };
  if (!affiliate)
    return {
      ...base,
      joined: false,
      code: null,
      links: [],
      daily: [],
      balances: { pendingCents: 0, dueCents: 0, paidCents: 0 },
      ledger: [],
      payoutMethod: null,
    };
  await settleSales(deps, { affiliateId: affiliate.userId });
  const [links, balances, ledger, daily] = await Promise.all([
    q.linksOf(deps.db, { referrerId: affiliate.userId, now }),
    q.balancesOf(deps.db, { affiliateIds: [affiliate.userId], now }),
    q.ledgerOf(deps.db, { affiliateId: affiliate.userId, limit: 100 }),
    dailySeries(deps.db, affiliate.userId, now, false),
  ]);
  return {
    ...base,
    joined: true,
    code: affiliate.code,
    links: links.map((link) => ({
      ...link,
      eventTitle: link.eventTitle ?? null,
      url: linkUrl(deps.config.PUBLIC_URL, affiliate.code, link.eventId),
    })),
    daily,
    balances: balances.get(affiliate.userId) ?? { pendingCents: 0, dueCents: 0, paidCents: 0 },
    ledger: ledger.map((entry) => ({
      ...entry,
      eventTitle: entry.eventTitle ?? null,
      availableAt: entry.availableAt.toISOString(),
      createdAt: entry.createdAt.toISOString(),
    })),
    payoutMethod: affiliate.payoutMethod,
  };
}

async function dailySeries(db: DbExecutor, referrerId: string, now: Date, test: boolean) {
  const days = 30;
  const from = new Date(now.getTime() - days * DAY_MS);
  const { clicks, conversions } = await q.dailyOf(db, { referrerId, from, test });
  const clickMap = new Map(clicks.map((row) => [row.day, row.count]));
  const conversionMap = new Map(conversions.map((row) => [row.day, row.count]));
  const series = [];
  for (let i = days - 1; i >= 0; i -= 1) {
    const day = new Date(now.getTime() - i * DAY_MS).toISOString().slice(0, 10);
    series.push({ day, clicks: clickMap.get(day) ?? 0, conversions: conversionMap.get(day) ?? 0 });
  }
  return series;
}

export async function savePayoutMethod(
  deps: Pick<AffiliateDeps, 'db'>,
  params: { actor: AuthUser; payoutMethod: string; payoutDetails: string },
) {
  if (!(await q.setPayoutMethod(deps.db, { userId: params.actor.id, ...params })))
    throw notJoined();
}

export async function getCommissionRule(
  deps: Pick<AffiliateDeps, 'db'>,
  params: { actor: AuthUser; eventId: string },
) {
  const event = await q.ownedEvent(deps.db, {
    eventId: params.eventId,
    actorId: params.actor.id,
    admin: setsAnyCommissionRule(params.actor),
  });
  if (!event) throw new AppError('NOT_FOUND', 'Event not found');
  const rule = await q.commissionRuleOf(deps.db, { eventId: event.id });
  return {
    eventId: event.id,
    isReferralBased: event.isReferralBased,
    kind: rule?.kind ?? DEFAULT_COMMISSION.kind,
    value: rule?.value ?? DEFAULT_COMMISSION.value,
  };
}

export async function setCommissionRule(
  deps: Pick<AffiliateDeps, 'db' | 'clock'>,
  params: {
    actor: AuthUser;
    eventId: string;
    isReferralBased: boolean;
    kind: 'percent' | 'fixed';
    value: number;
  },
) {
  const saved = await deps.db.transaction((tx) =>
    q.saveCommissionRule(tx, {
      ...params,
      actorId: params.actor.id,
      admin: setsAnyCommissionRule(params.actor),
      now: deps.clock.now(),
    }),
  );
  if (!saved) throw new AppError('NOT_FOUND', 'Event not found');
  return getCommissionRule(deps, params);
}

const lastFour = (tin: string) => tin.replace(/\D/g, '').slice(-4);

export async function saveW9(deps: AffiliateDeps, params: { actor: AuthUser; input: W9Input }) {
  const { input } = params;
  const digits = input.tin.replace(/\D/g, '');
  await q.upsertW9(deps.db, {
    userId: params.actor.id,
    name: input.name,
    businessName: input.businessName?.trim() || null,
    taxClassification: input.taxClassification,
    address: input.address,
    city: input.city,
    state: input.state.toUpperCase(),
    zip: input.zip,
    tinType: input.tinType,
    // Only digits are sealed; the form's dashes are presentation.
    tinSealed: sealField(w9Key(deps.config), digits),
    tinLast4: lastFour(digits),
    signatureName: input.signatureName,
    signedOn: input.signedOn,
    submittedAt: deps.clock.now(),
  });
  return getW9(deps, params);
}

export async function getW9(deps: Pick<AffiliateDeps, 'db'>, params: { actor: AuthUser }) {
  const row = await q.findW9(deps.db, { userId: params.actor.id });
  if (!row)
    return {
      onFile: false,
      name: null,
      businessName: null,
      taxClassification: null,
      address: null,
      tinType: null,
      tinMasked: null,
      signatureName: null,
      signedOn: null,
      submittedAt: null,
    };
  return {
    onFile: true,
    name: row.name,
    businessName: row.businessName,
    taxClassification: row.taxClassification,
    address: `${row.address}, ${row.city}, ${row.state} ${row.zip}`,
    tinType: row.tinType,
    tinMasked: maskTin(row.tinType, row.tinLast4),
    signatureName: row.signatureName,
    signedOn: row.signedOn,
    submittedAt: row.submittedAt.toISOString(),
  };
}

/** The printable summary: every field as submitted, the TIN masked like on screen. */
export async function w9Pdf(deps: Pick<AffiliateDeps, 'db'>, params: { actor: AuthUser }) {
  const w9 = await getW9(deps, params);
  if (!w9.onFile) throw new AppError('NOT_FOUND', 'No W-9 on file');
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText('Form W-9 summary', { x: 50, y: 730, size: 20, font: bold });
  const rows: [string, string][] = [
    ['Name', w9.name ?? ''],
    ['Business name', w9.businessName ?? '-'],
    ['Tax classification', w9.taxClassification ?? ''],
    ['Address', w9.address ?? ''],
    [w9.tinType === 'ein' ? 'EIN' : 'SSN', (w9.tinMasked ?? '').replace(/•/g, '*')],
    ['Signed by', w9.signatureName ?? ''],
    ['Date', w9.signedOn ?? ''],
    ['Submitted', w9.submittedAt ?? ''],
  ];
  let y = 690;
  for (const [label, value] of rows) {
    page.drawText(label, { x: 50, y, size: 11, font: bold });
    // Standard fonts only encode WinAnsi: anything else is replaced rather than failing.
    page.drawText(value.replace(/[^\x20-\x7E]/g, '?'), { x: 200, y, size: 11, font });
    y -= 24;
  }
  return Buffer.from(await pdf.save());
}

export async function listForAdmin(deps: Pick<AffiliateDeps, 'db' | 'clock' | 'realtime'>) {
  await settleSales(deps, {});
  const rows = await q.listAffiliatesForAdmin(deps.db, { limit: 500 });
  const balances = await q.balancesOf(deps.db, {
    affiliateIds: rows.map((row) => row.userId),
    now: deps.clock.now(),
  });
  return rows.map((row) => ({
    userId: row.userId,
    name: row.name ?? row.email,
    email: row.email,
    code: row.code,
    payoutMethod: row.payoutMethod,
    w9OnFile: Boolean(row.tinType),
    tinMasked: row.tinType && row.tinLast4 ? maskTin(row.tinType, row.tinLast4) : null,
    balances: balances.get(row.userId) ?? { pendingCents: 0, dueCents: 0, paidCents: 0 },
  }));
}

/** An admin records a payout they sent: a ledger entry, checked against the due balance. */
export async function recordPayout(
  deps: AffiliateDeps,
  params: { actor: AuthUser; affiliateId: string; amountCents: number; reference: string },
) {
  const field = (name: string, message: string) =>
    new AppError('VALIDATION_FAILED', message, { fields: [{ field: `body.${name}`, message }] });
  await deps.db.transaction(async (tx) => {
    const affiliate = await q.lockAffiliate(tx, { userId: params.affiliateId });
    if (!affiliate) throw new AppError('NOT_FOUND', 'Affiliate not found');
    const now = deps.clock.now();
    const balance = (await q.balancesOf(tx, { affiliateIds: [affiliate.userId], now })).get(
      affiliate.userId,
    );
    const due = balance?.dueCents ?? 0;
    if (params.amountCents > due)
      throw field('amountCents', `Only ${formatMoney(Math.max(due, 0), 'USD')} is due`);
    if (params.amountCents < AFFILIATE_MIN_PAYOUT_CENTS)
      throw field(
        'amountCents',
        `The minimum payout is ${formatMoney(AFFILIATE_MIN_PAYOUT_CENTS, 'USD')}`,
      );
    const paidBefore = balance?.paidCents ?? 0;
    if (
      paidBefore + params.amountCents >= AFFILIATE_W9_THRESHOLD_CENTS &&
      !(await q.findW9(tx, { userId: affiliate.userId }))
    )
      throw new AppError(
        'CONFLICT',
        `Payouts of ${formatMoney(AFFILIATE_W9_THRESHOLD_CENTS, 'USD')} or more need a W-9 on file`,
      );
    await q.insertLedger(tx, {
      affiliateId: affiliate.userId,
      kind: 'payout',
      amountCents: -params.amountCents,
      reference: params.reference,
      availableAt: now,
      createdBy: params.actor.id,
      createdAt: now,
    });
    await createNotifications(tx, [
      {
        userId: affiliate.userId,
        type: 'affiliate_payout',
        title: 'Payout sent',
        message: `We sent you ${formatMoney(params.amountCents, 'USD')} (reference ${params.reference}).`,
        relatedType: 'payments',
        metadata: { amount_cents: params.amountCents, reference: params.reference },
      },
    ]);
  });
  deps.realtime?.poke();
}

/** The full TIN, for an admin preparing a 1099; every read is kept in the audit table. */
export async function revealTin(
  deps: AffiliateDeps,
  params: { actor: AuthUser; affiliateId: string },
) {
  // The route lets only admins in; the service holds the rule too, as the read is audited.
  if (!readsFullTin(params.actor)) throw new AppError('FORBIDDEN', 'Required role: admin');
  const row = await q.findW9(deps.db, { userId: params.affiliateId });
  if (!row) throw new AppError('NOT_FOUND', 'No W-9 on file');
  await q.recordW9Read(deps.db, {
    userId: params.affiliateId,
    readBy: params.actor.id,
    now: deps.clock.now(),
  });
  return { tin: openField(w9Key(deps.config), row.tinSealed) };
}

/** Test mode: a pretend conversion on the affiliate's own test feed (no money, no figures). */
export async function recordTestConversion(
  deps: Pick<AffiliateDeps, 'db' | 'clock'>,
  params: { actor: AuthUser },
) {
  const affiliate = await q.findAffiliate(deps.db, { userId: params.actor.id });
  if (!affiliate) throw notJoined();
  const now = deps.clock.now();
  const referralId = await q.referralIdFor(deps.db, {
    referrerId: affiliate.userId,
    eventId: null,
    code: affiliate.code,
    now,
  });
  await q.insertClick(deps.db, {
    referralId,
    visitorKey: `${TEST_CONVERSION_PREFIX}${now.getTime()}`,
    bucket: 0,
    test: true,
    now,
  });
}

export async function getTestActivity(
  deps: Pick<AffiliateDeps, 'db'>,
  params: { actor: AuthUser },
) {
  const affiliate = await q.findAffiliate(deps.db, { userId: params.actor.id });
  if (!affiliate) throw notJoined();
  const rows = await q.testActivityOf(deps.db, { referrerId: affiliate.userId, limit: 50 });
  const recent = rows.map((row) => ({
    kind: row.visitorKey.startsWith(TEST_CONVERSION_PREFIX)
      ? ('conversion' as const)
      : ('click' as const),
    at: row.createdAt.toISOString(),
  }));
  return {
    clicks: recent.filter((row) => row.kind === 'click').length,
    conversions: recent.filter((row) => row.kind === 'conversion').length,
    recent,
  };
}
