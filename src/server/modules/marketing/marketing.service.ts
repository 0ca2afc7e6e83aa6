import { must } from '../../platform/must';
import { z } from 'zod';
import {
  MARKETING_LIMITS,
  MARKETING_MESSAGES,
  type CampaignInput,
  type EmailListInput,
  type FunnelDocument,
  type ImportChunkInput,
  type BounceResult,
  type ImportResult,
  type PublicFunnel,
  type SegmentCount,
  type SegmentCountInput,
  type SubscriberStatus,
} from '../../../contracts/marketing';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { csvDocument } from '../../platform/http/csv';
import { jobsIn } from '../../platform/jobs/in-transaction';
import type { JobQueue } from '../../platform/jobs/jobs';
import { BULK_PRIORITY, enqueueBulkMail, enqueueMail } from '../../platform/mail/mail-jobs';
import { renderMail } from '../../platform/mail/templates';
import { readBounceReports } from './bounce-reports';
import {
  campaignMail,
  campaignOfMessageId,
  eventDate,
  sanitizeCampaignHtml,
  textFromHtml,
  type MergeEvent,
  type Recipient,
} from './campaign-mail';
import { getOrderPaymentStates } from '../orders/orders.service';
import { renderFunnelPage } from './funnel-page';
import { funnelTemplate } from './funnel-templates';
import { createResponseCache } from '../../platform/http/response-cache';
import { canUseMarketing } from './marketing.policy';
import * as q from './marketing.queries';
import { readToken, signToken } from './tokens';
import { requireCampaignAllowance } from '../entitlements/entitlements.service';
import { isUuid } from '../../../contracts/ids';

/** The session secret signs list tokens; it is always set once the app has started. */
const secretOf = (config: { SESSION_SECRET?: string }) =>
  must(config.SESSION_SECRET, 'SESSION_SECRET');
const mailConfig = <C extends { SESSION_SECRET?: string }>(config: C) => ({
  ...config,
  SESSION_SECRET: secretOf(config),
});

export interface MarketingDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET' | 'MAIL_BULK_RATE'>;
}

/** The queue of campaign batches: one job per batch, each queuing the next (decision 024). */
export const CAMPAIGN_QUEUE = 'marketing.campaign';
/** Campaign mails the receiving server refused for good (5xx), reported by the bulk mail lane. */
export const REFUSAL_QUEUE = 'marketing.refused';
/** The funnel attribution cookie: HttpOnly, signed, sent only to this module's API. */
export const FUNNEL_COOKIE = 'mea_funnel';
/** A ticket order counts for the funnel whose event card was last clicked within this time. */
export const FUNNEL_COOKIE_DAYS = 7;

const M = MARKETING_MESSAGES;

function ownerOf(actor: AuthUser): q.Owner {
  if (!canUseMarketing(actor)) throw new AppError('FORBIDDEN', M.forbidden);
  return { id: actor.id, admin: isAdmin(actor) };
}

/** The row, or 404 with `message`: someone else's list, campaign or funnel is not found. */
const orNotFound = <T>(row: T | undefined, message: string): T => {
  if (!row) throw new AppError('NOT_FOUND', message);
  return row;
};

const fieldError = (field: string, message: string, code: 'CONFLICT' | 'VALIDATION_FAILED') =>
  new AppError(code, message, { fields: [{ field, message }] });

// Lists.

export async function listLists(deps: MarketingDeps, actor: AuthUser) {
  return q.findLists(deps.db, { owner: ownerOf(actor) });
}

export async function getList(deps: MarketingDeps, actor: AuthUser, id: string) {
  const list = orNotFound(
    await q.findOwnedList(deps.db, { id, owner: ownerOf(actor) }),
    M.listNotFound,
  );
  await q.syncAttendees(deps.db, { list });
  const [withCounts] = await q.withCounts(deps.db, [list]);
  return withCounts as NonNullable<typeof withCounts>;
}

export async function createList(deps: MarketingDeps, actor: AuthUser, input: EmailListInput) {
  const owner = ownerOf(actor);
  if (input.kind === 'event_attendees') {
    if (!input.eventId) throw fieldError('body.eventId', 'Choose an event', 'VALIDATION_FAILED');
    if (!(await q.ownerEvent(deps.db, { id: input.eventId, ownerId: owner.id })))
      throw fieldError('body.eventId', 'Choose one of your events', 'VALIDATION_FAILED');
  }
  const list = await q.insertList(deps.db, {
    ...input,
    eventId: input.kind === 'event_attendees' ? (input.eventId ?? null) : null,
    ownerId: owner.id,
    createdAt: deps.clock.now(),
  });
  await q.syncAttendees(deps.db, { list });
  const [withCounts] = await q.withCounts(deps.db, [list]);
  return withCounts as NonNullable<typeof withCounts>;
}

