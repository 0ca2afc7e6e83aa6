import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ExportKind } from '../../../contracts/exports';
import type { DbExecutor } from '../../db/client';
import type { Cell, ColumnType } from './export-format';
import * as q from './exports.queries';

// What each export holds: its columns and its rows, read from the database a page at a time.

/** Rows read per query: small enough that memory stays flat, large enough to be quick. */
export const EXPORT_PAGE_ROWS = 1000;

export interface ExportColumn {
  header: string;
  type: ColumnType;
}

export interface ExportSource {
  columns: ExportColumn[];
  /** The rows, a page at a time; the next page is read only when asked for. */
  pages(): AsyncGenerator<Cell[][]>;
}

/** Writes a message in the export's language. */
export type Translate = (message: MessageDescriptor) => string;

const STATUS: Record<string, MessageDescriptor> = {
  valid: msg`Valid`,
  checked_in: msg`Checked in`,
  void: msg`Void`,
  paid: msg`Paid`,
  expired: msg`Expired`,
  cancelled: msg`Cancelled`,
  refunded: msg`Refunded`,
  partially_refunded: msg`Partially refunded`,
};

/** A ticket's or order's status in words (an unknown one as it is stored). */
function statusText(status: string, _: Translate): string {
  const label = STATUS[status];
  return label ? _(label) : status;
}

const col = (header: string, type: ColumnType = 'text'): ExportColumn => ({ header, type });

async function* keysetPages<R>(
  read: (from: q.Keyset | null) => Promise<R[]>,
  keyOf: (row: R) => q.Keyset,
): AsyncGenerator<R[]> {
  let from: q.Keyset | null = null;
  for (;;) {
    const rows = await read(from);
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE_ROWS) return;
    from = keyOf(last);
  }
}

/** An answer as a spreadsheet shows it: lists joined, yes or no, an upload by its name. */
export function answerCell(value: unknown, _: Translate): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? _(msg`Yes`) : _(msg`No`);
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(String).join('; ');
  if (typeof value === 'object' && 'name' in value) return String(value.name);
  return JSON.stringify(value);
}

/** Where a ticket or order was sold: online, or at the door and how it was paid there. */
function channelText(method: string | null, _: Translate): string {
  if (method === 'cash') return _(msg`Box office · cash`);
  if (method === 'card') return _(msg`Box office · card`);
  if (method === 'complimentary') return _(msg`Box office · complimentary`);
  return _(msg`Online`);
}

async function attendees(db: DbExecutor, eventId: string, _: Translate): Promise<ExportSource> {
  const questions = await q.findQuestionColumns(db, { eventId });
  const status = (s: string) => statusText(s, _);
  // An event sold by seat has a Seat column after the ticket (decision 072).
  const seated = await q.hasSeating(db, { eventId });
  return {
    columns: [
      col(_(msg`Name`)),
      col(_(msg`Email`)),
      col(_(msg`Ticket`)),
      ...(seated ? [col(_(msg`Seat`))] : []),
      col(_(msg`Status`)),
      col(_(msg`Checked in at`), 'date'),
      col(_(msg`Purchased at`), 'date'),
      col(_(msg`Paid`), 'money'),
      col(_(msg`Currency`)),
      col(_(msg`Ticket id`)),
      col(_(msg`Order id`)),
      col(_(msg`Sales channel`)),
      ...questions.map((question) => col(question.label)),
    ],
    async *pages() {
      const pages = keysetPages(
        (from) =>
          q.attendeePage(db, {
            eventId,
            from,
            limit: EXPORT_PAGE_ROWS,
            answers: questions.length > 0,
          }),
        (row) => ({ at: row.k, id: row.id }),
      );
      for await (const rows of pages)
        yield rows.map((r) => [
          r.name,
          r.email,
          r.type_name,
          ...(seated ? [r.seat ?? ''] : []),
          status(r.status),
          r.checked_in_at,
          r.created_at,
          { cents: r.paid_cents, currency: r.currency },
          r.currency,
          r.id,
          r.order_id,
          channelText(r.box_office_method, _),
          ...questions.map((question) => answerCell(r.answers?.[question.id], _)),
        ]);
    },
  };
}

