import type { Locale } from '../../../contracts/locales';
import { msg } from '@lingui/core/macro';
import type { FunnelDocument, PublicFunnel } from '../../../contracts/marketing';
import { isUuid } from '../../../contracts/ids';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { createResponseCache } from '../../platform/http/response-cache';
import { getOrderPaymentStates } from '../orders/orders.service';
import { poolLimitsOfEvent } from '../tickets/tickets.service';
import { ticketsLeft } from './funnel-stock';
import { sanitizeCampaignHtml } from './campaign-mail';
import { renderFunnelPage } from './funnel-page';
import { funnelTemplate } from './funnel-templates';
import {
  fieldError,
  FUNNEL_COOKIE_DAYS,
  M,
  orNotFound,
  ownerOf,
  secretOf,
  type MarketingDeps,
} from './marketing.service';
import { readToken, signToken } from './tokens';
import { subscribeFromForm } from './subscription-links.service';
import * as q from './funnels.queries';
import { findListById, findLists } from './lists.queries';
import { ownerEvent } from './marketing.queries';

// Funnels: the owner's editor and report, and the published pages' views, opt-ins and sales.

export async function listFunnels(deps: MarketingDeps, actor: AuthUser) {
  return q.findFunnels(deps.db, { owner: ownerOf(actor) });
}

