import { randomUUID } from 'node:crypto';
import { registerEventCopier } from '../events/events.service';
import {
  findAccessCodesOfEvent,
  insertAccessCodes,
  replaceRevealedTypes,
} from './access-codes.queries';

/**
 * "Duplicate event" copies the event's access codes: text, limit, expiry (moved with the
 * event's dates), on/off and the types they reveal; never their uses. Codes generated together
 * stay together under a new batch.
 */
export function registerAccessCodesCopier() {
  registerEventCopier(
    'access-codes',
    async (tx, ctx) => {
      const rows = await findAccessCodesOfEvent(tx, { eventId: ctx.fromEventId });
      const batches = new Map<string, string>();
      for (const row of rows) {
        const batchId = row.batchId
          ? (batches.get(row.batchId) ?? batches.set(row.batchId, randomUUID()).get(row.batchId))
          : null;
        const [copy] = await insertAccessCodes(tx, {
          values: [
            {
              eventId: ctx.toEventId,
              code: row.code,
              usageLimit: row.usageLimit,
              validUntil: row.validUntil ? new Date(row.validUntil.getTime() + ctx.shiftMs) : null,
              isActive: row.isActive,
              batchId: batchId ?? null,
              createdAt: ctx.now,
            },
          ],
        });
        // Products are ticket types too; their copier publishes its own map.
        const typeIds = row.ticketTypeIds.flatMap((id) => {
          const mapped = ctx.ticketTypeIds.get(id) ?? ctx.idMaps.get('products')?.get(id);
          return mapped ? [mapped] : [];
        });
        if (copy && typeIds.length)
          await replaceRevealedTypes(tx, { ids: [copy.id], ticketTypeIds: typeIds });
      }
    },
    { after: ['products'] },
  );
}
