import { msg } from '@lingui/core/macro';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type {
  AdminPlatformTaxRates,
  PlatformChargeKind,
  PlatformTaxItemChoices,
  PublicPlatformTaxRates,
} from '../../../contracts/taxes';
import { PLATFORM_ITEM_MESSAGES } from '../../../contracts/taxes';
import type { Database, DbExecutor } from '../../db/client';
import { platformTaxItemRates } from '../../db/schema/platform-taxes';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { auditRateChange, listPlatformTaxRates, type RateChange } from './platform-taxes';
import { ratePercent } from './tax-lines';
import { containsPattern } from '../../db/like-pattern';

// A platform tax rate for one plan, one event's vendor fee or one ad campaign, in place of its
// kind's rate (decision 093). The item's table depends on the kind, so each kind names where its
// items live and what the console calls them.

const ITEMS: Record<PlatformChargeKind, { from: SQL; label: SQL; has: SQL; order: SQL }> = {
  plan: {
    from: sql`subscription_plans x`,
    label: sql`x.name`,
    has: sql`true`,
    order: sql`x.is_active desc, x.price_monthly, x.name`,
  },
  vendor_fee: {
    from: sql`events x`,
    label: sql`x.title`,
    // spec §4: the event's fee, else the fee in its vendor requirements.
    has: sql`(x.vendor_fee_amount > 0 or (x.metadata->'vendor_requirements'->>'vendorFee') is not null)`,
    order: sql`x.starts_at desc, x.title`,
  },
  ad_budget: {
    from: sql`promo_campaigns x`,
    label: sql`x.headline`,
    has: sql`true`,
    order: sql`x.created_at desc`,
  },
};

const CHOICES_MAX = 50;

/** What an admin may give a rate of its own: up to 50 of the kind's items, `q` in their label. */
export async function listPlatformTaxItemChoices(
  db: DbExecutor,
  params: { kind: PlatformChargeKind; q?: string },
): Promise<PlatformTaxItemChoices> {
  const item = ITEMS[params.kind];
  const words = params.q ? sql`and ${item.label} ilike ${containsPattern(params.q)}` : sql``;
  const { rows } = await db.execute<{ id: string; label: string }>(sql`
    select x.id, ${item.label} as label from ${item.from}
    where ${item.has} ${words}
    order by ${item.order} limit ${CHOICES_MAX}`);
  return { items: rows.map((r) => ({ id: r.id, label: r.label })) };
}

/** The kinds' rates and every item's own (an item that no longer exists is left out). */
export async function listAdminPlatformTaxRates(db: DbExecutor): Promise<AdminPlatformTaxRates> {
  const [kinds, { rows }] = await Promise.all([
    listPlatformTaxRates(db),
    db.execute<{
      kind: PlatformChargeKind;
      itemId: string;
      itemLabel: string;
      name: string;
      rate: number;
    }>(sql`
      select i.kind, i.item_id as "itemId", i.name, i.rate_thousandths as rate,
        coalesce(p.name, e.title, c.headline) as "itemLabel"
      from platform_tax_item_rates i
      left join subscription_plans p on i.kind = 'plan' and p.id = i.item_id
      left join events e on i.kind = 'vendor_fee' and e.id = i.item_id
      left join promo_campaigns c on i.kind = 'ad_budget' and c.id = i.item_id
      where coalesce(p.id, e.id, c.id) is not null
      order by i.kind, lower(coalesce(p.name, e.title, c.headline))`),
  ]);
  return {
    ...kinds,
    items: rows.map((r) => ({
      kind: r.kind,
      itemId: r.itemId,
      itemLabel: r.itemLabel,
      name: r.name,
      rateThousandths: Number(r.rate),
      percent: ratePercent(Number(r.rate)),
    })),
  };
}

/**
 * The rates buyers see beside a price: the kinds' and the items' own, without labels. Plans,
 * events and campaigns are named elsewhere; this holds only rates and the ids they apply to.
 */
export async function listPublicPlatformTaxRates(db: DbExecutor): Promise<PublicPlatformTaxRates> {
  const { items, ...kinds } = await listAdminPlatformTaxRates(db);
  return { ...kinds, items: items.map(({ itemLabel: _label, ...rest }) => rest) };
}

export async function setPlatformTaxItemRate(
  deps: { db: Database; clock: Clock },
  params: { kind: PlatformChargeKind; itemId: string; name: string; percent: number },
  change: RateChange,
): Promise<AdminPlatformTaxRates> {
  const item = ITEMS[params.kind];
  const { rows } = await deps.db.execute(sql`
    select 1 from ${item.from} where x.id = ${params.itemId} and ${item.has}`);
  if (!rows.length)
    throw new AppError('NOT_FOUND', msg`This plan, event or campaign was not found`, {
      fields: [{ field: 'params.itemId', message: PLATFORM_ITEM_MESSAGES.item }],
    });
  const values = {
    kind: params.kind,
    itemId: params.itemId,
    name: params.name,
    rateThousandths: params.percent,
    updatedAt: deps.clock.now(),
  };
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        name: platformTaxItemRates.name,
        rateThousandths: platformTaxItemRates.rateThousandths,
      })
      .from(platformTaxItemRates)
      .where(itemIs(params))
      .for('update');
    await tx
      .insert(platformTaxItemRates)
      .values(values)
      .onConflictDoUpdate({
        target: [platformTaxItemRates.kind, platformTaxItemRates.itemId],
        set: values,
      });
    await auditRateChange(tx, change, params, before, values);
  });
  return listAdminPlatformTaxRates(deps.db);
}

/** The item goes back to its kind's rate; removing a rate it does not have changes nothing. */
export async function removePlatformTaxItemRate(
  db: Database,
  params: { kind: PlatformChargeKind; itemId: string },
  change: RateChange,
): Promise<AdminPlatformTaxRates> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(platformTaxItemRates).where(itemIs(params)).returning({
      name: platformTaxItemRates.name,
      rateThousandths: platformTaxItemRates.rateThousandths,
    });
    await auditRateChange(tx, change, params, before, undefined);
  });
  return listAdminPlatformTaxRates(db);
}

const itemIs = (params: { kind: PlatformChargeKind; itemId: string }) =>
  and(eq(platformTaxItemRates.kind, params.kind), eq(platformTaxItemRates.itemId, params.itemId));