async function orders(db: DbExecutor, eventId: string, _: Translate): Promise<ExportSource> {
  const questions = (await q.findQuestionColumns(db, { eventId })).filter(
    (question) => question.scope === 'order',
  );
  const seated = await q.hasSeating(db, { eventId });
  return {
    columns: [
      col(_(msg`Order id`)),
      col(_(msg`Ordered at`), 'date'),
      col(_(msg`Paid at`), 'date'),
      col(_(msg`Status`)),
      col(_(msg`Buyer`)),
      col(_(msg`Email`)),
      col(_(msg`Items`)),
      ...(seated ? [col(_(msg`Seats`))] : []),
      col(_(msg`Quantity`), 'number'),
      col(_(msg`Subtotal`), 'money'),
      col(_(msg`Discount`), 'money'),
      // The total is the gross charged; net and tax are the sums of the lines (decision 058).
      col(_(msg`Net`), 'money'),
      col(_(msg`Tax`), 'money'),
      col(_(msg`Total`), 'money'),
      col(_(msg`Refunded`), 'money'),
      col(_(msg`Currency`)),
      col(_(msg`Discount code`)),
      col(_(msg`Sales channel`)),
      ...questions.map((question) => col(question.label)),
    ],
    async *pages() {
      const pages = keysetPages(
        (from) => q.orderPage(db, { eventId, from, limit: EXPORT_PAGE_ROWS }),
        (row) => ({ at: row.k, id: row.id }),
      );
      for await (const rows of pages) {
        const answers = questions.length
          ? await q.findAnswers(db, { ticketIds: [], orderIds: rows.map((r) => r.id) })
          : [];
        const byOrder = new Map(answers.map((a) => [`${a.order_id}:${a.question_id}`, a.value]));
        yield rows.map((r) => {
          const money = (cents: number) => ({ cents, currency: r.currency });
          return [
            r.id,
            r.created_at,
            r.paid_at,
            statusText(r.status, _),
            r.name,
            r.email,
            r.items,
            ...(seated ? [r.seats ?? ''] : []),
            r.quantity,
            money(r.subtotal_cents),
            money(r.discount_cents),
            money(r.total_cents - r.tax_cents),
            money(r.tax_cents),
            money(r.total_cents),
            money(r.refunded_cents),
            r.currency,
            r.discount_code,
            channelText(r.box_office_method, _),
            ...questions.map((question) => answerCell(byOrder.get(`${r.id}:${question.id}`), _)),
          ];
        });
      }
    },
  };
}

async function checkIns(db: DbExecutor, eventId: string, _: Translate): Promise<ExportSource> {
  return {
    columns: [
      col(_(msg`Checked in at`), 'date'),
      col(_(msg`Name`)),
      col(_(msg`Email`)),
      col(_(msg`Ticket`)),
      col(_(msg`Status`)),
      col(_(msg`Checked in by`)),
      col(_(msg`Ticket id`)),
    ],
    async *pages() {
      const pages = keysetPages(
        (from) => q.checkInPage(db, { eventId, from, limit: EXPORT_PAGE_ROWS }),
        (row) => ({ at: row.k, id: row.id }),
      );
      for await (const rows of pages)
        yield rows.map((r) => [
          r.checked_in_at,
          r.name,
          r.email,
          r.type_name,
          statusText(r.status, _),
          r.by_name,
          r.id,
        ]);
    },
  };
}

async function products(db: DbExecutor, eventId: string, _: Translate): Promise<ExportSource> {
  return {
    columns: [
      col(_(msg`Order id`)),
      col(_(msg`Ordered at`), 'date'),
      col(_(msg`Status`)),
      col(_(msg`Buyer`)),
      col(_(msg`Email`)),
      col(_(msg`Product`)),
      col(_(msg`Variation`)),
      col(_(msg`Quantity`), 'number'),
      col(_(msg`Unit price`), 'money'),
      col(_(msg`Discount`), 'money'),
      col(_(msg`Total`), 'money'),
      col(_(msg`Currency`)),
    ],
    async *pages() {
      const pages = keysetPages(
        (from) => q.productLinePage(db, { eventId, from, limit: EXPORT_PAGE_ROWS }),
        (row) => ({ at: row.k, id: row.id }),
      );
      for await (const rows of pages)
        yield rows.map((r) => {
          const money = (cents: number) => ({ cents, currency: r.currency });
          return [
            r.order_id,
            r.created_at,
            statusText(r.status, _),
            r.name,
            r.email,
            r.product,
            r.variation,
            r.quantity,
            money(r.unit_price_cents),
            money(r.discount_cents),
            money(r.unit_price_cents * r.quantity - r.discount_cents),
            r.currency,
          ];
        });
    },
  };
}

const SOURCES = { attendees, orders, check_ins: checkIns, products };

/** The columns and rows of one export of the event, headers in the export's language. */
export function openSource(
  db: DbExecutor,
  params: { eventId: string; kind: ExportKind; translate: Translate },
): Promise<ExportSource> {
  return SOURCES[params.kind](db, params.eventId, params.translate);
}
