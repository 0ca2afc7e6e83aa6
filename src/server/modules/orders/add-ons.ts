import type { DbExecutor } from '../../db/client';
import { AppError } from '../../platform/http/errors';
import { findAddOnProblem, type CartLine, type CartType } from './add-on-rules';
import { findCartAddOns } from './add-ons.queries';

/**
 * Refuses a cart that breaks a product's add-on rules, with the message on the cart line it
 * concerns (`body.items.{n}.quantity`, like the other per-line rules). Runs after the lines'
 * own checks, so every type here exists and is on sale.
 */
export async function checkAddOns(
  db: DbExecutor,
  lines: readonly CartLine[],
  types: ReadonlyMap<string, CartType>,
): Promise<void> {
  const productIds = new Set<string>();
  const ticketTypeIds: string[] = [];
  for (const line of lines) {
    const type = types.get(line.ticketTypeId);
    if (type?.kind === 'product' && type.productId) productIds.add(type.productId);
    else ticketTypeIds.push(line.ticketTypeId);
  }
  const { rules, products } = await findCartAddOns(db, {
    productIds: [...productIds],
    ticketTypeIds,
  });
  if (!products.size) return;
  const problem = findAddOnProblem(lines, types, products, rules);
  if (!problem) return;
  const field = `body.items.${problem.index}.quantity`;
  throw new AppError('VALIDATION_FAILED', problem.message, {
    fields: [{ field, message: problem.message }],
  });
}
