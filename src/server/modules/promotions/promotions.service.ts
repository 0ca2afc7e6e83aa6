import { isbot } from 'isbot';
import {
  PROMO_MESSAGES,
  PROMO_PRICE_CENTS,
  type CreateCampaignInput,
  type PromoPlacement,
} from '../../../contracts/promotions';
import type {
  CreateCampaignInputSchema,
  UpdateCampaignInputSchema,
} from '../../../contracts/promotions';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import type { orders } from '../../db/schema/tickets';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { fitWebp } from '../../platform/storage/images';
import { derivedKey } from '../../platform/secrets';
import { getEvent } from '../events/events.service';
import { openProductCheckout, refundProductOrder } from '../payments/payments.service';
import type { ModuleContext } from '../module';
import { canPromote, canReview, isAdmin } from './promotions.policy';
import {
  findCampaign,
  findCampaignsInStatus,
  findCampaignsOfOwner,
  findDailyStats,
  insertCampaign,
  recordMarks,
  selectCampaigns,
  transitionCampaign,
  updateOwnedCampaign,
} from './promotions.queries';
import { issueServeToken, readServeToken } from './serve-token';

export type PromotionDeps = Pick<ModuleContext, 'db' | 'clock' | 'files' | 'config' | 'ticketing'>;

const UUID_PATH = /^\/event\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const notFound = () => new AppError('NOT_FOUND', PROMO_MESSAGES.notFound);
const utcDay = (now: Date) => now.toISOString().slice(0, 10);
export const serveKey = (deps: Pick<PromotionDeps, 'config'>) =>
  derivedKey(deps.config, 'promotion-serve-tokens');

function fieldError(field: string, message: string) {
  return new AppError('VALIDATION_FAILED', message, { fields: [{ field, message }] });
}

/** A campaign pointing at an event must point at one people can see and that has not ended. */
async function linkedEventId(deps: PromotionDeps, targetPath: string, now: Date) {
  const match = UUID_PATH.exec(targetPath);
  if (!match?.[1]) return null;
  const event = await getEvent(deps, { id: match[1], actor: null }).catch(() => null);
  // An event without an end lasts a day, as in the events module's lists.
  const end = event ? (event.endsAt ?? new Date(event.startsAt.getTime() + 86_400_000)) : null;
  if (!event || event.eventStatus !== 'published' || !end || end <= now)
    throw fieldError('body.targetPath', PROMO_MESSAGES.eventGone);
  return event.id;
}

