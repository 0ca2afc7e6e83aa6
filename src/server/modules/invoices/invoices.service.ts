import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  DEFAULT_NUMBER_FORMAT,
  type BillingProfileAnswer,
  type BillingProfileInput,
  type OrderInvoices,
} from '../../../contracts/invoices';
import { intlLocale, localeOrSource, type Locale } from '../../../contracts/locales';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { InvoiceSnapshot } from '../../db/schema/invoices';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { translator } from '../../platform/i18n/translate';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { FileStore } from '../../platform/storage/storage';
import { creditLines, formatInvoiceNumber, totalsOf } from './invoice-amounts';
import { invoiceFileName, printInvoice } from './invoice-pdf';
import {
  advanceCounter,
  buyerBusinessDetails,
  creditedForRefunds,
  findInvoice,
  findProfile,
  findProfiles,
  insertInvoices,
  invoicedAutomatically,
  invoicesOfOrder,
  lockCounter,
  orderLines,
  orderParties,
  ordersForInvoice,
  ordersWithInvoice,
  peekNextNumber,
  refundsWithoutCreditNote,
  upsertProfile,
  uninvoicedPaidOrders,
  ordersWithUncreditedRefunds,
  type BillingProfileRow,
  type InvoiceRow,
  type NewInvoice,
  type OrderForInvoice,
} from './invoices.queries';
import {
  canManageInvoices,
  canReadInvoices,
  canRequestInvoice,
  type OrderParties,
} from './invoices.policy';
import { actAsTeamMember } from '../teams/teams.service';

// Invoices of paid orders and credit notes of refunds (decision 059). Issuing is a job from the
// paid order (commerce queues it after payment and refund, a sweep catches what a crash lost);
// every path ends in issueInvoices/creditRefunds, which are idempotent and gapless.

export { ORDER_SETTLED_QUEUE as INVOICE_QUEUE } from '../orders/orders.service';
export const INVOICE_MAIL_QUEUE = 'invoices.mail';
export const INVOICE_SWEEP_QUEUE = 'invoices.sweep';

export interface InvoiceDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET'>;
  files: FileStore;
}

/** A job of the mail queue: one document mailed on its own, or an order's confirmation. */
export type InvoiceMailJob = { invoiceId: string } | { confirmOrderId: string };

const NOT_FOUND = msg`Order not found`;
const PLATFORM_LINES: Record<string, MessageDescriptor> = {
  vendor_fee: msg`Vendor fee`,
  plan: msg`Subscription plan`,
  ad_budget: msg`Advertising campaign`,
};

// ---------------------------------------------------------------------------------------------
// Billing profiles

function profileAnswer(row: BillingProfileRow | null, next: number): BillingProfileAnswer {
  if (!row) return { profile: null };
  const { sellerKey: _key, updatedAt, ...fields } = row;
  return {
    profile: {
      ...fields,
      nextNumber: formatInvoiceNumber(row.numberFormat, {
        prefix: row.numberPrefix,
        sequence: next,
        issuedAt: new Date(),
      }),
      updatedAt: updatedAt.toISOString(),
    },
  };
}

export async function getBillingProfile(
  deps: Pick<InvoiceDeps, 'db'>,
  sellerKey: string,
): Promise<BillingProfileAnswer> {
  const row = await findProfile(deps.db, sellerKey);
  const next = row ? await peekNextNumber(deps.db, sellerKey, row.numberPrefix) : 1;
  return profileAnswer(row, next);
}

export async function saveBillingProfile(
  deps: Pick<InvoiceDeps, 'db' | 'clock'>,
  sellerKey: string,
  input: BillingProfileInput,
): Promise<BillingProfileAnswer> {
  await upsertProfile(deps.db, {
    sellerKey,
    ...input,
    numberPrefix: input.numberPrefix,
    numberFormat: input.numberFormat || DEFAULT_NUMBER_FORMAT,
    updatedAt: deps.clock.now(),
  });
  return getBillingProfile(deps, sellerKey);
}

// ---------------------------------------------------------------------------------------------
// Issuing

const rateText = (thousandths: number, locale: Locale) =>
  new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 3 }).format(
    thousandths / 100000,
  );

