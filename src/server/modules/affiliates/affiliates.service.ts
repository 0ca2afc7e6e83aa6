import { SOURCE_LOCALE } from '../../../contracts/locales';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  AFFILIATE_MIN_PAYOUT_CENTS,
  AFFILIATE_W9_THRESHOLD_CENTS,
  DEFAULT_COMMISSION,
  maskTin,
  type AffiliateLedgerQuery,
} from '../../../contracts/affiliates';
import { formatMoney } from '../../../contracts/money';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { translate } from '../../platform/i18n/translate';
import { createNotifications } from '../notifications/notifications.service';
import { payoutSentText } from './affiliate-notices';
import { generatePromoCode } from './affiliate-rules';
import { setsAnyCommissionRule } from './affiliates.policy';
import * as q from './affiliates.queries';
import { insertClick } from './clicks.queries';
import type { AffiliateDeps } from './affiliate-deps';
import { settleSales } from './attribution.service';

const DAY_MS = 86_400_000;
const TEST_CONVERSION_PREFIX = 'test-conversion:';

const notJoined = () => new AppError('FORBIDDEN', msg`Join the affiliate program first`);

export async function joinProgram(deps: AffiliateDeps, params: { actor: AuthUser }) {
  const code = generatePromoCode();
  const row = await q.insertAffiliate(deps.db, {
    userId: params.actor.id,
    code,
    now: deps.clock.now(),
  });
  if (!row) throw new AppError('CONFLICT', msg`Could not join the program`);
  return row;
}

const linkUrl = (publicUrl: string, code: string, eventId: string | null) =>
  `${publicUrl}/r/${encodeURIComponent(code)}${eventId ? `?event_id=${eventId}` : ''}`;

const presentLedgerEntry = (entry: Awaited<ReturnType<typeof q.ledgerOf>>[number]) => ({
  ...entry,
  eventTitle: entry.eventTitle ?? null,
  availableAt: entry.availableAt.toISOString(),
  createdAt: entry.createdAt.toISOString(),
});

/** One page of the signed-in affiliate's ledger (it grows by a line per referred sale). */
export async function listLedger(
  deps: AffiliateDeps,
  params: { actor: AuthUser; query: AffiliateLedgerQuery },
) {
  const { page, pageSize } = params.query;
  const affiliateId = params.actor.id;
  // As the dashboard: sales whose payment settled since are in the ledger before it is read.
  await settleSales(deps, { affiliateId });
  const [entries, total] = await Promise.all([
    q.ledgerOf(deps.db, { affiliateId, limit: pageSize, offset: (page - 1) * pageSize }),
    q.countLedger(deps.db, { affiliateId }),
  ]);
  return { entries: entries.map(presentLedgerEntry), total, page, pageSize };
}

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
    ledger: ledger.map(presentLedgerEntry),
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
  if (!event) throw new AppError('NOT_FOUND', msg`Event not found`);
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
  if (!saved) throw new AppError('NOT_FOUND', msg`Event not found`);
  return getCommissionRule(deps, params);
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
  // The field's message is the English (values filled in); the error handler translates it.
  const field = (name: string, message: MessageDescriptor) =>
    new AppError('VALIDATION_FAILED', message, {
      fields: [{ field: `body.${name}`, message: translate(SOURCE_LOCALE, message) }],
    });
  await deps.db.transaction(async (tx) => {
    const affiliate = await q.lockAffiliate(tx, { userId: params.affiliateId });
    if (!affiliate) throw new AppError('NOT_FOUND', msg`Affiliate not found`);
    const now = deps.clock.now();
    const balance = (await q.balancesOf(tx, { affiliateIds: [affiliate.userId], now })).get(
      affiliate.userId,
    );
    const due = balance?.dueCents ?? 0;
    const dueAmount = formatMoney(Math.max(due, 0), 'USD');
    if (params.amountCents > due) throw field('amountCents', msg`Only ${dueAmount} is due`);
    const minimum = formatMoney(AFFILIATE_MIN_PAYOUT_CENTS, 'USD');
    if (params.amountCents < AFFILIATE_MIN_PAYOUT_CENTS)
      throw field('amountCents', msg`The minimum payout is ${minimum}`);
    const paidBefore = balance?.paidCents ?? 0;
    if (
      paidBefore + params.amountCents >= AFFILIATE_W9_THRESHOLD_CENTS &&
      !(await q.findW9(tx, { userId: affiliate.userId }))
    ) {
      const threshold = formatMoney(AFFILIATE_W9_THRESHOLD_CENTS, 'USD');
      throw new AppError('CONFLICT', msg`Payouts of ${threshold} or more need a W-9 on file`);
    }
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
        ...(await payoutSentText(tx, {
          userId: affiliate.userId,
          amountCents: params.amountCents,
          reference: params.reference,
        })),
        relatedType: 'payments',
        metadata: { amount_cents: params.amountCents, reference: params.reference },
      },
    ]);
  });
  deps.realtime?.poke();
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
  await insertClick(deps.db, {
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