export async function updateList(
  deps: MarketingDeps,
  actor: AuthUser,
  id: string,
  input: Partial<EmailListInput>,
) {
  const list = orNotFound(
    await q.updateOwnedList(deps.db, { id, owner: ownerOf(actor), set: input }),
    M.listNotFound,
  );
  const [withCounts] = await q.withCounts(deps.db, [list]);
  return withCounts as NonNullable<typeof withCounts>;
}

export async function deleteList(deps: MarketingDeps, actor: AuthUser, id: string) {
  if (!(await q.deleteOwnedList(deps.db, { id, owner: ownerOf(actor) })))
    throw new AppError('NOT_FOUND', M.listNotFound);
}

// Subscribers.

export async function listSubscribers(
  deps: MarketingDeps,
  actor: AuthUser,
  id: string,
  query: { status?: SubscriberStatus; search: string; limit: number; offset: number },
) {
  const list = orNotFound(
    await q.findOwnedList(deps.db, { id, owner: ownerOf(actor) }),
    M.listNotFound,
  );
  return q.findSubscribers(deps.db, { listId: list.id, ...query });
}

/** Adds one person by hand: the owner vouches for consent, unless the address left before. */
export async function addSubscriber(
  deps: MarketingDeps,
  actor: AuthUser,
  id: string,
  input: { email: string; name: string; attributes: Record<string, string> },
) {
  const list = orNotFound(
    await q.findOwnedList(deps.db, { id, owner: ownerOf(actor) }),
    M.listNotFound,
  );
  const email = input.email.toLowerCase();
  if ((await q.findSuppressed(deps.db, { ownerId: list.ownerId, emails: [email] })).has(email))
    throw fieldError(
      'body.email',
      'This address unsubscribed from your mail and cannot be added again',
      'CONFLICT',
    );
  const [row] = await q.insertSubscribers(deps.db, [
    {
      listId: list.id,
      email,
      name: input.name,
      attributes: input.attributes,
      status: 'subscribed',
      source: 'manual',
      createdAt: deps.clock.now(),
      updatedAt: deps.clock.now(),
    },
  ]);
  if (!row) throw fieldError('body.email', 'This address is already on the list', 'CONFLICT');
  return orNotFound(await q.findSubscriber(deps.db, { listId: list.id, email }), M.listNotFound);
}

export async function removeSubscriber(
  deps: MarketingDeps,
  actor: AuthUser,
  params: { listId: string; subscriberId: string },
) {
  const list = orNotFound(
    await q.findOwnedList(deps.db, { id: params.listId, owner: ownerOf(actor) }),
    M.listNotFound,
  );
  if (!(await q.deleteSubscriber(deps.db, { listId: list.id, id: params.subscriberId })))
    throw new AppError('NOT_FOUND', 'Subscriber not found');
}

const emailCheck = z.email();

/**
 * One chunk of a CSV import (the web app parses the file and sends 5,000 rows at a time, which
 * is its progress bar). Every row is added or reported with a reason: an invalid address, a
 * duplicate (in the file or already on the list), or someone who unsubscribed, who is never
 * re-subscribed by an import.
 */
