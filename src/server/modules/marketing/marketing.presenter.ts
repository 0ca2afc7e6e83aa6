import type { Campaign, EmailList, Funnel, Subscriber } from '../../../contracts/marketing';
import type { CampaignRow } from './campaigns.queries';
import type { FunnelRow } from './funnels.queries';
import type { ListRow, SubscriberRow } from './lists.queries';

export const presentList = (row: ListRow & { counts: EmailList['counts'] }): EmailList => ({
  id: row.id,
  name: row.name,
  description: row.description,
  visibility: row.visibility,
  optIn: row.optIn,
  kind: row.kind,
  eventId: row.eventId,
  welcomeSubject: row.welcomeSubject,
  welcomeText: row.welcomeText,
  counts: row.counts,
  createdAt: row.createdAt.toISOString(),
});

export const presentSubscriber = (row: SubscriberRow): Subscriber => ({
  id: row.id,
  email: row.email,
  name: row.name,
  attributes: row.attributes,
  status: row.status,
  source: row.source,
  createdAt: row.createdAt.toISOString(),
});

export const presentCampaign = (row: CampaignRow & { stats: Campaign['stats'] }): Campaign => ({
  id: row.id,
  subject: row.subject,
  preheader: row.preheader,
  fromName: row.fromName,
  bodyHtml: row.bodyHtml,
  bodyText: row.bodyText,
  listIds: row.listIds,
  trackOpens: row.trackOpens,
  trackClicks: row.trackClicks,
  eventId: row.eventId,
  segment: row.segment ?? null,
  status: row.status,
  scheduledAt: row.scheduledAt?.toISOString() ?? null,
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  stats: row.stats,
});

export const presentFunnel = (row: FunnelRow): Funnel => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  listId: row.listId,
  draft: row.draft,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
