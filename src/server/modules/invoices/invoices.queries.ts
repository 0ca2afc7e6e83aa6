import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  billingProfiles,
  invoiceCounters,
  invoices,
  type InvoiceSnapshot,
} from '../../db/schema/invoices';

// The invoices module's SQL (decision 059). Orders, their lines and refunds are read here as rows:
// an invoice is a copy of what was sold, taken once.

export type BillingProfileRow = typeof billingProfiles.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

export async function findProfile(db: DbExecutor, sellerKey: string) {
  const [row] = await db
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.sellerKey, sellerKey));
  return row ?? null;
}

export async function findProfiles(db: DbExecutor, sellerKeys: string[]) {
  if (!sellerKeys.length) return [];
  return db
    .select()
    .from(billingProfiles)
    .where(sql`${billingProfiles.sellerKey} = any(${sql.param(sellerKeys)}::text[])`);
}

export async function upsertProfile(
  db: DbExecutor,
  // The logo has its own upload: a profile saved without one keeps the one it has.
  row: Omit<BillingProfileRow, 'updatedAt' | 'logoUrl'> & {
    updatedAt: Date;
    logoUrl?: string | null;
  },
) {
  const [saved] = await db
    .insert(billingProfiles)
    .values(row)
    .onConflictDoUpdate({
      target: billingProfiles.sellerKey,
      set: { ...row, sellerKey: undefined },
    })
    .returning();
  return saved;
}

/** Sets or clears the profile's logo; false when the seller has no profile. */
export async function setProfileLogo(
  db: DbExecutor,
  params: { sellerKey: string; logoUrl: string | null; now: Date },
) {
  const rows = await db
    .update(billingProfiles)
    .set({ logoUrl: params.logoUrl, updatedAt: params.now })
    .where(eq(billingProfiles.sellerKey, params.sellerKey))
    .returning({ sellerKey: billingProfiles.sellerKey });
  return rows.length > 0;
}

/** The number the next invoice of this seller and prefix gets (1 when none was issued). */
export async function peekNextNumber(db: DbExecutor, sellerKey: string, prefix: string) {
  const [row] = await db
    .select({ next: invoiceCounters.nextNumber })
    .from(invoiceCounters)
    .where(and(eq(invoiceCounters.sellerKey, sellerKey), eq(invoiceCounters.prefix, prefix)));
  return row?.next ?? 1;
}

/**
 * Locks the seller's counter row for this prefix (making it on first use) and answers its next
 * number. Every issuer of the seller and prefix waits here until the holder commits or rolls
 * back, so the numbers it then takes follow the last committed one.
 */
export async function lockCounter(tx: DbExecutor, sellerKey: string, prefix: string) {
  await tx.execute(sql`
    insert into invoice_counters (seller_key, prefix, next_number) values (${sellerKey}, ${prefix}, 1)
    on conflict do nothing`);
  const result = await tx.execute<{ next_number: number }>(sql`
    select next_number from invoice_counters
    where seller_key = ${sellerKey} and prefix = ${prefix} for update`);
  return Number(result.rows[0]?.next_number ?? 1);
}

export async function advanceCounter(
  tx: DbExecutor,
  params: { sellerKey: string; prefix: string; next: number },
) {
  await tx
    .update(invoiceCounters)
    .set({ nextNumber: params.next })
    .where(
      and(
        eq(invoiceCounters.sellerKey, params.sellerKey),
        eq(invoiceCounters.prefix, params.prefix),
      ),
    );
}

export async function insertInvoices(tx: DbExecutor, rows: NewInvoice[]) {
  if (!rows.length) return [];
  return tx.insert(invoices).values(rows).returning();
}

/** A paid order as an invoice needs it: who sells, who buys, in which language and currency. */
export type OrderForInvoice = {
  id: string;
  kind: string;
  status: string;
  currency: string;
  totalCents: number;
  taxCents: number;
  pricesIncludeTax: boolean;
  reverseCharge: boolean;
  buyerId: string;
  buyerEmail: string;
  buyerName: string;
  buyerLanguage: string | null;
  /** The event organizer's user id for ticket orders, 'platform' for MEA Events' charges. */
  sellerKey: string;
  /** A platform charge's tax as sold (decision 081); null for ticket orders and untaxed ones. */
  platformTaxName: string | null;
  platformTaxRate: number | null;
};