export async function createCampaign(
  deps: PromotionDeps,
  params: { actor: AuthUser; input: z.output<typeof CreateCampaignInputSchema> },
) {
  if (!canPromote(params.actor))
    throw new AppError('FORBIDDEN', 'Only organizers, vendors and venues can promote');
  const { input } = params;
  const now = deps.clock.now();
  const eventId = await linkedEventId(deps, input.targetPath, now);
  const row = await insertCampaign(deps.db, {
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
  if (!row) throw new AppError('INTERNAL', 'Campaign not saved');
  return getCampaign(deps, { actor: params.actor, id: row.id });
}
export type { CreateCampaignInput };

export async function getCampaign(deps: PromotionDeps, params: { actor: AuthUser; id: string }) {
  const row = await findCampaign(deps.db, {
    id: params.id,
    ownerId: params.actor.id,
    asAdmin: isAdmin(params.actor),
  });
  if (!row) throw notFound();
  return row;
}

export function listMyCampaigns(deps: PromotionDeps, params: { actor: AuthUser }) {
  return findCampaignsOfOwner(deps.db, { ownerId: params.actor.id });
}

export async function getReport(deps: PromotionDeps, params: { actor: AuthUser; id: string }) {
  const campaign = await getCampaign(deps, params);
  const days = await findDailyStats(deps.db, { campaignId: campaign.id });
  return { campaign, days };
}

export async function updateCampaign(
  deps: PromotionDeps,
  params: { actor: AuthUser; id: string; input: z.output<typeof UpdateCampaignInputSchema> },
) {
  await getCampaign(deps, params);
  const row = await updateOwnedCampaign(deps.db, {
    id: params.id,
    ownerId: params.actor.id,
    asAdmin: isAdmin(params.actor),
    values: { ...params.input, updatedAt: deps.clock.now() },
  });
  if (!row) throw new AppError('CONFLICT', PROMO_MESSAGES.notEditable);
  return getCampaign(deps, params);
}

export async function setCampaignImage(
  deps: PromotionDeps,
  params: { actor: AuthUser; id: string; data: Buffer },
) {
  const current = await getCampaign(deps, params);
  const image = await fitWebp(params.data, 1200);
  if (!image) throw fieldError('image', 'Please upload an image (JPEG, PNG, WebP or GIF)');
  // A neutral folder name: blockers hide images under paths that say "ad" or "banner".
  const url = await deps.files.put('showcase', 'webp', image.data);
  const row = await updateOwnedCampaign(deps.db, {
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
  return getCampaign(deps, params);
}

/** The budget is paid up front: a checkout for the total budget (order kind ad_budget). */
export async function checkoutCampaign(
  deps: PromotionDeps,
  params: { actor: AuthUser; id: string },
) {
  const campaign = await getCampaign(deps, params);
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
  await transitionCampaign(tx, {
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
  const campaign = await getCampaign(deps, params);
  const row = await transitionCampaign(deps.db, {
    id: campaign.id,
    from,
    to,
    now: deps.clock.now(),
  });
  if (!row) throw new AppError('CONFLICT', message);
  return getCampaign(deps, params);
}

export const pauseCampaign = (deps: PromotionDeps, params: { actor: AuthUser; id: string }) =>
  ownerTransition(deps, params, ['live'], 'paused', PROMO_MESSAGES.cannotPause);
export const resumeCampaign = (deps: PromotionDeps, params: { actor: AuthUser; id: string }) =>
  ownerTransition(deps, params, ['paused'], 'live', PROMO_MESSAGES.cannotResume);
/** Ending stops serving; an unpaid campaign simply closes. */
export const endCampaign = (deps: PromotionDeps, params: { actor: AuthUser; id: string }) =>
  ownerTransition(
    deps,
    params,
    ['live', 'paused', 'awaiting_payment'],
    'ended',
    PROMO_MESSAGES.cannotEnd,
  );

function requireReviewer(actor: AuthUser) {
  if (!canReview(actor)) throw new AppError('FORBIDDEN', 'Required role: moderator');
}

export async function listForReview(deps: PromotionDeps, params: { actor: AuthUser }) {
  requireReviewer(params.actor);
  return findCampaignsInStatus(deps.db, { status: 'in_review' });
}

export async function approveCampaign(
  deps: PromotionDeps,
  params: { actor: AuthUser; id: string },
) {
  requireReviewer(params.actor);
  const row = await transitionCampaign(deps.db, {
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
export async function rejectCampaign(
  deps: PromotionDeps,
  params: { actor: AuthUser; id: string; note: string },
) {
  requireReviewer(params.actor);
  await deps.db.transaction(async (tx) => {
    const row = await transitionCampaign(tx, {
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
  const row = await findCampaign(deps.db, { id, ownerId: '', asAdmin: true });
  if (!row) throw notFound();
  return row;
}

export interface Viewer {
  /** The user id when signed in, otherwise the browser's anonymous key. */
  key: string;
  accountType: string | null;
  userAgent: string;
}

export async function serveCampaigns(
  deps: PromotionDeps,
  params: {
    placement: PromoPlacement;
    limit: number;
    category?: string;
    city?: string;
    viewer: Viewer;
  },
) {
  const now = deps.clock.now();
  const rows = await selectCampaigns(deps.db, {
    placement: params.placement,
    limit: params.limit,
    category: params.category,
    city: params.city,
    now,
    day: utcDay(now),
    viewer: params.viewer.key,
    accountType: params.viewer.accountType,
  });
  const key = serveKey(deps);
  return rows.map((row) => {
    const token = issueServeToken(key, row.id);
    return { ...row, token, href: `/api/promotions/go/${token}` };
  });
}

function readTokens(deps: PromotionDeps, tokens: readonly string[]) {
  const key = serveKey(deps);
  const seen = new Set<string>();
  const marks: { serveId: string; campaignId: string }[] = [];
  for (const token of tokens) {
    const read = readServeToken(key, token);
    if (!read || seen.has(read.serveId)) continue;
    seen.add(read.serveId);
    marks.push(read);
  }
  return marks;
}

/** The view beacon: items at least half visible for a second; bots and forged tokens count 0. */
export async function recordViews(
  deps: PromotionDeps,
  params: { tokens: readonly string[]; viewer: Viewer },
): Promise<number> {
  if (isbot(params.viewer.userAgent)) return 0;
  const marks = readTokens(deps, params.tokens);
  if (marks.length === 0) return 0;
  const now = deps.clock.now();
  return deps.db.transaction((tx) =>
    recordMarks(tx, { kind: 'view', marks, viewer: params.viewer.key, day: utcDay(now), now }),
  );
}

/** A click: counted (and charged, for CPC) once per serving unless a bot; returns where to go. */
export async function recordClick(
  deps: PromotionDeps,
  params: { token: string; viewer: Viewer },
): Promise<string> {
  const [mark] = readTokens(deps, [params.token]);
  if (!mark) throw notFound();
  const campaign = await findCampaign(deps.db, {
    id: mark.campaignId,
    ownerId: '',
    asAdmin: true,
  });
  if (!campaign) throw notFound();
  if (!isbot(params.viewer.userAgent)) {
    const now = deps.clock.now();
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