export async function getFunnel(deps: MarketingDeps, actor: AuthUser, id: string) {
  return orNotFound(
    await q.findOwnedFunnel(deps.db, { id, owner: ownerOf(actor) }),
    M.funnelNotFound,
  );
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

async function checkFunnelList(deps: MarketingDeps, ownerId: string, listId?: string | null) {
  if (!listId) return;
  const [found] = await findLists(deps.db, {
    owner: { id: ownerId, admin: false },
    ids: [listId],
  });
  if (!found) throw fieldError('body.listId', msg`Choose one of your lists`, 'VALIDATION_FAILED');
}

export async function createFunnel(
  deps: MarketingDeps,
  actor: AuthUser,
  input: {
    name: string;
    slug: string;
    template: Parameters<typeof funnelTemplate>[0];
    eventId?: string | null;
    listId?: string | null;
  },
) {
  const owner = ownerOf(actor);
  await checkFunnelList(deps, owner.id, input.listId);
  const event = input.eventId
    ? await ownerEvent(deps.db, { id: input.eventId, ownerId: owner.id })
    : undefined;
  if (input.eventId && !event)
    throw fieldError('body.eventId', msg`Choose one of your events`, 'VALIDATION_FAILED');
  const now = deps.clock.now();
  try {
    return await q.insertFunnel(deps.db, {
      ownerId: owner.id,
      name: input.name,
      slug: input.slug,
      listId: input.listId ?? null,
      draft: funnelTemplate(input.template, {
        eventId: event?.id ?? '',
        eventTitle: event?.title ?? input.name,
        ownerName: actor.fullName,
      }),
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('body.slug', M.slugTaken, 'CONFLICT');
    throw error;
  }
}

export async function updateFunnel(
  deps: MarketingDeps,
  actor: AuthUser,
  id: string,
  input: { name?: string; slug?: string; listId?: string | null; draft?: FunnelDocument },
) {
  const owner = ownerOf(actor);
  const funnel = orNotFound(await q.findOwnedFunnel(deps.db, { id, owner }), M.funnelNotFound);
  await checkFunnelList(deps, funnel.ownerId, input.listId);
  const draft = input.draft ? sanitizeFunnel(input.draft) : undefined;
  try {
    return orNotFound(
      await q.updateOwnedFunnel(deps.db, {
        id,
        owner,
        set: { ...input, draft, updatedAt: deps.clock.now() },
      }),
      M.funnelNotFound,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('body.slug', M.slugTaken, 'CONFLICT');
    throw error;
  }
}

/** Rich-text blocks hold HTML: it is sanitized like campaign mail before it is stored. */
function sanitizeFunnel(doc: FunnelDocument): FunnelDocument {
  return {
    ...doc,
    steps: doc.steps.map((step) => ({
      ...step,
      page: {
        ...step.page,
        content: step.page.content.map((block) =>
          block.type === 'RichText' && typeof block.props.html === 'string'
            ? { ...block, props: { ...block.props, html: sanitizeCampaignHtml(block.props.html) } }
            : block,
        ),
      },
    })),
  };
}

export async function publishFunnel(deps: MarketingDeps, actor: AuthUser, id: string) {
  const owner = ownerOf(actor);
  const funnel = orNotFound(await q.findOwnedFunnel(deps.db, { id, owner }), M.funnelNotFound);
  const now = deps.clock.now();
  return orNotFound(
    await q.updateOwnedFunnel(deps.db, {
      id,
      owner,
      set: { published: funnel.draft, publishedAt: now, updatedAt: now },
    }),
    M.funnelNotFound,
  );
}

export async function deleteFunnel(deps: MarketingDeps, actor: AuthUser, id: string) {
  if (!(await q.deleteOwnedFunnel(deps.db, { id, owner: ownerOf(actor) })))
    throw new AppError('NOT_FOUND', M.funnelNotFound);
}

export async function funnelReport(deps: MarketingDeps, actor: AuthUser, id: string) {
  const funnel = await getFunnel(deps, actor, id);
  const [stats, sales] = await Promise.all([
    q.funnelStats(deps.db, { funnelId: funnel.id }),
    q.funnelOrderStats(deps.db, { funnelId: funnel.id }),
  ]);
  const doc = funnel.published ?? funnel.draft;
  return doc.steps.map((step, index) => {
    const s = stats.find((r) => r.step === index);
    const paid = sales.filter((r) => r.step === index);
    const optIns = s?.conversions ?? 0;
    const orders = paid.reduce((n, r) => n + r.orders, 0);
    return {
      step: index,
      title: step.title,
      views: s?.views ?? 0,
      conversions: optIns + orders,
      optIns,
      orders,
      revenue: paid.map((r) => ({ currency: r.currency, cents: r.cents })),
    };
  });
}

async function publishedFunnel(deps: MarketingDeps, slug: string) {
  const funnel = await q.findFunnelBySlug(deps.db, { slug: slug.toLowerCase() });
  if (!funnel?.published) throw new AppError('NOT_FOUND', M.funnelNotFound);
  return funnel as q.FunnelRow & { published: FunnelDocument };
}

/** The events a step's blocks name (event cards, countdowns). */
const stepEventIds = (step: FunnelDocument['steps'][number]) =>
  step.page.content.flatMap((b) =>
    typeof b.props.eventId === 'string' && isUuid(b.props.eventId)
      ? [b.props.eventId.toLowerCase()]
      : [],
  );

export async function getPublicFunnel(deps: MarketingDeps, slug: string) {
  const funnel = await publishedFunnel(deps, slug);
  const eventIds = [...new Set(funnel.published.steps.flatMap(stepEventIds))];
  const rows = await q.funnelEvents(deps.db, { ids: eventIds });
  const events = await Promise.all(
    rows.map(async ({ types, ...event }) => ({
      ...event,
      remaining: types.length
        ? ticketsLeft(types, await poolLimitsOfEvent(deps.db, { eventId: event.id }))
        : null,
    })),
  );
  return { funnel, events };
}

/** A published funnel as the public API and the server-rendered page give it. */
export async function getPublicFunnelView(
  deps: Pick<MarketingDeps, 'db'>,
  slug: string,
): Promise<PublicFunnel> {
  const { funnel, events } = await getPublicFunnel(deps as MarketingDeps, slug);
  return {
    slug: funnel.slug,
    name: funnel.name,
    document: funnel.published,
    events: events.map((e) => ({ ...e, startsAt: e.startsAt.toISOString() })),
  };
}

const FUNNEL_PATH = /^\/f\/([a-z0-9-]{1,100})\/?$/;

/**
 * The server-rendered body of /f/{slug} (`?step=N`), for the served page (the SEO module gives
 * its head). Kept per slug and step for a second: a launch sends bursts of visitors to one page,
 * and one second of staleness after a republish is invisible. Null for anything else.
 */
export function createFunnelPages(deps: Pick<MarketingDeps, 'db' | 'clock'>) {
  const cache = createResponseCache({ ttlMs: 1_000, clock: deps.clock, maxEntries: 2_000 });
  const NONE = '';
  return async (url: string, locale: Locale): Promise<string | null> => {
    const [path = '', search = ''] = url.split('?', 2);
    const slug = FUNNEL_PATH.exec(path.toLowerCase())?.[1];
    if (!slug) return null;
    const stepParam = new URLSearchParams(search).get('step') ?? '0';
    const step = /^[0-9]$/.test(stepParam) ? Number(stepParam) : 0;
    const html = await cache.get(`${slug}\n${step}\n${locale}`, async () => {
      try {
        const funnel = await getPublicFunnelView(deps, slug);
        // A snapshot without steps (a hand-made row) has nothing to show: the app's page says so.
        if (!Array.isArray(funnel.document?.steps) || funnel.document.steps.length === 0)
          return NONE;
        return renderFunnelPage({ funnel, step, now: deps.clock.now(), locale });
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return NONE;
        throw error;
      }
    });
    return html === NONE ? null : html;
  };
}

/**
 * A visitor follows a funnel's "Buy tickets": the answer is the event page and, when the
 * published step names that event, a signed cookie [funnel, step, event, time] that a checkout
 * within FUNNEL_COOKIE_DAYS reports its order against (last click wins).
 */
export async function funnelClick(
  deps: MarketingDeps,
  slug: string,
  params: { step: number; eventId: string },
): Promise<{ to: string; cookie: string | null }> {
  const funnel = await publishedFunnel(deps, slug);
  const eventId = params.eventId.toLowerCase();
  const to = `/event/${eventId}`;
  const step = funnel.published.steps[params.step];
  if (!step || !stepEventIds(step).includes(eventId)) return { to, cookie: null };
  return {
    to,
    cookie: signToken(secretOf(deps.config), 'funnel', [
      funnel.id,
      String(params.step),
      eventId,
      String(deps.clock.now().getTime()),
    ]),
  };
}

export type FunnelSaleOutcome = 'recorded' | 'already' | 'no_funnel' | 'expired' | 'not_eligible';

/**
 * After a checkout creates an order, the buyer's browser names it; the signed cookie names the
 * funnel step it came through. Recorded once per order; it counts on the funnel's report once
 * paid (with its revenue), read from the order then. The buyer can only name their own order,
 * and only an order with tickets for the event whose card they clicked.
 */
export async function recordFunnelSale(
  deps: MarketingDeps,
  actor: AuthUser,
  params: { orderId: string; cookie: string | undefined },
): Promise<FunnelSaleOutcome> {
  const states = await getOrderPaymentStates(deps.db, [params.orderId]);
  const order = states.get(params.orderId);
  if (!order || order.userId !== actor.id) throw new AppError('NOT_FOUND', msg`Order not found`);
  const parts = params.cookie ? readToken(secretOf(deps.config), 'funnel', params.cookie) : null;
  if (!parts || parts.length !== 4) return 'no_funnel';
  const [funnelId, step, eventId, at] = parts as [string, string, string, string];
  if (deps.clock.now().getTime() - Number(at) > FUNNEL_COOKIE_DAYS * 86_400_000) return 'expired';
  if (!order.lines.some((l) => l.eventId === eventId)) return 'not_eligible';
  if (!(await q.findFunnelById(deps.db, { id: funnelId }))) return 'no_funnel';
  const recorded = await q.insertFunnelOrder(deps.db, {
    orderId: order.id,
    funnelId,
    step: Number(step),
    eventId,
    createdAt: deps.clock.now(),
  });
  return recorded ? 'recorded' : 'already';
}

export async function recordFunnelView(deps: MarketingDeps, slug: string, step: number) {
  const funnel = await publishedFunnel(deps, slug);
  if (step >= funnel.published.steps.length)
    throw fieldError('body.step', msg`No such step`, 'VALIDATION_FAILED');
  await q.bumpFunnelStat(deps.db, { funnelId: funnel.id, step, field: 'views' });
}

/** An opt-in block: adds to the funnel's list and counts a conversion on that step. */
export async function funnelOptIn(
  deps: MarketingDeps,
  slug: string,
  input: { email: string; name: string; step: number },
  locale: Locale,
) {
  const funnel = await publishedFunnel(deps, slug);
  if (input.step >= funnel.published.steps.length)
    throw fieldError('body.step', msg`No such step`, 'VALIDATION_FAILED');
  const list = funnel.listId ? await findListById(deps.db, { id: funnel.listId }) : undefined;
  if (!list || list.ownerId !== funnel.ownerId)
    throw new AppError('UNPROCESSABLE', msg`This page does not take sign-ups yet`);
  const result = await subscribeFromForm(deps, list, input, 'funnel', locale);
  await q.bumpFunnelStat(deps.db, { funnelId: funnel.id, step: input.step, field: 'conversions' });
  return result;
}
