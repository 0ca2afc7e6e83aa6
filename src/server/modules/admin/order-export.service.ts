import { Readable } from 'node:stream';
import type { AdminOrderQuery } from '../../../contracts/admin';
import type { Database } from '../../db/client';
import { ORDER_CSV_HEADER, orderCsvLine } from './admin.presenter';
import { orderExportPage } from './admin.queries';
import { recordAudit } from './admin.service';

const EXPORT_PAGE = 2000;

/**
 * The filtered orders as CSV, audited when asked for. The stream is pulled by the socket: the
 * next page is read only once the last one was taken, so memory stays one page whatever the
 * table's size.
 */
export async function exportOrdersCsv(
  deps: { db: Database },
  params: {
    query: Omit<AdminOrderQuery, 'page' | 'pageSize'>;
    actorId: string;
    requestId: string;
  },
): Promise<Readable> {
  const { db } = deps;
  const { query } = params;
  await recordAudit(db, {
    actorId: params.actorId,
    action: 'order.export',
    targetType: 'order',
    details: { filters: query },
    requestId: params.requestId,
  });
  let after: { createdAt: Date; id: string } | null = null;
  let done = false;
  const stream = new Readable({
    async read() {
      try {
        if (done) return void this.push(null);
        const rows = await orderExportPage(db, { query, after, limit: EXPORT_PAGE });
        const last = rows[rows.length - 1];
        if (!last || rows.length < EXPORT_PAGE) done = true;
        if (last) after = { createdAt: new Date(last.createdAt), id: last.id };
        this.push(rows.map(orderCsvLine).join('') || (done ? '' : '\n'));
        if (done) this.push(null);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
  stream.push(ORDER_CSV_HEADER);
  return stream;
}