export async function importChunk(
  deps: MarketingDeps,
  actor: AuthUser,
  id: string,
  input: ImportChunkInput,
): Promise<ImportResult> {
  const list = orNotFound(
    await q.findOwnedList(deps.db, { id, owner: ownerOf(actor) }),
    M.listNotFound,
  );
  const { mapping } = input;
  if (mapping.email >= input.header.length)
    throw fieldError('body.mapping.email', M.emailColumn, 'VALIDATION_FAILED');
  const skipped: ImportResult['skipped'] = [];
  const seen = new Set<string>();
  const candidates: {
    row: number;
    email: string;
    name: string;
    attributes: Record<string, string>;
  }[] = [];
  input.rows.forEach((cells, index) => {
    const row = input.firstRowNumber + index;
    const raw = (cells[mapping.email] ?? '').trim();
    const email = raw.toLowerCase();
    if (!emailCheck.safeParse(email).success || email.length > 320) {
      skipped.push({ row, email: raw.slice(0, 320), reason: 'invalid_email' });
      return;
    }
    if (seen.has(email)) {
      skipped.push({ row, email, reason: 'duplicate' });
      return;
    }
    seen.add(email);
    const attributes: Record<string, string> = {};
    for (const column of mapping.attributes) {
      const key = input.header[column];
      if (key && column !== mapping.email)
        attributes[key.slice(0, 100)] = (cells[column] ?? '').slice(0, 1000);
    }
    const name = mapping.name == null ? '' : (cells[mapping.name] ?? '').trim();
    candidates.push({
      row,
      email,
      name: name.slice(0, MARKETING_LIMITS.subscriberName),
      attributes,
    });
  });

  const emails = candidates.map((c) => c.email);
  const [suppressed, existing] = await Promise.all([
    q.findSuppressed(deps.db, { ownerId: list.ownerId, emails }),
    q.findListEmails(deps.db, { listId: list.id, emails }),
  ]);
  const fresh = candidates.filter((c) => {
    const status = existing.get(c.email);
    if (suppressed.has(c.email) || status === 'unsubscribed') {
      skipped.push({ row: c.row, email: c.email, reason: 'unsubscribed' });
      return false;
    }
    if (status) {
      skipped.push({ row: c.row, email: c.email, reason: 'duplicate' });
      return false;
    }
    return true;
  });
  const confirmFirst = list.optIn === 'double' && !input.consent;
  const now = deps.clock.now();
  const added = await deps.db.transaction(async (tx) => {
    const inserted = await q.insertSubscribers(
      tx,
      fresh.map((c) => ({
        listId: list.id,
        email: c.email,
        name: c.name,
        attributes: c.attributes,
        status: confirmFirst ? ('unconfirmed' as const) : ('subscribed' as const),
        source: 'import' as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
    if (confirmFirst && inserted.length > 0) {
      await enqueueBulkMail(
        deps.jobs,
        inserted.map((r) => confirmationMail(deps, list, r.email)),
        { priority: BULK_PRIORITY.announcement, db: jobsIn(tx) },
      );
    }
    return new Set(inserted.map((r) => r.email));
  });
  // Another chunk (or person) added the address between the check and the insert.
  for (const c of fresh)
    if (!added.has(c.email)) skipped.push({ row: c.row, email: c.email, reason: 'duplicate' });
  skipped.sort((a, b) => a.row - b.row);
  return { added: added.size, skipped };
}

export async function exportList(deps: MarketingDeps, actor: AuthUser, id: string) {
  const list = orNotFound(
    await q.findOwnedList(deps.db, { id, owner: ownerOf(actor) }),
    M.listNotFound,
  );
  const rows = await q.exportSubscribers(deps.db, {
    listId: list.id,
    limit: MARKETING_LIMITS.exportRows,
  });
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r.attributes)))].sort();
  return {
    filename: `${list.name.replace(/[^\w-]+/g, '-').slice(0, 60) || 'list'}.csv`,
    body: csvDocument([
      ['email', 'name', 'status', 'source', 'subscribed_at', ...keys],
      ...rows.map((r) => [
        r.email,
        r.name,
        r.status,
        r.source,
        r.createdAt.toISOString(),
        ...keys.map((k) => r.attributes[k] ?? ''),
      ]),
    ]),
  };
}

// Public sign-up, confirmation, unsubscribe.

function confirmationMail(
  deps: Pick<MarketingDeps, 'config'>,
  list: Pick<q.ListRow, 'id' | 'name'>,
  email: string,
) {
  const token = signToken(secretOf(deps.config), 'confirm', [list.id, email]);
  return renderMail({
    to: email,
    subject: `Confirm your subscription to ${list.name}`,
    appName: deps.config.APP_NAME,
    greeting: 'Hi,',
    paragraphs: [`Please confirm that you want to receive "${list.name}".`],
    action: {
      label: 'Confirm my subscription',
      url: `${deps.config.PUBLIC_URL}/api/marketing/confirm?token=${token}`,
    },
    footer: "If you didn't sign up, ignore this email and you won't hear from us.",
  });
}

export async function getPublicList(deps: MarketingDeps, id: string) {
  const list = await q.findListById(deps.db, { id });
  if (!list || list.visibility !== 'public') throw new AppError('NOT_FOUND', M.listNotFound);
  return list;
}

/**
 * A sign-up from a form (a public list's page or a funnel's opt-in block). Double opt-in lists,
 * and any address that unsubscribed before, get a confirmation link first: a form cannot put
 * someone else's address back on a list. The answer is the same whatever the address's state.
 */
export async function subscribeFromForm(
  deps: MarketingDeps,
  list: q.ListRow,
  input: { email: string; name: string },
  source: 'form' | 'funnel',
): Promise<'subscribed' | 'confirm'> {
  const email = input.email.toLowerCase();
  const now = deps.clock.now();
  const suppressed = (
    await q.findSuppressed(deps.db, { ownerId: list.ownerId, emails: [email] })
  ).has(email);
  const confirmFirst = list.optIn === 'double' || suppressed;
  const existing = await q.findSubscriber(deps.db, { listId: list.id, email });
  if (existing?.status === 'subscribed') return 'subscribed';
  if (!existing) {
    await q.insertSubscribers(deps.db, [
      {
        listId: list.id,
        email,
        name: input.name,
        status: confirmFirst ? 'unconfirmed' : 'subscribed',
        source,
        createdAt: now,
        updatedAt: now,
      },
    ]);
  }
  if (confirmFirst) {
    await enqueueMail(deps.jobs, confirmationMail(deps, list, email));
    return 'confirm';
  }
  if (existing) {
    await q.setSubscriberStatus(deps.db, {
      listId: list.id,
      email,
      from: ['unconfirmed'],
      to: 'subscribed',
      now,
    });
  }
  await sendWelcome(deps, list, email);
  return 'subscribed';
}