function snapshotFor(
  order: OrderForInvoice,
  profile: BillingProfileRow,
  lines: Awaited<ReturnType<typeof orderLines>>,
  business: InvoiceSnapshot['buyer'] | undefined,
): InvoiceSnapshot {
  const locale = localeOrSource(order.buyerLanguage);
  const _ = translator(locale);
  const own = lines.filter((l) => l.orderId === order.id);
  const platformLine = PLATFORM_LINES[order.kind];
  const items: InvoiceSnapshot['lines'] = own.length
    ? own.map((l) => {
        const gross = l.quantity * l.unitPriceCents - l.discountCents;
        return {
          description: l.description,
          quantity: l.quantity,
          unitGross: l.unitPriceCents,
          gross,
          tax: l.taxCents,
          net: gross - l.taxCents,
          taxName: l.taxName,
          rate: l.taxName ? rateText(l.rateThousandths, locale) : null,
        };
      })
    : [
        {
          description: platformLine ? _(platformLine) : order.kind,
          quantity: 1,
          unitGross: order.totalCents,
          gross: order.totalCents,
          tax: order.taxCents,
          net: order.totalCents - order.taxCents,
          taxName: order.platformTaxName,
          rate:
            order.platformTaxName === null ? null : rateText(Number(order.platformTaxRate), locale),
        },
      ];
  return {
    seller: {
      legalName: profile.legalName,
      address: profile.address,
      taxId: profile.taxId,
      footer: profile.footer,
      logoUrl: profile.logoUrl,
    },
    buyer: business
      ? { ...business, email: order.buyerEmail }
      : {
          name: order.buyerName,
          email: order.buyerEmail,
          company: null,
          address: null,
          vatId: null,
        },
    lines: items,
    pricesIncludeTax: order.pricesIncludeTax,
    reverseCharge: order.reverseCharge,
    reason: null,
  };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/**
 * Takes consecutive numbers from the seller's counter and inserts the documents `build` makes
 * for them, in one transaction: the counter row's lock orders concurrent issuers, and a
 * document that cannot be inserted (another issuer was first) rolls the numbers back with it.
 * `pending` re-reads, under the lock, which of the work is still to do.
 */
async function issueNumbered<T>(
  db: Database,
  profile: BillingProfileRow,
  now: Date,
  pending: (tx: DbExecutor) => Promise<T[]>,
  build: (
    item: T,
    numbering: Pick<NewInvoice, 'sequence' | 'number' | 'prefix' | 'sellerKey'>,
  ) => NewInvoice,
): Promise<InvoiceRow[]> {
  const { sellerKey, numberPrefix: prefix } = profile;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const next = await lockCounter(tx, sellerKey, prefix);
        const todo = await pending(tx);
        const rows = todo.map((item, i) =>
          build(item, {
            sellerKey,
            prefix,
            sequence: next + i,
            number: formatInvoiceNumber(profile.numberFormat, {
              prefix,
              sequence: next + i,
              issuedAt: now,
            }),
          }),
        );
        const inserted = await insertInvoices(tx, rows);
        if (rows.length) await advanceCounter(tx, { sellerKey, prefix, next: next + rows.length });
        return inserted;
      });
    } catch (error) {
      // Another issuer under another prefix (the profile changed meanwhile) was first: the
      // whole batch rolled back, numbers included; the next attempt leaves that one out.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/**
 * Issues the first invoice of each of these orders that is paid, has none yet and whose seller
 * has a billing profile issuing automatically (or any profile when the buyer asked).
 * Idempotent: running it twice, or in two processes at once, issues each invoice once.
 */
export async function issueInvoices(
  db: Database,
  now: Date,
  orderIds: string[],
  options: { requested?: boolean } = {},
): Promise<InvoiceRow[]> {
  const found = await ordersForInvoice(db, orderIds);
  const done = await ordersWithInvoice(
    db,
    found.map((o) => o.id),
  );
  const open = found.filter((o) => !done.has(o.id));
  const profiles = new Map(
    (await findProfiles(db, [...new Set(open.map((o) => o.sellerKey))])).map((p) => [
      p.sellerKey,
      p,
    ]),
  );
  const due = open.filter((o) => {
    const profile = profiles.get(o.sellerKey);
    return profile && (options.requested || profile.issueMode === 'automatic');
  });
  if (!due.length) return [];
  const ids = due.map((o) => o.id);
  const [lines, business] = await Promise.all([orderLines(db, ids), buyerBusinessDetails(db, ids)]);
  const issued: InvoiceRow[] = [];
  for (const [sellerKey, profile] of profiles) {
    const group = due.filter((o) => o.sellerKey === sellerKey);
    if (!group.length) continue;
    const rows = await issueNumbered(
      db,
      profile,
      now,
      async (tx) => {
        const already = await ordersWithInvoice(
          tx,
          group.map((o) => o.id),
        );
        return group.filter((o) => !already.has(o.id));
      },
      (order, numbering) => {
        const snapshot = snapshotFor(order, profile, lines, business.get(order.id));
        return {
          ...numbering,
          kind: 'invoice',
          orderId: order.id,
          currency: order.currency,
          language: localeOrSource(order.buyerLanguage),
          ...totalsOf(snapshot.lines),
          snapshot,
          issuedAt: now,
        };
      },
    );
    issued.push(...rows);
  }
  return issued;
}

/**
 * One credit note per refund of an invoiced order that has none: the refunded part of the
 * invoice's lines as negative amounts, numbered in the seller's sequence.
 */
export async function creditRefunds(db: Database, now: Date, orderIds: string[]) {
  const refunds = await refundsWithoutCreditNote(db, orderIds);
  const issued: InvoiceRow[] = [];
  for (const refund of refunds) {
    const invoice = await findInvoice(db, refund.invoiceId);
    const profile = invoice && (await findProfile(db, invoice.sellerKey));
    if (!invoice || !profile) continue;
    const rows = await issueNumbered(
      db,
      profile,
      now,
      async (tx) => {
        // Under the counter's lock: still without a credit note, and what the earlier ones took.
        const again = await refundsWithoutCreditNote(tx, [refund.orderId]);
        if (!again.some((r) => r.refundId === refund.refundId)) return [];
        const earlier = await creditedForRefunds(tx, invoice.id);
        return [{ ...refund, before: -earlier.reduce((sum, note) => sum + note.grossCents, 0) }];
      },
      (item, numbering) => {
        const after = Math.min(item.before + item.amountCents, invoice.grossCents);
        const lines = creditLines(invoice.snapshot.lines, item.before, after);
        return {
          ...numbering,
          kind: 'credit_note',
          orderId: invoice.orderId,
          refersToId: invoice.id,
          refundId: item.refundId,
          currency: invoice.currency,
          language: invoice.language,
          ...totalsOf(lines),
          snapshot: { ...invoice.snapshot, lines, reason: item.reason },
          issuedAt: now,
        };
      },
    );
    issued.push(...rows);
  }
  return issued;
}

/** Whether a paid order's confirmation mail waits for its invoice (the seller issues them automatically). */
export const confirmationWaits = (db: DbExecutor, orderId: string) =>
  invoicedAutomatically(db, orderId);

/**
 * The job's work for some orders: their invoices and credit notes, each new one mailed to the
 * buyer (the mail renders the PDF on its own queue, so issuing never waits for it). The orders
 * of `confirm` had their confirmation mail held for the invoice: it goes now, the invoice
 * attached to the tickets (or without one if none was issued after all).
 */
export async function settleInvoices(
  deps: Pick<InvoiceDeps, 'db' | 'clock' | 'jobs'>,
  orderIds: string[],
  confirm: ReadonlySet<string> = new Set(),
) {
  const now = deps.clock.now();
  const issued = await issueInvoices(deps.db, now, orderIds);
  const credited = await creditRefunds(deps.db, now, orderIds);
  const own = [...issued, ...credited].filter(
    (row) => !(row.kind === 'invoice' && confirm.has(row.orderId)),
  );
  const jobs: { data: InvoiceMailJob; singletonKey: string }[] = [
    ...own.map((row) => ({ data: { invoiceId: row.id }, singletonKey: row.id })),
    ...[...confirm].map((orderId) => ({
      data: { confirmOrderId: orderId },
      singletonKey: `confirm:${orderId}`,
    })),
  ];
  await deps.jobs.insert(INVOICE_MAIL_QUEUE, jobs);
  return { issued: issued.length, credited: credited.length };
}

// ---------------------------------------------------------------------------------------------
// Reading, asking for and re-issuing invoices

/**
 * Who reads and manages the invoices: the actor, or the seller when the actor is a member of the
 * seller's team whose role handles invoices for the order's event (decision 065).
 */
async function invoiceActor(
  db: DbExecutor,
  actor: AuthUser,
  parties: { sellerKey: string | null; eventId: string | null } & OrderParties,
  action?: string,
): Promise<AuthUser> {
  if (canReadInvoices(actor, parties) || !parties.eventId || !parties.sellerKey) return actor;
  if (parties.sellerKey === 'platform') return actor;
  const member = await actAsTeamMember(db, {
    actor,
    ownerId: parties.sellerKey,
    eventId: parties.eventId,
    permission: 'invoices',
    action,
  });
  return member ? { ...actor, id: parties.sellerKey, roles: [] } : actor;
}

async function partiesFor(db: DbExecutor, orderId: string, actor: AuthUser) {
  const parties = await orderParties(db, orderId);
  const reader = parties && (await invoiceActor(db, actor, parties));
  if (!parties || !reader || !canReadInvoices(reader, parties))
    throw new AppError('NOT_FOUND', NOT_FOUND);
  return parties;
}

export async function listOrderInvoices(
  deps: Pick<InvoiceDeps, 'db'>,
  params: { orderId: string; actor: AuthUser },
): Promise<OrderInvoices> {
  const parties = await partiesFor(deps.db, params.orderId, params.actor);
  const rows = await invoicesOfOrder(deps.db, params.orderId);
  const hasInvoice = rows.some((r) => r.kind === 'invoice' && !r.cancelled);
  const settled = ['paid', 'partially_refunded'].includes(parties.status) && parties.total > 0;
  const profile = parties.sellerKey ? await findProfile(deps.db, parties.sellerKey) : null;
  return {
    invoices: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      number: r.number,
      orderId: r.orderId,
      refersToNumber: r.refersToNumber,
      cancelled: r.cancelled,
      currency: r.currency,
      netCents: r.netCents,
      taxCents: r.taxCents,
      grossCents: r.grossCents,
      issuedAt: new Date(r.issuedAt).toISOString(),
      pdfUrl: `/api/invoices/${r.id}/pdf`,
    })),
    canRequest:
      canRequestInvoice(params.actor, parties) && settled && !hasInvoice && profile !== null,
  };
}

