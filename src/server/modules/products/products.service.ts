import { msg } from '@lingui/core/macro';
import {
  PRODUCT_MESSAGES,
  ProductInputSchema,
  type ParsedProductInput,
  type ProductInput,
} from '../../../contracts/products';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { must } from '../../platform/must';
import { getEvent, lockManagedEvent, type EventDeps } from '../events/events.service';
import { expireHolds, requireChargeablePrice } from '../tickets/tickets.service';
import { presentManagedProduct, presentProduct, variationName } from './products.presenter';
import {
  deleteProductById,
  deleteVariations,
  findAdmissionIdsOfEvent,
  findProductsOfEvent,
  findRules,
  findVariations,
  hasOrderItems,
  insertProduct,
  insertVariation,
  lockProductById,
  nextTypeSortOrder,
  replaceRules,
  sumHeldByVariation,
  updateProductById,
  updateVariation,
  type ProductRow,
  type VariationColumns,
} from './products.queries';

// Products and their variations (decision 051): the organizer's catalogue beside the tickets,
// and what a buyer sees on the event's ticket picker.

const byProduct = <T extends { productId: string | null }>(rows: T[]) => {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    if (!row.productId) continue;
    map.set(row.productId, [...(map.get(row.productId) ?? []), row]);
  }
  return map;
};

async function loadProducts(db: DbExecutor, rows: ProductRow[]) {
  const ids = rows.map((p) => p.id);
  const [variations, rules] = await Promise.all([
    findVariations(db, { productIds: ids }),
    findRules(db, { productIds: ids }),
  ]);
  return { variations: byProduct(variations), rules: byProduct(rules) };
}

/** The event's products a buyer can see, with their variations' stock and add-on rules. */
export async function listProductsForBuyer(
  deps: EventDeps,
  params: { eventId: string; actor: AuthUser | null; accessToken?: string },
) {
  await getEvent(deps, {
    id: params.eventId,
    actor: params.actor,
    accessToken: params.accessToken,
  });
  const now = deps.clock.now();
  // Holds that ran out go back on sale before anyone is told "sold out".
  await expireHolds(deps.db, now, { eventId: params.eventId });
  const rows = await findProductsOfEvent(deps.db, { eventId: params.eventId });
  const { variations, rules } = await loadProducts(deps.db, rows);
  return {
    products: rows
      .map((row) =>
        presentProduct(
          row,
          variations.get(row.id) ?? [],
          // A hidden ticket type is not named to buyers who have not unlocked it.
          (rules.get(row.id) ?? []).filter((rule) => !rule.ticketTypeHidden),
          now,
        ),
      )
      .filter((product) => product.variations.length > 0),
  };
}

async function presentManaged(db: DbExecutor, rows: ProductRow[], now: Date) {
  const { variations, rules } = await loadProducts(db, rows);
  const typeIds = [...variations.values()].flat().map((v) => v.id);
  const held = new Map(
    (await sumHeldByVariation(db, { typeIds })).map((r) => [r.ticketTypeId, r.held]),
  );
  return rows.map((row) =>
    presentManagedProduct(row, variations.get(row.id) ?? [], rules.get(row.id) ?? [], held, now),
  );
}

/** Every product of the event with sold and held per variation (owner or admin). */
export async function listManagedProducts(
  deps: EventDeps,
  params: { eventId: string; actor: AuthUser },
) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  await expireHolds(deps.db, deps.clock.now(), { eventId: params.eventId });
  const rows = await findProductsOfEvent(deps.db, { eventId: params.eventId });
  return { products: await presentManaged(deps.db, rows, deps.clock.now()) };
}

const productColumns = (input: ParsedProductInput) => ({
  name: input.name,
  description: input.description,
  category: input.category,
  priceCents: input.priceCents,
  currency: input.currency,
  soldAlone: input.soldAlone,
});

function variationColumns(
  input: ParsedProductInput,
  variation: ParsedProductInput['variations'][number],
  single: boolean,
): VariationColumns {
  const label = single && !variation.label ? null : variation.label;
  return {
    name: variationName(input.name, label),
    description: input.description,
    priceCents: variation.priceCents ?? input.priceCents,
    currency: input.currency,
    salesStart: input.salesStart ? new Date(input.salesStart) : null,
    salesEnd: input.salesEnd ? new Date(input.salesEnd) : null,
    maxPerOrder: input.maxPerOrder,
    variation: label,
  };
}

/** The product's price and each variation's in the charge step of the currency (decision 074). */
function requireChargeablePrices(input: ParsedProductInput) {
  requireChargeablePrice(input.priceCents, input.currency);
  input.variations.forEach((variation, i) => {
    if (variation.priceCents !== null && variation.priceCents !== undefined)
      requireChargeablePrice(
        variation.priceCents,
        input.currency,
        `body.variations.${i}.priceCents`,
      );
  });
}

