import type { AdCampaign, ServedItemList } from '../../../contracts/promotions';
import type { AdCampaignWithTotals } from './promotions.queries';

export function presentAdCampaign(row: AdCampaignWithTotals): AdCampaign {
  return {
    id: row.id,
    status: row.status,
    headline: row.headline,
    body: row.body,
    imageUrl: row.imageUrl,
    imageAlt: row.imageAlt,
    targetPath: row.targetPath,
    placement: row.placement,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    dailyBudgetCents: row.dailyBudgetCents,
    totalBudgetCents: row.totalBudgetCents,
    pricing: row.pricing,
    priceCents: row.priceCents,
    targetCategories: row.targetCategories,
    targetCities: row.targetCities,
    targetAccountTypes: row.targetAccountTypes,
    frequencyCap: row.frequencyCap,
    // Whole cents for people; the exact millicents stay in the database.
    spentCents: Math.floor(row.spentMillicents / 1000),
    impressions: row.impressions,
    clicks: row.clicks,
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentDay(row: {
  day: string;
  impressions: number;
  clicks: number;
  spendMillicents: number;
}) {
  return {
    day: row.day,
    impressions: row.impressions,
    clicks: row.clicks,
    spendCents: Math.floor(row.spendMillicents / 1000),
  };
}

/**
 * The selection's answer as JSON, written field by field: ServedItemSchema's fields in its
 * order, nothing else (what zod's check of the answer then JSON.stringify gave). Selection answers
 * thousands a second from memory; that check and copy of every answer were a tenth of its CPU
 * (decision 162). The schema still documents the route and types what the handler returns.
 */
export function servedItemsJson(list: ServedItemList): string {
  let json = '{"items":[';
  list.items.forEach((item, i) => {
    if (i > 0) json += ',';
    json += `{"token":${JSON.stringify(item.token)},"headline":${JSON.stringify(item.headline)},"body":${JSON.stringify(item.body)},"imageUrl":${JSON.stringify(item.imageUrl)},"imageAlt":${JSON.stringify(item.imageAlt)},"targetPath":${JSON.stringify(item.targetPath)},"href":${JSON.stringify(item.href)}}`;
  });
  return `${json}]}`;
}
