import { eq, sql } from 'drizzle-orm';
import type { PlatformChargeKind, PlatformTaxRates } from '../../../contracts/taxes';
import type { Database, DbExecutor } from '../../db/client';
import { platformTaxRates } from '../../db/schema/platform-taxes';
import type { Clock } from '../../platform/clock';
import type { RecordAudit } from '../record-audit';
import { computeTaxLine, ratePercent } from './tax-lines';

// The tax on MEA Events' own charges to organizers and vendors (decision 081): a rate per kind
// of charge, set by admins; prices include it, so the amount charged never changes.

export async function listPlatformTaxRates(db: DbExecutor): Promise<PlatformTaxRates> {
  const rows = await db.select().from(platformTaxRates).orderBy(platformTaxRates.kind);
  return {
    rates: rows.map((r) => ({
      kind: r.kind,
      name: r.name,
      rateThousandths: r.rateThousandths,
      percent: ratePercent(r.rateThousandths),
    })),
  };
}

/** The admin who changes a platform rate, for the audit log's row in the change's transaction. */
export interface RateChange {
  actorId: string;
  requestId: string;
  recordAudit: RecordAudit;
}

type Rate = { name: string; rateThousandths: number } | undefined;

/**
 * Writes a rate's change to the admin audit log: the kind's rate (target `plan`) or an item's
 * own (`plan/<id>`), with the rate before and after. A change that changes nothing is not one.
 */
export async function auditRateChange(
  tx: DbExecutor,
  change: RateChange,
  target: { kind: PlatformChargeKind; itemId?: string },
  before: Rate,
  after: Rate,
): Promise<void> {
  if (before?.name === after?.name && before?.rateThousandths === after?.rateThousandths) return;
  const shown = (rate: Rate) =>
    rate ? { name: rate.name, percent: ratePercent(rate.rateThousandths) } : null;
  await change.recordAudit(tx, {
    actorId: change.actorId,
    action: after ? 'platform_tax.set' : 'platform_tax.remove',
    targetType: 'platform_tax_rate',
    targetId: target.itemId ? `${target.kind}/${target.itemId}` : target.kind,
    details: {
      kind: target.kind,
      itemId: target.itemId ?? null,
      before: shown(before),
      after: shown(after),
    },
    requestId: change.requestId,
  });
}

export async function setPlatformTaxRate(
  deps: { db: Database; clock: Clock },
  params: { kind: PlatformChargeKind; name: string; percent: number },
  change: RateChange,
): Promise<void> {
  const values = {
    kind: params.kind,
    name: params.name,
    rateThousandths: params.percent,
    updatedAt: deps.clock.now(),
  };
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: platformTaxRates.name, rateThousandths: platformTaxRates.rateThousandths })
      .from(platformTaxRates)
      .where(eq(platformTaxRates.kind, params.kind))
      .for('update');
    await tx
      .insert(platformTaxRates)
      .values(values)
      .onConflictDoUpdate({ target: platformTaxRates.kind, set: values });
    await auditRateChange(tx, change, params, before, values);
  });
}

export async function removePlatformTaxRate(
  db: Database,
  kind: PlatformChargeKind,
  change: RateChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .delete(platformTaxRates)
      .where(eq(platformTaxRates.kind, kind))
      .returning({
        name: platformTaxRates.name,
        rateThousandths: platformTaxRates.rateThousandths,
      });
    await auditRateChange(tx, change, { kind }, before, undefined);
  });
}

/**
 * An order's rates: its item's own (the plan in its metadata, the vendor fee's event, the
 * campaign in its metadata, decision 093), else its kind's. Compared as text, so a malformed id
 * in metadata finds no rate instead of failing the cast.
 */
const RATES = sql`
  left join platform_tax_rates r on r.kind = o.kind::text
  left join platform_tax_item_rates i on i.kind = o.kind::text
    and i.item_id::text = case o.kind::text
      when 'plan' then o.metadata->>'planId'
      when 'vendor_fee' then o.event_id::text
      when 'ad_budget' then o.metadata->>'campaignId' end`;

/**
 * Writes the tax of a new platform charge (a plan, vendor fee or ad budget order) as the rate of
 * its item, else of its kind, gives it today: the part of the price the rate holds, rounded on
 * the line like every tax (decision 058), kept with the order and in `orders.tax_cents`. Other
 * orders, and charges without a rate, are left as they are. Idempotent.
 */
export async function applyPlatformTax(db: DbExecutor, orderId: string): Promise<void> {
  const { rows } = await db.execute<{ total: number; name: string; rate: number | null }>(sql`
    select o.total_cents as total, coalesce(i.name, r.name) as name,
      coalesce(i.rate_thousandths, r.rate_thousandths) as rate
    from orders o ${RATES}
    where o.id = ${orderId}`);
  const found = rows[0];
  if (!found || found.rate === null || Number(found.rate) === 0) return;
  const { tax } = computeTaxLine(
    { amount: Number(found.total), rateThousandths: Number(found.rate) },
    { pricesIncludeTax: true },
  );
  await db.execute(sql`
    with kept as (
      insert into order_platform_taxes (order_id, name, rate_thousandths, tax_cents)
      values (${orderId}, ${found.name}, ${found.rate}, ${tax})
      on conflict (order_id) do nothing
      returning order_id
    )
    update orders set tax_cents = ${tax} where id in (select order_id from kept)`);
}

/**
 * `applyPlatformTax` for many new orders in one statement (the renewal job's batch): the same
 * rounding in SQL (half away from zero on the line, decision 058; the amounts are positive).
 */
export async function applyPlatformTaxes(db: DbExecutor, orderIds: string[]): Promise<void> {
  if (!orderIds.length) return;
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`
    with kept as (
      insert into order_platform_taxes (order_id, name, rate_thousandths, tax_cents)
      select o.id, coalesce(i.name, r.name), rate.t,
        (2 * o.total_cents::bigint * rate.t + 100000 + rate.t) / (2 * (100000 + rate.t))
      from orders o ${RATES}
      cross join lateral (select coalesce(i.rate_thousandths, r.rate_thousandths) as t) rate
      where o.id in (${ids}) and rate.t > 0 and o.total_cents > 0
      on conflict (order_id) do nothing
      returning order_id, tax_cents
    )
    update orders o set tax_cents = kept.tax_cents from kept where o.id = kept.order_id`);
}