const SETTLED = sql`('paid', 'partially_refunded', 'refunded')`;
// Ticket orders are sold by the event's organizer; plans, vendor fees and ad budgets by MEA
// Events itself; other kinds (ride seats, streams) get no invoice from us.
const SELLER = sql`case when o.kind = 'tickets' then (
    select e.user_id::text from order_items i join events e on e.id = i.event_id
    where i.order_id = o.id order by i.id limit 1
  ) when o.kind in ('plan', 'vendor_fee', 'ad_budget') then 'platform' end`;

export async function ordersForInvoice(db: DbExecutor, orderIds: string[]) {
  if (!orderIds.length) return [];
  const result = await db.execute<OrderForInvoice>(sql`
    select o.id, o.kind, o.status, o.currency, o.total_cents as "totalCents",
      o.tax_cents as "taxCents", o.prices_include_tax as "pricesIncludeTax",
      o.reverse_charge as "reverseCharge", o.user_id as "buyerId", u.email as "buyerEmail",
      coalesce(p.full_name, u.email) as "buyerName", u.language as "buyerLanguage",
      ${SELLER} as "sellerKey", pt.name as "platformTaxName",
      pt.rate_thousandths as "platformTaxRate"
    from orders o
    join users u on u.id = o.user_id
    left join profiles p on p.id = o.user_id
    left join order_platform_taxes pt on pt.order_id = o.id
    where o.id = any(${sql.param(orderIds)}::uuid[]) and o.status in ${SETTLED}
      and o.total_cents > 0`);
  return result.rows.filter((row) => row.sellerKey !== null);
}

/** Of these orders, the ones that already have their first invoice. */
export async function ordersWithInvoice(db: DbExecutor, orderIds: string[]) {
  if (!orderIds.length) return new Set<string>();
  const result = await db.execute<{ order_id: string }>(sql`
    select order_id from invoices
    where order_id = any(${sql.param(orderIds)}::uuid[]) and kind = 'invoice' and replaces_id is null`);
  return new Set(result.rows.map((r) => r.order_id));
}

export type OrderLineRow = {
  orderId: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  netCents: number;
  taxCents: number;
  taxName: string | null;
  rateThousandths: number;
};

export async function orderLines(db: DbExecutor, orderIds: string[]) {
  if (!orderIds.length) return [];
  const result = await db.execute<OrderLineRow>(sql`
    select i.order_id as "orderId", tt.name || ' · ' || e.title as description, i.quantity,
      i.unit_price_cents as "unitPriceCents", i.discount_cents as "discountCents",
      i.net_cents as "netCents", i.tax_cents as "taxCents", i.tax_name as "taxName",
      i.tax_rate_thousandths as "rateThousandths"
    from order_items i
    join ticket_types tt on tt.id = i.ticket_type_id
    join events e on e.id = i.event_id
    where i.order_id = any(${sql.param(orderIds)}::uuid[])
    order by i.order_id, i.id`);
  return result.rows;
}

/** Business details the buyer entered at checkout, when there are any. */
export async function buyerBusinessDetails(db: DbExecutor, orderIds: string[]) {
  if (!orderIds.length) return new Map<string, InvoiceSnapshot['buyer']>();
  const result = await db.execute<{
    order_id: string;
    company_name: string;
    address: string;
    postal_code: string;
    city: string;
    country: string;
    vat_id: string | null;
  }>(sql`
    select order_id, company_name, address, postal_code, city, country, vat_id
    from order_billing_details where order_id = any(${sql.param(orderIds)}::uuid[])`);
  return new Map(
    result.rows.map((r) => [
      r.order_id,
      {
        name: r.company_name,
        email: '',
        company: r.company_name,
        address: [r.address, `${r.postal_code} ${r.city}`.trim(), r.country]
          .filter(Boolean)
          .join('\n'),
        vatId: r.vat_id,
      },
    ]),
  );
}