async function sendWelcome(deps: MarketingDeps, list: q.ListRow, email: string) {
  if (!list.welcomeSubject || !list.welcomeText) return;
  const url = `${deps.config.PUBLIC_URL}/api/marketing/unsubscribe?token=${signToken(secretOf(deps.config), 'unsubscribe', [`list:${list.id}`, email])}`;
  const mail = renderMail({
    to: email,
    subject: list.welcomeSubject,
    appName: deps.config.APP_NAME,
    greeting: 'Hi,',
    paragraphs: [list.welcomeText],
    footer: `You get this email because you subscribed to "${list.name}". Unsubscribe: ${url}`,
  });
  await enqueueMail(deps.jobs, {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

/** The double opt-in link: subscribes (and lifts an earlier unsubscribe, since they asked). */
export async function confirmFromLink(deps: MarketingDeps, token: string): Promise<boolean> {
  const parts = readToken(secretOf(deps.config), 'confirm', token);
  if (!parts || parts.length !== 2) return false;
  const [listId, email] = parts as [string, string];
  const list = await q.findListById(deps.db, { id: listId });
  if (!list) return false;
  const changed = await q.setSubscriberStatus(deps.db, {
    listId,
    email,
    from: ['unconfirmed', 'unsubscribed'],
    to: 'subscribed',
    now: deps.clock.now(),
  });
  if (changed.length === 0) return Boolean(await q.findSubscriber(deps.db, { listId, email }));
  await q.liftSuppression(deps.db, { ownerId: list.ownerId, email });
  await sendWelcome(deps, list, email);
  return true;
}

/**
 * One-click unsubscribe (RFC 8058): no session, immediate, from every list of the same owner
 * (the suppression list), recorded against the campaign the link came from.
 */
export async function unsubscribeFromLink(deps: MarketingDeps, token: string) {
  const parts = readToken(secretOf(deps.config), 'unsubscribe', token);
  if (!parts || parts.length !== 2)
    throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid');
  const [source, email] = parts as [string, string];
  let ownerId: string | undefined;
  let campaignId: string | undefined;
  if (source.startsWith('list:')) {
    ownerId = (await q.findListById(deps.db, { id: source.slice(5) }))?.ownerId;
  } else {
    const campaign = await q.findOwnedCampaign(deps.db, {
      id: source,
      owner: { id: '', admin: true },
    });
    ownerId = campaign?.ownerId;
    campaignId = campaign?.id;
  }
  if (!ownerId) throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid');
  const now = deps.clock.now();
  const lists = await deps.db.transaction(async (tx) => {
    const names = await q.suppressAddress(tx, {
      ownerId: ownerId as string,
      email,
      reason: 'unsubscribed',
      now,
    });
    if (campaignId && names.length > 0)
      await q.insertCampaignEvent(tx, { campaignId, email, kind: 'unsubscribe', createdAt: now });
    return names;
  });
  return { email, lists };
}

// Campaigns.

async function campaignsWithStats(deps: MarketingDeps, rows: q.CampaignRow[]) {
  const stats = await q.campaignStats(deps.db, { campaignIds: rows.map((r) => r.id) });
  return rows.map((row) => ({
    ...row,
    stats: stats.get(row.id) ?? {
      recipients: 0,
      sent: 0,
      opens: 0,
      clicks: 0,
      unsubscribes: 0,
      bounces: 0,
      failed: 0,
      complaints: 0,
      timeline: [],
    },
  }));
}

export async function listCampaigns(deps: MarketingDeps, actor: AuthUser) {
  return campaignsWithStats(deps, await q.findCampaigns(deps.db, { owner: ownerOf(actor) }));
}

export async function getCampaign(deps: MarketingDeps, actor: AuthUser, id: string) {
  const row = orNotFound(
    await q.findOwnedCampaign(deps.db, { id, owner: ownerOf(actor) }),
    M.campaignNotFound,
  );
  const [withStats] = await campaignsWithStats(deps, [row]);
  return withStats as NonNullable<typeof withStats>;
}

async function checkEvent(deps: MarketingDeps, ownerId: string, eventId?: string | null) {
  if (eventId && !(await q.ownerEvent(deps.db, { id: eventId, ownerId })))
    throw fieldError('body.eventId', 'Choose one of your events', 'VALIDATION_FAILED');
}

/** The campaign event's details for the {{event.*}} merge fields. */
async function mergeEvent(
  deps: MarketingDeps,
  db: DbExecutor,
  eventId: string | null,
): Promise<MergeEvent | null> {
  if (!eventId) return null;
  const event = await q.campaignEvent(db, { id: eventId });
  if (!event) return null;
  return {
    title: event.title,
    date: eventDate(event.startsAt, event.timezone),
    location: event.location,
    url: `${deps.config.PUBLIC_URL}/event/${event.id}`,
  };
}

async function checkLists(deps: MarketingDeps, ownerId: string, listIds: string[]) {
  if (listIds.length === 0) return;
  const found = await q.findLists(deps.db, { owner: { id: ownerId, admin: false }, ids: listIds });
  if (found.length !== new Set(listIds).size)
    throw fieldError('body.listIds', 'Choose your own lists', 'VALIDATION_FAILED');
}

function body(input: { bodyHtml?: string }) {
  if (input.bodyHtml === undefined) return {};
  const bodyHtml = sanitizeCampaignHtml(input.bodyHtml);
  return { bodyHtml, bodyText: textFromHtml(bodyHtml) };
}

export async function createCampaign(deps: MarketingDeps, actor: AuthUser, input: CampaignInput) {
  const owner = ownerOf(actor);
  await checkLists(deps, owner.id, input.listIds);
  await checkEvent(deps, owner.id, input.eventId);
  const now = deps.clock.now();
  const row = await q.insertCampaign(deps.db, {
    ...input,
    ...body(input),
    ownerId: owner.id,
    createdAt: now,
    updatedAt: now,
  });
  return getCampaign(deps, actor, row.id);
}

export async function updateCampaign(
  deps: MarketingDeps,
  actor: AuthUser,
  id: string,
  input: Partial<CampaignInput>,
) {
  const campaign = orNotFound(
    await q.findOwnedCampaign(deps.db, { id, owner: ownerOf(actor) }),
    M.campaignNotFound,
  );
  if (campaign.status !== 'draft') throw new AppError('CONFLICT', M.notEditable);
  if (input.listIds) await checkLists(deps, campaign.ownerId, input.listIds);
  await checkEvent(deps, campaign.ownerId, input.eventId);
  await q.updateCampaign(deps.db, {
    id,
    set: { ...input, ...body(input), updatedAt: deps.clock.now() },
  });
  return getCampaign(deps, actor, id);
}

export async function deleteCampaign(deps: MarketingDeps, actor: AuthUser, id: string) {
  const owner = ownerOf(actor);
  if (!(await q.deleteOwnedCampaign(deps.db, { id, owner }))) {
    orNotFound(await q.findOwnedCampaign(deps.db, { id, owner }), M.campaignNotFound);
    throw new AppError('CONFLICT', 'Only a draft or cancelled campaign can be deleted');
  }
}

/**
 * The editor's live count: how many people a campaign to these lists and segment would mail
 * now (the send's own selection), and the lists' imported columns. A list the person may not
 * see is "not found", as elsewhere.
 */
export async function countAudience(
  deps: MarketingDeps,
  actor: AuthUser,
  input: SegmentCountInput,
): Promise<SegmentCount> {
  const owner = ownerOf(actor);
  const listIds = [...new Set(input.listIds)];
  const visible = await q.countOwnedLists(deps.db, { ids: listIds, owner });
  if (visible !== listIds.length)
    throw new AppError('NOT_FOUND', M.listNotFound, {
      fields: [{ field: 'body.listIds', message: M.listNotFound }],
    });
  return q.countAudience(deps.db, { owner, listIds, segment: input.segment ?? null });
}

/** The campaign to yourself, merged with your own name (subject prefixed "[Test]"). */
export async function testSend(deps: MarketingDeps, actor: AuthUser, id: string) {
  const campaign = orNotFound(
    await q.findOwnedCampaign(deps.db, { id, owner: ownerOf(actor) }),
    M.campaignNotFound,
  );
  const mail = campaignMail(
    mailConfig(deps.config),
    { ...campaign, trackOpens: false, trackClicks: false },
    {
      email: actor.email,
      name: actor.fullName,
      attributes: {},
    },
    await mergeEvent(deps, deps.db, campaign.eventId),
  );
  await enqueueMail(deps.jobs, { ...mail, subject: `[Test] ${mail.subject}` });
  return { to: actor.email };
}

export async function startCampaign(
  deps: MarketingDeps,
  actor: AuthUser,
  id: string,
  params: { scheduledAt?: string | null },
) {
  const owner = ownerOf(actor);
  await deps.db.transaction(async (tx) => {
    const campaign = orNotFound(await q.findOwnedCampaign(tx, { id, owner }), M.campaignNotFound);
    const locked = orNotFound(await q.lockCampaign(tx, { id: campaign.id }), M.campaignNotFound);
    if (!['draft', 'paused', 'scheduled'].includes(locked.status))
      throw new AppError('CONFLICT', M.cannotSend);
    if (locked.listIds.length === 0)
      throw fieldError('body.listIds', M.noLists, 'VALIDATION_FAILED');
    if (!locked.bodyHtml.trim())
      throw fieldError('body.bodyHtml', 'Write the message first', 'VALIDATION_FAILED');
    const now = deps.clock.now();
    const at = params.scheduledAt ? new Date(params.scheduledAt) : null;
    const later = at && at.getTime() > now.getTime() ? at : null;
    await q.updateCampaign(tx, {
      id,
      set: later
        ? { status: 'scheduled', scheduledAt: later, updatedAt: now }
        : { status: 'sending', startedAt: locked.startedAt ?? now, updatedAt: now },
    });
    // Automatic lists are brought up to date with the latest ticket holders before a send.
    for (const list of await q.findLists(tx, {
      owner: { id: locked.ownerId, admin: false },
      ids: locked.listIds,
    }))
      await q.syncAttendees(tx, { list });
    // spec §6 plan gating: campaign emails a month beyond the free allowance need messaging.
    await requireCampaignAllowance(tx, {
      userId: locked.ownerId,
      campaignId: id,
      listIds: locked.listIds,
      now,
    });
    await deps.jobs.insert(
      CAMPAIGN_QUEUE,
      [{ data: { campaignId: id }, startAfter: later ?? undefined }],
      { db: jobsIn(tx) },
    );
  });
  return getCampaign(deps, actor, id);
}

export async function setCampaignState(
  deps: MarketingDeps,
  actor: AuthUser,
  id: string,
  action: 'pause' | 'cancel',
) {
  const owner = ownerOf(actor);
  await deps.db.transaction(async (tx) => {
    orNotFound(await q.findOwnedCampaign(tx, { id, owner }), M.campaignNotFound);
    const locked = orNotFound(await q.lockCampaign(tx, { id }), M.campaignNotFound);
    const allowed =
      action === 'pause' ? ['sending', 'scheduled'] : ['sending', 'scheduled', 'paused', 'draft'];
    if (!allowed.includes(locked.status))
      throw new AppError(
        'CONFLICT',
        `This campaign cannot be ${action === 'pause' ? 'paused' : 'cancelled'} now`,
      );
    await q.updateCampaign(tx, {
      id,
      set: { status: action === 'pause' ? 'paused' : 'cancelled', updatedAt: deps.clock.now() },
    });
  });
  return getCampaign(deps, actor, id);
}

/**
 * Queues the next batch of one campaign, in one transaction with the rows recording each
 * recipient: a crash before the commit queues nothing, a crash after it leaves those recipients
 * recorded, so a resumed send never mails anyone twice. Returns whether more remain.
 */
export async function runCampaignBatch(
  deps: MarketingDeps,
  params: { campaignId: string; batchSize: number },
): Promise<'more' | 'done' | 'stopped'> {
  return deps.db.transaction(async (tx) => {
    const campaign = await q.lockCampaign(tx, { id: params.campaignId });
    if (!campaign) return 'stopped';
    const now = deps.clock.now();
    if (campaign.status === 'scheduled') {
      if (campaign.scheduledAt && campaign.scheduledAt.getTime() > Date.now()) return 'stopped';
      await q.updateCampaign(tx, { id: campaign.id, set: { status: 'sending', startedAt: now } });
    } else if (campaign.status !== 'sending') return 'stopped';
    const recipients = await q.nextRecipients(tx, { campaign, limit: params.batchSize });
    if (recipients.length === 0) {
      await q.updateCampaign(tx, { id: campaign.id, set: { status: 'sent', finishedAt: now } });
      return 'done';
    }
    const recorded = await q.recordSends(tx, { campaignId: campaign.id, recipients, now });
    const event = await mergeEvent(deps, tx, campaign.eventId);
    // A permanent refusal comes back as a job on REFUSAL_QUEUE instead of being retried.
    const mails = recipients
      .filter((r) => recorded.has(r.email))
      .map((r: Recipient & { id: string }) => ({
        ...campaignMail(mailConfig(deps.config), campaign, r, event),
        onRefused: { queue: REFUSAL_QUEUE, data: { campaignId: campaign.id, email: r.email } },
      }));
    await enqueueBulkMail(deps.jobs, mails, {
      priority: BULK_PRIORITY.announcement,
      db: jobsIn(tx),
    });
    // The next batch is due when the mail lane has about worked through this one, so a pause
    // or cancel stops the campaign within one batch.
    const seconds = recipients.length / Math.max(1, deps.config.MAIL_BULK_RATE);
    await deps.jobs.insert(
      CAMPAIGN_QUEUE,
      [{ data: { campaignId: campaign.id }, startAfter: new Date(Date.now() + seconds * 1000) }],
      { db: jobsIn(tx) },
    );
    return 'more';
  });
}

/**
 * A campaign mail the receiving server refused for good. Refused at RCPT TO, the address is a
 * hard bounce: the send is `bounced` and the address suppressed for every list of the owner
 * (reason `bounced`). Refused at another step (the message itself), the send is `failed` and the
 * address kept. Idempotent: only a send still `queued` changes.
 */
export async function recordRefusal(
  deps: Pick<MarketingDeps, 'db' | 'clock'>,
  data: {
    campaignId: string;
    email: string;
    responseCode: string;
    response: string;
    command: string;
  },
) {
  const hard = data.command.toUpperCase().startsWith('RCPT');
  await deps.db.transaction(async (tx) => {
    const campaign = await q.findOwnedCampaign(tx, {
      id: data.campaignId,
      owner: { id: '', admin: true },
    });
    if (!campaign) return;
    const changed = await q.markSendUndelivered(tx, {
      campaignId: campaign.id,
      email: data.email,
      status: hard ? 'bounced' : 'failed',
      error: `${data.responseCode} ${data.response}`.slice(0, 500),
    });
    if (changed && hard)
      await q.suppressAddress(tx, {
        ownerId: campaign.ownerId,
        email: data.email,
        reason: 'bounced',
        now: deps.clock.now(),
      });
  });
}

/**
 * A provider's asynchronous bounce or complaint reports (POST /api/marketing/bounces, signed;
 * see bounce-reports.ts). Each names our Message-ID and the recipient: a hard bounce or a
 * complaint marks that send, suppresses the address for every list of the campaign's owner
 * (subscriber rows `bounced` / `complained`) and counts in the campaign report. Once per message:
 * the send's guarded update decides, so a repeated or concurrent report is a `duplicate`.
 */
export async function recordBounceReports(
  deps: Pick<MarketingDeps, 'db' | 'clock'> & {
    config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET' | 'BOUNCE_WEBHOOK_SECRET'>;
  },
  rawBody: Buffer,
  signature: string | undefined,
): Promise<BounceResult> {
  const secret = deps.config.BOUNCE_WEBHOOK_SECRET;
  if (!secret) throw new AppError('NOT_FOUND', 'Bounce reports are not enabled on this site');
  const now = deps.clock.now();
  const reports = readBounceReports(secret, rawBody, signature, Math.floor(now.getTime() / 1000));
  const config = mailConfig(deps.config);
  const results: BounceResult['results'] = [];
  for (const report of reports) {
    const email = report.email.toLowerCase();
    const campaignId = campaignOfMessageId(config, report.messageId, email);
    const outcome = await deps.db.transaction(async (tx) => {
      const campaign = campaignId
        ? await q.findOwnedCampaign(tx, { id: campaignId, owner: { id: '', admin: true } })
        : undefined;
      if (!campaign) return 'unknown_message' as const;
      if (report.severity === 'soft') return 'soft_bounce' as const;
      const status = report.kind === 'complaint' ? 'complained' : 'bounced';
      const changed = await q.markSendUndelivered(tx, {
        campaignId: campaign.id,
        email,
        status,
        error:
          `${report.kind === 'complaint' ? 'Complaint' : 'Bounce'} reported by the provider${report.detail ? `: ${report.detail}` : ''}`.slice(
            0,
            500,
          ),
      });
      // No send of that address in that campaign (a forged id cannot get here: the MAC).
      if (!changed) {
        const exists = await q.campaignSendExists(tx, { campaignId: campaign.id, email });
        return exists ? ('duplicate' as const) : ('unknown_message' as const);
      }
      await q.suppressAddress(tx, {
        ownerId: campaign.ownerId,
        email,
        reason: report.kind === 'complaint' ? 'complaint' : 'bounced',
        now,
      });
      return status;
    });
    results.push({ messageId: report.messageId.slice(0, 998), outcome });
  }
  return { received: reports.length, results };
}

// The manage-preferences page: a signed link [owner, address] in every campaign mail.

function preferencesOf(deps: MarketingDeps, token: string) {
  const parts = readToken(secretOf(deps.config), 'preferences', token);
  if (!parts || parts.length !== 2) throw new AppError('NOT_FOUND', M.preferencesLink);
  const [ownerId, email] = parts as [string, string];
  return { ownerId, email };
}

/** The sender's lists this address is on, with its status on each. */
export async function getPreferences(deps: MarketingDeps, token: string) {
  const { ownerId, email } = preferencesOf(deps, token);
  const [lists, sender] = await Promise.all([
    q.preferenceLists(deps.db, { ownerId, email }),
    q.ownerName(deps.db, { ownerId }),
  ]);
  if (lists.length === 0 && !sender) throw new AppError('NOT_FOUND', M.preferencesLink);
  return { email, sender: sender || deps.config.APP_NAME, lists };
}

/**
 * Leaves or (re)joins one list. Leaving affects that list only (the one-click unsubscribe leaves
 * them all). Joining is the person themself (the link came to their mailbox), so it confirms an
 * unconfirmed address and lifts an earlier unsubscribe or bounce; their other lists keep their
 * own status.
 */
export async function changePreference(
  deps: MarketingDeps,
  token: string,
  input: { listId: string; subscribed: boolean },
) {
  const { ownerId, email } = preferencesOf(deps, token);
  const list = await q.findListById(deps.db, { id: input.listId });
  const row =
    list?.ownerId === ownerId
      ? await q.findSubscriber(deps.db, { listId: input.listId, email })
      : undefined;
  if (!list || !row)
    throw new AppError('NOT_FOUND', 'You are not on this list', {
      fields: [{ field: 'body.listId', message: 'You are not on this list' }],
    });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (input.subscribed) {
      await q.setSubscriberStatus(tx, {
        listId: list.id,
        email,
        from: ['unconfirmed', 'unsubscribed', 'bounced', 'complained'],
        to: 'subscribed',
        now,
      });
      await q.liftSuppression(tx, { ownerId, email, anyReason: true });
    } else {
      await q.setSubscriberStatus(tx, {
        listId: list.id,
        email,
        from: ['unconfirmed', 'subscribed'],
        to: 'unsubscribed',
        now,
      });
    }
  });
  return getPreferences(deps, token);
}

/** Records an open (the pixel) or a click (the redirect); a bad token records nothing. */
export async function track(
  deps: MarketingDeps,
  kind: 'open' | 'click',
  token: string,
): Promise<string | null> {
  const parts = readToken(secretOf(deps.config), kind, token);
  if (!parts || parts.length !== (kind === 'open' ? 2 : 3)) return null;
  const [campaignId, email, url] = parts as [string, string, string?];
  const exists = await q.findOwnedCampaign(deps.db, {
    id: campaignId,
    owner: { id: '', admin: true },
  });
  if (!exists) return null;
  await q.insertCampaignEvent(deps.db, {
    campaignId,
    email,
    kind,
    url: url ?? null,
    createdAt: deps.clock.now(),
  });
  return url ?? '';
}

// Funnels.

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
  const [found] = await q.findLists(deps.db, {
    owner: { id: ownerId, admin: false },
    ids: [listId],
  });
  if (!found) throw fieldError('body.listId', 'Choose one of your lists', 'VALIDATION_FAILED');
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
    ? await q.ownerEvent(deps.db, { id: input.eventId, ownerId: owner.id })
    : undefined;
  if (input.eventId && !event)
    throw fieldError('body.eventId', 'Choose one of your events', 'VALIDATION_FAILED');
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
  const events = await q.funnelEvents(deps.db, { ids: eventIds });
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
  return async (url: string): Promise<string | null> => {
    const [path = '', search = ''] = url.split('?', 2);
    const slug = FUNNEL_PATH.exec(path.toLowerCase())?.[1];
    if (!slug) return null;
    const stepParam = new URLSearchParams(search).get('step') ?? '0';
    const step = /^[0-9]$/.test(stepParam) ? Number(stepParam) : 0;
    const html = await cache.get(`${slug}\n${step}`, async () => {
      try {
        const funnel = await getPublicFunnelView(deps, slug);
        // A snapshot without steps (a hand-made row) has nothing to show: the app's page says so.
        if (!Array.isArray(funnel.document?.steps) || funnel.document.steps.length === 0)
          return NONE;
        return renderFunnelPage({ funnel, step, now: deps.clock.now() });
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
  if (!order || order.userId !== actor.id) throw new AppError('NOT_FOUND', 'Order not found');
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
    throw fieldError('body.step', 'No such step', 'VALIDATION_FAILED');
  await q.bumpFunnelStat(deps.db, { funnelId: funnel.id, step, field: 'views' });
}

/** An opt-in block: adds to the funnel's list and counts a conversion on that step. */
export async function funnelOptIn(
  deps: MarketingDeps,
  slug: string,
  input: { email: string; name: string; step: number },
) {
  const funnel = await publishedFunnel(deps, slug);
  if (input.step >= funnel.published.steps.length)
    throw fieldError('body.step', 'No such step', 'VALIDATION_FAILED');
  const list = funnel.listId ? await q.findListById(deps.db, { id: funnel.listId }) : undefined;
  if (!list || list.ownerId !== funnel.ownerId)
    throw new AppError('UNPROCESSABLE', 'This page does not take sign-ups yet');
  const result = await subscribeFromForm(deps, list, input, 'funnel');
  await q.bumpFunnelStat(deps.db, { funnelId: funnel.id, step: input.step, field: 'conversions' });
  return result;
}
