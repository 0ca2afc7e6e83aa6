import { msg } from '@lingui/core/macro';
import { localeOrSource } from '../../../contracts/locales';
import type { CampaignInput, SegmentCount, SegmentCountInput } from '../../../contracts/marketing';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { translator } from '../../platform/i18n/translate';
import { jobsIn } from '../../platform/jobs/in-transaction';
import { BULK_PRIORITY, enqueueBulkMail, enqueueMail } from '../../platform/mail/mail-jobs';
import { requireCampaignAllowance } from '../entitlements/entitlements.service';
import {
  campaignMail,
  eventDate,
  sanitizeCampaignHtml,
  textFromHtml,
  type MergeEvent,
  type Recipient,
} from './campaign-mail';
import {
  CAMPAIGN_QUEUE,
  fieldError,
  M,
  mailConfig,
  orNotFound,
  ownerOf,
  REFUSAL_QUEUE,
  type MarketingDeps,
} from './marketing.service';
import * as q from './campaigns.queries';
import { countOwnedLists, findLists, syncAttendees } from './lists.queries';
import { ownerEvent } from './marketing.queries';

// Campaigns: drafting, the audience count, a test to yourself, and sending in batches.

async function campaignsWithStats(deps: MarketingDeps, rows: q.CampaignRow[]) {
  const stats = await q.campaignStats(deps.db, { campaignIds: rows.map((r) => r.id) });
  return rows.map((row) => ({
    ...row,
    stats: stats.get(row.id) ?? q.noCampaignStats(),
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
  if (eventId && !(await ownerEvent(deps.db, { id: eventId, ownerId })))
    throw fieldError('body.eventId', msg`Choose one of your events`, 'VALIDATION_FAILED');
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
  const found = await findLists(deps.db, { owner: { id: ownerId, admin: false }, ids: listIds });
  if (found.length !== new Set(listIds).size)
    throw fieldError('body.listIds', msg`Choose your own lists`, 'VALIDATION_FAILED');
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
    throw new AppError('CONFLICT', msg`Only a draft or cancelled campaign can be deleted`);
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
  const visible = await countOwnedLists(deps.db, { ids: listIds, owner });
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
      language: localeOrSource(actor.language),
    },
    await mergeEvent(deps, deps.db, campaign.eventId),
  );
  const subject = mail.subject;
  const _ = translator(localeOrSource(actor.language));
  await enqueueMail(deps.jobs, { ...mail, subject: _(msg`[Test] ${subject}`) });
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
      throw fieldError('body.bodyHtml', msg`Write the message first`, 'VALIDATION_FAILED');
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
    for (const list of await findLists(tx, {
      owner: { id: locked.ownerId, admin: false },
      ids: locked.listIds,
    }))
      await syncAttendees(tx, { list });
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
        action === 'pause'
          ? msg`This campaign cannot be paused now`
          : msg`This campaign cannot be cancelled now`,
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
    const languages = await q.languagesOfEmails(
      tx,
      recipients.map((r) => r.email),
    );
    // A permanent refusal comes back as a job on REFUSAL_QUEUE instead of being retried.
    const mails = recipients
      .filter((r) => recorded.has(r.email))
      .map((r: Recipient & { id: string }) => ({
        ...campaignMail(
          mailConfig(deps.config),
          campaign,
          { ...r, language: localeOrSource(languages.get(r.email.toLowerCase())) },
          event,
        ),
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
