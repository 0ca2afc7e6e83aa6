import type { AdCampaign } from '../../../contracts/promotions';
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
