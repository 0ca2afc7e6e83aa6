import path from 'node:path';
import { msg } from '@lingui/core/macro';
import {
  PROMO_MESSAGES,
  PROMO_PRICE_CENTS,
  type PromoPlacement,
} from '../../../contracts/promotions';
import type {
  CreateAdCampaignInputSchema,
  UpdateAdCampaignInputSchema,
} from '../../../contracts/promotions';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import type { orders } from '../../db/schema/tickets';
import { isAdmin } from '../../platform/auth/guards';
import { Batcher } from '../../platform/batcher';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { fitWebp } from '../../platform/storage/images';
import { derivedKey } from '../../platform/secrets';
import { getEvent } from '../events/events.service';
import { openProductCheckout, refundProductOrder } from '../payments/payments.service';
import type { ModuleContext } from '../module';
import { canPromote, canReview } from './promotions.policy';
import {
  findAdCampaign,
  findAdCampaignsInStatus,
  findAdCampaignsOfOwner,
  findDailyStats,
  deleteMarksBefore,
  insertAdCampaign,
  recordMarks,
  findViewersViews,
  loadCampaignChanges,
  transitionAdCampaign,
  updateOwnedAdCampaign,
  writeViewBatch,
  currentDatabaseName,
} from './promotions.queries';
import { CampaignMirror } from './campaign-mirror';
import { CandidateCache, drawCandidates } from './candidates';
import { issueServeToken, readServeToken } from './serve-token';
import { ViewBuffer } from './view-buffer';
import { ViewJournal } from './view-journal';
import { ViewerCaps } from './viewer-caps';
import { isUuid } from '../../../contracts/ids';
import { isBotAgent } from '../../platform/http/bots';

export type PromotionDeps = Pick<ModuleContext, 'db' | 'clock' | 'files' | 'config' | 'ticketing'>;

const EVENT_PATH = /^\/event\/([^/]+)$/;
const notFound = () => new AppError('NOT_FOUND', PROMO_MESSAGES.notFound);
/** The UTC day of `now`, kept for the day it names: selection asks on every request. */
let dayText = '';
let dayStart = 0;
let dayEnd = 0;
function utcDay(now: Date): string {
  const at = now.getTime();
  if (at >= dayStart && at < dayEnd) return dayText;
  dayText = now.toISOString().slice(0, 10);
  dayStart = Date.parse(`${dayText}T00:00:00Z`);
  dayEnd = dayStart + 86_400_000;
  return dayText;
}

/** The serve tokens' key of each app's secret, derived once (only the HMAC reads it). */
const serveKeys = new WeakMap<object, { secret: string | undefined; key: Buffer }>();
export function serveKey(deps: Pick<PromotionDeps, 'config'>): Buffer {
  const known = serveKeys.get(deps.config);
  if (known && known.secret === deps.config.SESSION_SECRET) return known.key;
  const key = derivedKey(deps.config, 'promotion-serve-tokens');
  serveKeys.set(deps.config, { secret: deps.config.SESSION_SECRET, key });
  return key;
}

function fieldError(field: string, message: string) {
  return new AppError('VALIDATION_FAILED', message, { fields: [{ field, message }] });
}

/** A campaign pointing at an event must point at one people can see and that has not ended. */
async function linkedEventId(deps: PromotionDeps, targetPath: string, now: Date) {
  const id = EVENT_PATH.exec(targetPath)?.[1];
  if (!id || !isUuid(id)) return null;
  const event = await getEvent(deps, { id, actor: null }).catch(() => null);
  // An event without an end lasts a day, as in the events module's lists.
  const end = event ? (event.endsAt ?? new Date(event.startsAt.getTime() + 86_400_000)) : null;
  if (!event || event.eventStatus !== 'published' || !end || end <= now)
    throw fieldError('body.targetPath', PROMO_MESSAGES.eventGone);
  return event.id;
}