/** Refunds of invoiced orders that have no credit note yet, oldest first. */
export async function refundsWithoutCreditNote(db: DbExecutor, orderIds: string[]) {
  if (!orderIds.length) return [];
  const result = await db.execute<{
    refundId: string;
    orderId: string;
    amountCents: number;
    reason: string | null;
    invoiceId: string;
  }>(sql`
    select r.id as "refundId", r.order_id as "orderId", r.amount_cents as "amountCents",
      r.reason, inv.id as "invoiceId"
    from refunds r
    join lateral (
      select id from invoices
      where order_id = r.order_id and kind = 'invoice'
        and not exists (select 1 from invoices c where c.cancels_id = invoices.id)
      order by issued_at desc, sequence desc limit 1
    ) inv on true
    where r.order_id = any(${sql.param(orderIds)}::uuid[])
      and not exists (select 1 from invoices c where c.refund_id = r.id)
    order by r.created_at, r.id`);
  return result.rows;
}

export async function findInvoice(db: DbExecutor, id: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

/** An invoice's credit notes for refunds so far (what a new credit note adds to). */
export async function creditedForRefunds(db: DbExecutor, invoiceId: string) {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.refersToId, invoiceId), sql`${invoices.refundId} is not null`));
}

export async function invoicesOfOrder(db: DbExecutor, orderId: string) {
  const result = await db.execute<
    InvoiceRow & { refersToNumber: string | null; cancelled: boolean }
  >(
    sql`
    select i.id, i.kind, i.number, i.order_id as "orderId", i.currency, i.net_cents as "netCents",
      i.tax_cents as "taxCents", i.gross_cents as "grossCents", i.issued_at as "issuedAt",
      i.seller_key as "sellerKey", ref.number as "refersToNumber",
      exists (select 1 from invoices c where c.cancels_id = i.id) as cancelled
    from invoices i left join invoices ref on ref.id = i.refers_to_id
    where i.order_id = ${orderId}
    order by i.issued_at, i.sequence`,
  );
  return result.rows;
}

/** Who may see an order's invoices: its buyer, and for ticket orders the event's organizer. */
export async function orderParties(db: DbExecutor, orderId: string) {
  const [row] = (
    await db.execute<{
      buyerId: string;
      sellerKey: string | null;
      status: string;
      total: number;
      eventId: string | null;
    }>(sql`
    select o.user_id as "buyerId", o.status, o.total_cents as total,
      ${SELLER} as "sellerKey",
      case when o.kind = 'tickets' then (
        select i.event_id from order_items i where i.order_id = o.id order by i.id limit 1
      ) end as "eventId"
    from orders o where o.id = ${orderId}`)
  ).rows;
  return row ?? null;
}

/** Paid orders from `since` on that have no invoice yet: what the sweep issues. */
export async function uninvoicedPaidOrders(db: DbExecutor, since: Date, limit: number) {
  const result = await db.execute<{ id: string }>(sql`
    select o.id from orders o
    where o.paid_at >= ${since} and o.status in ${SETTLED} and o.total_cents > 0
      and exists (
        select 1 from billing_profiles bp
        where bp.seller_key = ${SELLER} and bp.issue_mode = 'automatic'
      )
      and not exists (
        select 1 from invoices i where i.order_id = o.id and i.kind = 'invoice' and i.replaces_id is null
      )
    order by o.paid_at limit ${limit}`);
  return result.rows.map((r) => r.id);
}

/** Invoiced orders with a refund lacking its credit note (the sweep's second half). */
export async function ordersWithUncreditedRefunds(db: DbExecutor, since: Date, limit: number) {
  const result = await db.execute<{ order_id: string }>(sql`
    select distinct r.order_id from refunds r
    where r.created_at >= ${since}
      and not exists (select 1 from invoices c where c.refund_id = r.id)
      and exists (select 1 from invoices i where i.order_id = r.order_id and i.kind = 'invoice')
    limit ${limit}`);
  return result.rows.map((r) => r.order_id);
}

/**
 * Whether this paid ticket order gets its invoice automatically: then its confirmation mail
 * waits for the invoice job and carries the invoice with the tickets.
 */
export async function invoicedAutomatically(db: DbExecutor, orderId: string) {
  const result = await db.execute<{ automatic: boolean }>(sql`
    select exists (
      select 1 from orders o
      join billing_profiles bp on bp.seller_key = ${SELLER} and bp.issue_mode = 'automatic'
      where o.id = ${orderId} and o.kind = 'tickets' and o.status in ${SETTLED}
        and o.total_cents > 0
    ) as automatic`);
  return result.rows[0]?.automatic === true;
}