/** Add-on rules may only name admission types of the product's own event. */
async function checkRuleTargets(tx: DbExecutor, eventId: string, input: ParsedProductInput) {
  const ids = input.addOns.map((r) => r.ticketTypeId);
  const known = await findAdmissionIdsOfEvent(tx, { eventId, ids });
  const index = ids.findIndex((id) => !known.has(id));
  if (index < 0) return;
  const field = `body.addOns.${index}.ticketTypeId`;
  throw new AppError('VALIDATION_FAILED', PRODUCT_MESSAGES.addOnTicketUnknown, {
    fields: [{ field, message: PRODUCT_MESSAGES.addOnTicketUnknown }],
  });
}

async function managedOne(tx: DbExecutor, productId: string, now: Date) {
  const row = await lockProductById(tx, { id: productId });
  const [managed] = await presentManaged(tx, [must(row, 'product')], now);
  return must(managed, 'product');
}

export async function createProduct(
  deps: EventDeps,
  params: { eventId: string; actor: AuthUser; input: ProductInput },
) {
  const input = ProductInputSchema.parse(params.input);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(tx, params, {
      permission: 'event.edit',
      action: 'product.create',
    });
    requireChargeablePrices(input);
    await checkRuleTargets(tx, event.id, input);
    const product = must(
      await insertProduct(tx, { eventId: event.id, columns: productColumns(input), now }),
      'product',
    );
    let sortOrder = await nextTypeSortOrder(tx, { eventId: event.id });
    const single = input.variations.length === 1;
    for (const variation of input.variations)
      await insertVariation(tx, {
        eventId: event.id,
        productId: product.id,
        columns: variationColumns(input, variation, single),
        quantity: variation.quantity,
        sortOrder: sortOrder++,
        now,
      });
    await replaceRules(tx, { productId: product.id, rules: input.addOns });
    return managedOne(tx, product.id, now);
  });
}

async function lockOwnedProduct(
  tx: DbExecutor,
  params: { id: string; actor: AuthUser },
  action: string,
) {
  const product = await lockProductById(tx, { id: params.id });
  if (!product) throw new AppError('NOT_FOUND', msg`Product not found`);
  await lockManagedEvent(
    tx,
    { eventId: product.eventId, actor: params.actor },
    { permission: 'event.edit', action },
  );
  return product;
}

/**
 * Replaces a product's settings, variations and add-on rules. A variation sent with its id keeps
 * its sales (its stock moves by the change of quantity, never below what is sold or held); one
 * left out is removed, which only an unsold variation may be.
 */
export async function updateProduct(
  deps: EventDeps,
  params: { id: string; actor: AuthUser; input: ProductInput },
) {
  const input = ProductInputSchema.parse(params.input);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const product = await lockOwnedProduct(tx, params, 'product.edit');
    requireChargeablePrices(input);
    await checkRuleTargets(tx, product.eventId, input);
    const existing = await findVariations(tx, { productIds: [product.id] });
    const existingIds = new Set(existing.map((v) => v.id));
    // A product without variations edited without ids keeps its one row.
    const only = existing.length === 1 && input.variations.length === 1 ? existing[0] : undefined;
    const kept = input.variations.map((v) =>
      v.id && existingIds.has(v.id) ? v.id : only && !v.id ? only.id : null,
    );
    const removed = existing.filter((v) => !kept.includes(v.id)).map((v) => v.id);
    if (await hasOrderItems(tx, { ticketTypeIds: removed }))
      throw new AppError('CONFLICT', PRODUCT_MESSAGES.variationHasSales);
    await deleteVariations(tx, { ids: removed });
    let sortOrder = await nextTypeSortOrder(tx, { eventId: product.eventId });
    const single = input.variations.length === 1;
    for (const [index, variation] of input.variations.entries()) {
      const id = kept[index];
      const columns = variationColumns(input, variation, single);
      if (!id) {
        await insertVariation(tx, {
          eventId: product.eventId,
          productId: product.id,
          columns,
          quantity: variation.quantity,
          sortOrder: sortOrder++,
          now,
        });
        continue;
      }
      const updated = await updateVariation(tx, {
        id,
        columns,
        quantity: variation.quantity,
        sortOrder: sortOrder++,
        now,
      });
      if (!updated) {
        const field = `body.variations.${index}.quantity`;
        throw new AppError('VALIDATION_FAILED', PRODUCT_MESSAGES.quantityBelowSold, {
          fields: [{ field, message: PRODUCT_MESSAGES.quantityBelowSold }],
        });
      }
    }
    await updateProductById(tx, { id: product.id, columns: productColumns(input), now });
    await replaceRules(tx, { productId: product.id, rules: input.addOns });
    return managedOne(tx, product.id, now);
  });
}

/** Deletes a product that was never sold or held (its variations and rules go with it). */
export async function deleteProduct(deps: EventDeps, params: { id: string; actor: AuthUser }) {
  await deps.db.transaction(async (tx) => {
    const product = await lockOwnedProduct(tx, params, 'product.delete');
    const variations = await findVariations(tx, { productIds: [product.id] });
    if (await hasOrderItems(tx, { ticketTypeIds: variations.map((v) => v.id) }))
      throw new AppError('CONFLICT', PRODUCT_MESSAGES.hasSales);
    await deleteProductById(tx, { id: product.id });
  });
}