/** The buyer asks for the invoice of a paid order (sellers who issue on request). */
export async function requestInvoice(
  deps: Pick<InvoiceDeps, 'db' | 'clock' | 'jobs'>,
  params: { orderId: string; actor: AuthUser },
): Promise<OrderInvoices> {
  const answer = await listOrderInvoices(deps, params);
  if (!answer.canRequest) {
    // Asking again for an invoice that exists answers it (a double click, a retried request).
    const issued = answer.invoices.some((i) => i.kind === 'invoice' && !i.cancelled);
    if (issued && params.actor.id === (await orderParties(deps.db, params.orderId))?.buyerId)
      return answer;
    throw new AppError('CONFLICT', msg`No invoice can be issued for this order`);
  }
  const issued = await issueInvoices(deps.db, deps.clock.now(), [params.orderId], {
    requested: true,
  });
  await deps.jobs.insert(
    INVOICE_MAIL_QUEUE,
    issued.map((row) => ({ data: { invoiceId: row.id }, singletonKey: row.id })),
  );
  return listOrderInvoices(deps, params);
}

/** The PDF of an invoice or credit note, for the order's buyer, its seller and admins. */
export async function downloadInvoice(
  deps: Pick<InvoiceDeps, 'db' | 'config' | 'files'>,
  params: { id: string; actor: AuthUser },
) {
  const invoice = await findInvoice(deps.db, params.id);
  const parties = invoice && (await orderParties(deps.db, invoice.orderId));
  const reader = parties && (await invoiceActor(deps.db, params.actor, parties));
  if (!invoice || !parties || !reader || !canReadInvoices(reader, parties))
    throw new AppError('NOT_FOUND', msg`Invoice not found`);
  const documents = await invoicesOfOrder(deps.db, invoice.orderId);
  const refersToNumber = documents.find((d) => d.id === invoice.id)?.refersToNumber ?? null;
  return {
    filename: `${invoiceFileName(invoice.number)}.pdf`,
    pdf: await printInvoice(deps.files, { ...invoice, refersToNumber }, deps.config.APP_NAME),
  };
}