export async function createAdCampaign(
  deps: PromotionDeps,
  params: { actor: AuthUser; input: z.output<typeof CreateAdCampaignInputSchema> },
) {
  if (!canPromote(params.actor))
    throw new AppError('FORBIDDEN', msg`Only organizers, vendors and venues can promote`);
  const { input } = params;
  const now = deps.clock.now();
  const eventId = await linkedEventId(deps, input.targetPath, now);
  const row = await insertAdCampaign(deps.db, {
    ownerId: params.actor.id,
    headline: input.headline,
    body: input.body,
    imageAlt: input.imageAlt,
    targetPath: input.targetPath,
    eventId,
    placement: input.placement,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    dailyBudgetCents: input.dailyBudgetCents,
    totalBudgetCents: input.totalBudgetCents,
    pricing: input.pricing,
    priceCents: PROMO_PRICE_CENTS[input.pricing],
    targetCategories: input.targetCategories,
    targetCities: input.targetCities,
    targetAccountTypes: input.targetAccountTypes,
    frequencyCap: input.frequencyCap,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw new AppError('INTERNAL', msg`Campaign not saved`);
  return getAdCampaign(deps, { actor: params.actor, id: row.id });
}

export async function getAdCampaign(deps: PromotionDeps, params: { actor: AuthUser; id: string }) {
  const row = await findAdCampaign(deps.db, {
    id: params.id,
    ownerId: params.actor.id,
    asAdmin: isAdmin(params.actor),
  });
  if (!row) throw notFound();
  return row;
}

export function listMyAdCampaigns(deps: PromotionDeps, params: { actor: AuthUser }) {
  return findAdCampaignsOfOwner(deps.db, { ownerId: params.actor.id });
}

export async function getReport(deps: PromotionDeps, params: { actor: AuthUser; id: string }) {
  const campaign = await getAdCampaign(deps, params);
  const days = await findDailyStats(deps.db, { campaignId: campaign.id });
  return { campaign, days };
}

export async function updateAdCampaign(
  deps: PromotionDeps,
  params: { actor: AuthUser; id: string; input: z.output<typeof UpdateAdCampaignInputSchema> },
) {
  await getAdCampaign(deps, params);
  const row = await updateOwnedAdCampaign(deps.db, {
    id: params.id,
    ownerId: params.actor.id,
    asAdmin: isAdmin(params.actor),
    values: { ...params.input, updatedAt: deps.clock.now() },
  });
  if (!row) throw new AppError('CONFLICT', PROMO_MESSAGES.notEditable);
  return getAdCampaign(deps, params);
}

export async function setAdCampaignImage(
  deps: PromotionDeps,
  params: { actor: AuthUser; id: string; data: Buffer },
) {
  const current = await getAdCampaign(deps, params);
  const image = await fitWebp(params.data, 1200);
  if (!image) throw fieldError('image', 'Please upload an image (JPEG, PNG, WebP or GIF)');
  // A neutral folder name: blockers hide images under paths that say "ad" or "banner".
  const url = await deps.files.put('showcase', 'webp', image.data);
  const row = await updateOwnedAdCampaign(deps.db, {
    id: params.id,
    ownerId: params.actor.id,
    asAdmin: isAdmin(params.actor),
    values: { imageUrl: url, updatedAt: deps.clock.now() },
  });
  if (!row) {
    await deps.files.remove(url);
    throw new AppError('CONFLICT', PROMO_MESSAGES.notEditable);
  }
  if (current.imageUrl) await deps.files.remove(current.imageUrl);
  return getAdCampaign(deps, params);
}

/** The budget is paid up front: a checkout for the total budget (order kind ad_budget). */
export async function checkoutAdCampaign(
  deps: PromotionDeps,
  params: { actor: AuthUser; id: string },
) {
  const campaign = await getAdCampaign(deps, params);
  if (campaign.status !== 'awaiting_payment')
    throw new AppError('CONFLICT', PROMO_MESSAGES.notPayable);
  const { url, sessionId } = await openProductCheckout(deps.ticketing.orders, {
    actor: params.actor,
    kind: 'ad_budget',
    amountCents: campaign.totalBudgetCents,
    currency: 'USD',
    description: `Promotion budget · ${campaign.headline}`,
    metadata: { campaignId: campaign.id },
    successPath: `/ads?campaign=${campaign.id}`,
    cancelPath: `/ads?campaign=${campaign.id}`,
  });
  return { url, sessionId };
}

/** The paid budget sends the campaign to review (inside the payment webhook's transaction). */
export async function fulfilPromotionOrder(
  tx: DbExecutor,
  order: typeof orders.$inferSelect,
  now: Date,
): Promise<void> {
  if (order.kind !== 'ad_budget') return;
  const campaignId = order.metadata.campaignId;
  if (typeof campaignId !== 'string') return;
  // Guarded: a second delivery of the same webhook finds the campaign already in review.
  await transitionAdCampaign(tx, {
    id: campaignId,
    from: ['awaiting_payment'],
    to: 'in_review',
    now,
    ownerId: order.userId ?? undefined,
    values: { orderId: order.id },
  });
}

async function ownerTransition(
  deps: PromotionDeps,
  params: { actor: AuthUser; id: string },
  from: readonly ('live' | 'paused' | 'in_review' | 'awaiting_payment')[],
  to: 'live' | 'paused' | 'ended',
  message: string,
) {
  const campaign = await getAdCampaign(deps, params);
  const row = await transitionAdCampaign(deps.db, {
    id: campaign.id,
    from,
    to,
    now: deps.clock.now(),
  });
  if (!row) throw new AppError('CONFLICT', message);
  return getAdCampaign(deps, params);
}

export const pauseAdCampaign = (deps: PromotionDeps, params: { actor: AuthUser; id: string }) =>
  ownerTransition(deps, params, ['live'], 'paused', PROMO_MESSAGES.cannotPause);
export const resumeAdCampaign = (deps: PromotionDeps, params: { actor: AuthUser; id: string }) =>
  ownerTransition(deps, params, ['paused'], 'live', PROMO_MESSAGES.cannotResume);
/** Ending stops serving; an unpaid campaign simply closes. */
export const endAdCampaign = (deps: PromotionDeps, params: { actor: AuthUser; id: string }) =>
  ownerTransition(
    deps,
    params,
    ['live', 'paused', 'awaiting_payment'],
    'ended',
    PROMO_MESSAGES.cannotEnd,
  );

function requireReviewer(actor: AuthUser) {
  if (!canReview(actor)) throw new AppError('FORBIDDEN', msg`Required role: moderator`);
}

export async function listForReview(deps: PromotionDeps, params: { actor: AuthUser }) {
  requireReviewer(params.actor);
  return findAdCampaignsInStatus(deps.db, { status: 'in_review' });
}

export async function approveAdCampaign(
  deps: PromotionDeps,
  params: { actor: AuthUser; id: string },
) {
  requireReviewer(params.actor);
  const row = await transitionAdCampaign(deps.db, {
    id: params.id,
    from: ['in_review'],
    to: 'live',
    now: deps.clock.now(),
    values: { reviewNote: null },
  });
  if (!row) throw new AppError('CONFLICT', PROMO_MESSAGES.notInReview);
  return reviewed(deps, params.id);
}

/** A rejected campaign gets its whole budget back, in the same transaction as the rejection. */
export async function rejectAdCampaign(
  deps: PromotionDeps,
  params: { actor: AuthUser; id: string; note: string },
) {
  requireReviewer(params.actor);
  await deps.db.transaction(async (tx) => {
    const row = await transitionAdCampaign(tx, {
      id: params.id,
      from: ['in_review'],
      to: 'rejected',
      now: deps.clock.now(),
      values: { reviewNote: params.note || null },
    });
    if (!row) throw new AppError('CONFLICT', PROMO_MESSAGES.notInReview);
    if (row.orderId)
      await refundProductOrder(deps.ticketing.orders, {
        orderId: row.orderId,
        reason: 'Promotion rejected in review',
        tx,
      });
  });
  return reviewed(deps, params.id);
}

/** A reviewer reads the campaign they just acted on (they are not its owner). */
async function reviewed(deps: PromotionDeps, id: string) {
  const row = await findAdCampaign(deps.db, { id, ownerId: '', asAdmin: true });
  if (!row) throw notFound();
  return row;
}

export interface Viewer {
  /** The user id when signed in, otherwise the browser's anonymous key. */
  key: string;
  accountType: string | null;
  userAgent: string;
  /** An anonymous key made for this very request (nothing seen yet). */
  isNew?: boolean;
}

/**
 * Each process's candidate lists, built from its mirror of the live campaigns (which reads only
 * what changed, decision 133); `maxAgeMs` 0 rebuilds them on every request (the tests).
 */
export function createCandidateCache(
  deps: Pick<PromotionDeps, 'db' | 'clock'>,
  maxAgeMs: number,
  monotonicNow?: () => number,
): CandidateCache {
  const mirror = new CampaignMirror((params) => loadCampaignChanges(deps.db, params));
  return new CandidateCache(
    (placement) => {
      const now = deps.clock.now();
      return mirror.candidates(placement, now, utcDay(now));
    },
    maxAgeMs,
    monotonicNow,
  );
}

/**
 * Each process's copies of viewers' views of the day (decision 036); `maxAgeMs` 0 reads them on
 * every request (the tests).
 */
export function createViewerCaps(deps: Pick<PromotionDeps, 'db'>, maxAgeMs: number): ViewerCaps {
  // The reads of viewers asking at the same time share one statement (decision 123).
  const reads = new Batcher<{ viewer: string; day: string }, Map<string, number>>(
    (asked) => findViewersViews(deps.db, asked),
    { name: 'viewer caps reads' },
  );
  return new ViewerCaps((viewer, day) => reads.submit({ viewer, day }), maxAgeMs);
}

/**
 * Each process's buffer of view beacons, charged in one batch every `flushMs` (decision 036),
 * kept on file until written (decision 152) unless `flushMs` is 0 (written before the answer).
 * Views a process left on file when it died are written with this one's first batch. The caller
 * flushes it when the app closes.
 */
export async function createViewBuffer(
  deps: Pick<PromotionDeps, 'db' | 'clock' | 'config'> & {
    logError: (error: unknown, what: string) => void;
  },
  flushMs: number,
): Promise<ViewBuffer> {
  const journal = flushMs > 0 ? await viewJournalOf(deps) : undefined;
  const buffer = new ViewBuffer({
    flushMs,
    journal,
    onError: (error) => deps.logError(error, 'promotion view batch'),
    write: (views) =>
      deps.db.transaction((tx) => {
        const now = deps.clock.now();
        return writeViewBatch(tx, { views, day: utcDay(now), now });
      }),
  });
  if (journal) {
    const left = await journal.leftBehind();
    if (left.files.length > 0) {
      journal.adopt(left.files);
      buffer.restore(left.views);
      void buffer.flush();
    }
  }
  return buffer;
}

/** One folder per database under DATA_DIR: a process only ever replays views of its database. */
async function viewJournalOf(deps: Pick<PromotionDeps, 'db' | 'config'>) {
  const name = (await currentDatabaseName(deps.db)).replace(/[^A-Za-z0-9_-]/g, '_');
  return new ViewJournal(path.join(deps.config.DATA_DIR, 'promotion-views', name));
}

/** What selection and beacons share in one process. */
export interface ServingState {
  candidates: CandidateCache;
  caps: ViewerCaps;
  views: ViewBuffer;
}

export async function serveAdCampaigns(
  deps: PromotionDeps,
  params: {
    placement: PromoPlacement;
    limit: number;
    category?: string;
    city?: string;
    viewer: Viewer;
    state: Pick<ServingState, 'candidates' | 'caps'>;
  },
) {
  const now = deps.clock.now();
  const day = utcDay(now);
  const { candidates, caps } = params.state;
  const { key: viewer, isNew } = params.viewer;
  // Both from this process's memory for a known viewer: no database work, and no promise to
  // wait for (decision 162); a list or a copy to read first is read in parallel, as before.
  let list = candidates.peek(params.placement);
  let views = caps.peek(viewer, day, isNew);
  if (!list || !views)
    [list, views] = await Promise.all([
      list ?? candidates.get(params.placement),
      views ?? caps.get(viewer, day, isNew),
    ]);
  const rows = drawCandidates(list, {
    limit: params.limit,
    now: now.getTime(),
    category: params.category,
    city: params.city,
    accountType: params.viewer.accountType,
    views,
  });
  const key = serveKey(deps);
  return rows.map((row) => {
    const token = issueServeToken(key, row.id, now);
    // What the answer shows, named (a spread copied every field of the candidate).
    return {
      token,
      headline: row.headline,
      body: row.body,
      imageUrl: row.imageUrl,
      imageAlt: row.imageAlt,
      targetPath: row.targetPath,
      href: `/api/promotions/go/${token}`,
    };
  });
}

/**
 * How long a served item's view or click can count. A view beacon arrives within seconds and a
 * click usually within the visit; two days also covers a tab left open overnight. Older tokens
 * still lead a click to its page but count nothing, which is what lets the once-only marks be
 * pruned: a pruned serving's token can no longer count again.
 */
export const SERVE_TOKEN_TTL_MS = 2 * 86_400_000;
/** Marks live a day longer than tokens, so no token outlives its mark (clock skew included). */
export const SERVE_MARKS_KEEP_MS = SERVE_TOKEN_TTL_MS + 86_400_000;

/** The signed tokens that may count now, each serving once. */
function readTokens(deps: PromotionDeps, tokens: readonly string[], now: Date) {
  const key = serveKey(deps);
  const seen = new Set<string>();
  const marks: { serveId: string; campaignId: string }[] = [];
  for (const token of tokens) {
    const read = readServeToken(key, token);
    if (!read || seen.has(read.serveId) || !isFresh(read.issuedAt, now)) continue;
    seen.add(read.serveId);
    marks.push({ serveId: read.serveId, campaignId: read.campaignId });
  }
  return marks;
}

const isFresh = (issuedAt: Date, now: Date) =>
  now.getTime() - issuedAt.getTime() <= SERVE_TOKEN_TTL_MS &&
  // A token "from the future" was not issued by this clock (or it was moved back in a test).
  issuedAt.getTime() - now.getTime() <= 60_000;

/**
 * The view beacon: items at least half visible for a second; bots and forged tokens count 0.
 * The views join this process's batch (decision 036) and the answer says how many were taken:
 * valid, fresh and not already taken by this process. A serving counted before by another
 * process, or one whose campaign's budget ran out, is taken here but not counted by the batch.
 */
export async function recordViews(
  deps: PromotionDeps,
  params: {
    tokens: readonly string[];
    viewer: Viewer;
    state: Pick<ServingState, 'caps' | 'views'>;
  },
): Promise<number> {
  if (isBotAgent(params.viewer.userAgent)) return 0;
  const now = deps.clock.now();
  const marks = readTokens(deps, params.tokens, now);
  if (marks.length === 0) return 0;
  const day = utcDay(now);
  const viewer = params.viewer.key;
  const taken = params.state.views.add(
    marks.map((mark) => ({ serveId: mark.serveId, campaignId: mark.campaignId, viewer, day })),
  );
  // The viewer's cap in this process counts the views now, not when the batch is written.
  for (const view of taken) params.state.caps.add(viewer, day, view.campaignId);
  // Without batching (PROMO_VIEW_FLUSH_MS=0) the views are written before the answer.
  if (deps.config.PROMO_VIEW_FLUSH_MS === 0) await params.state.views.flush();
  return taken.length;
}

/** A click: counted (and charged, for CPC) once per serving unless a bot; returns where to go. */
export async function recordClick(
  deps: PromotionDeps,
  params: { token: string; viewer: Viewer },
): Promise<string> {
  const read = readServeToken(serveKey(deps), params.token);
  if (!read) throw notFound();
  const campaign = await findAdCampaign(deps.db, {
    id: read.campaignId,
    ownerId: '',
    asAdmin: true,
  });
  if (!campaign) throw notFound();
  const now = deps.clock.now();
  // An expired token still takes the person where the item pointed, but counts nothing.
  const [mark] = readTokens(deps, [params.token], now);
  if (mark && !isBotAgent(params.viewer.userAgent)) {
    await deps.db.transaction((tx) =>
      recordMarks(tx, {
        kind: 'click',
        marks: [mark],
        viewer: params.viewer.key,
        day: utcDay(now),
        now,
      }),
    );
  }
  return campaign.targetPath;
}

/**
 * The daily clean-up: once-only marks older than any token that could still count. Deleted in
 * batches, so a large backlog never holds one long transaction. Returns how many went.
 */
export async function pruneServeMarks(deps: Pick<PromotionDeps, 'db' | 'clock'>) {
  const before = new Date(deps.clock.now().getTime() - SERVE_MARKS_KEEP_MS);
  let deleted = 0;
  for (;;) {
    const batch = await deleteMarksBefore(deps.db, { before, limit: 10_000 });
    deleted += batch;
    if (batch < 10_000) return deleted;
  }
}