/**
 * Cancels an invoice with a full credit note and issues its replacement with the corrected
 * buyer details, both numbered at once (an invoice is never edited). An invoice with refund
 * credit notes is not re-issued: its remaining amount is what those notes left.
 */
export async function reissueInvoice(
  deps: Pick<InvoiceDeps, 'db' | 'clock' | 'jobs'>,
  params: { id: string; actor: AuthUser; buyer: InvoiceSnapshot['buyer'] },
): Promise<OrderInvoices> {
  const invoice = await findInvoice(deps.db, params.id);
  const parties = invoice && (await orderParties(deps.db, invoice.orderId));
  const manager =
    parties && (await invoiceActor(deps.db, params.actor, parties, 'invoice.reissue'));
  if (!invoice || !parties || !manager || !canReadInvoices(manager, parties))
    throw new AppError('NOT_FOUND', msg`Invoice not found`);
  if (!canManageInvoices(manager, parties))
    throw new AppError('FORBIDDEN', msg`Only the organizer can re-issue an invoice`);
  const profile = await findProfile(deps.db, invoice.sellerKey);
  const current = await invoicesOfOrder(deps.db, invoice.orderId);
  const refunded = current.some(
    (d) => d.kind === 'credit_note' && d.refersToNumber === invoice.number && !d.cancelled,
  );
  if (invoice.kind !== 'invoice' || !profile || refunded)
    throw new AppError('CONFLICT', msg`This invoice can no longer be re-issued`);
  const now = deps.clock.now();
  const rows = await issueNumbered(
    deps.db,
    profile,
    now,
    async (tx) => {
      const again = await invoicesOfOrder(tx, invoice.orderId);
      const still = again.find((d) => d.id === invoice.id);
      return still && !still.cancelled ? (['cancel', 'replace'] as const) : [];
    },
    (step, numbering) => {
      if (step === 'cancel') {
        const lines = creditLines(invoice.snapshot.lines, 0, invoice.grossCents);
        return {
          ...numbering,
          kind: 'credit_note',
          orderId: invoice.orderId,
          refersToId: invoice.id,
          cancelsId: invoice.id,
          currency: invoice.currency,
          language: invoice.language,
          ...totalsOf(lines),
          snapshot: { ...invoice.snapshot, lines, reason: null },
          issuedAt: now,
        };
      }
      return {
        ...numbering,
        kind: 'invoice',
        orderId: invoice.orderId,
        replacesId: invoice.id,
        currency: invoice.currency,
        language: invoice.language,
        netCents: invoice.netCents,
        taxCents: invoice.taxCents,
        grossCents: invoice.grossCents,
        snapshot: { ...invoice.snapshot, buyer: params.buyer },
        issuedAt: now,
      };
    },
  );
  if (!rows.length) throw new AppError('CONFLICT', msg`This invoice can no longer be re-issued`);
  await deps.jobs.insert(
    INVOICE_MAIL_QUEUE,
    rows.map((row) => ({ data: { invoiceId: row.id }, singletonKey: row.id })),
  );
  return listOrderInvoices(deps, { orderId: invoice.orderId, actor: params.actor });
}

const SWEEP_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/**
 * What the sweep settles: paid orders of the last week without their invoice and refunds
 * without their credit note, e.g. after a crash between the payment and its job.
 */
export async function sweepInvoices(deps: Pick<InvoiceDeps, 'db' | 'clock' | 'jobs'>) {
  const since = new Date(deps.clock.now().getTime() - SWEEP_WINDOW_MS);
  const orderIds = [
    ...(await uninvoicedPaidOrders(deps.db, since, SWEEP_BATCH)),
    ...(await ordersWithUncreditedRefunds(deps.db, since, SWEEP_BATCH)),
  ];
  return settleInvoices(deps, [...new Set(orderIds)]);
}
