import { msg } from '@lingui/core/macro';
import { chargeStep } from '../../../contracts/currency';
import {
  EventTaxSettingsInputSchema,
  TAX_MESSAGES as M,
  TAX_RATES_PER_ORGANIZER_MAX,
  type EventTaxSettings,
  type EventTaxSettingsInput,
  type QuoteTax,
  type TaxRate,
  type TaxRateValues,
  type TaxSummary,
} from '../../../contracts/taxes';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { lockManagedEvent } from '../events/events.service';
import { orderActor } from '../teams/teams.service';
import { canChangeTaxRate, canKeepTaxRates, canSeeOrderTax } from './taxes.policy';
import {
  assignRate,
  countRatesOf,
  deleteRate,
  findEventTaxMode,
  findOrderTaxHeader,
  findOrderTaxLines,
  findRateById,
  findRatesOf,
  findTypesOfEvent,
  findTypeTaxes,
  insertRate,
  sellsInOrder,
  setEventTaxMode,
  updateRate,
} from './taxes.queries';
import { computeTaxLine, ratePercent, refundedTaxAfter } from './tax-lines';

export { applyOrderTax } from './taxes.queries';
// Payments writes a platform charge's tax with the order (decision 081).
export { applyPlatformTax, applyPlatformTaxes } from './platform-taxes';

/**
 * The order's tax, if the actor may see the order (buyer, its events' organizer, a member of the
 * organizer's team handling invoices for the order's event, admin).
 */
export async function visibleOrderTaxSummary(
  deps: Pick<Deps, 'db'>,
  params: { orderId: string; actor: AuthUser },
) {
  const [order] = await findOrderTaxHeader(deps.db, { orderId: params.orderId });
  const actor =
    order && order.userId !== params.actor.id
      ? await orderActor(deps.db, { ...params, permission: 'invoices' })
      : params.actor;
  const sells =
    order && (await sellsInOrder(deps.db, { orderId: params.orderId, userId: actor.id }));
  if (!order || !canSeeOrderTax(actor, { buyerId: order.userId, sells: Boolean(sells) }))
    throw new AppError('NOT_FOUND', msg`Order not found`);
  return orderTaxSummary(deps.db, params.orderId);
}

interface Deps {
  db: Database;
  clock: Clock;
}

const FORBIDDEN_KEEP = msg`Only organizers can keep tax rates`;

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field, message }] });

function present(row: {
  id: string;
  name: string;
  rateThousandths: number;
  country: string | null;
  usedBy: number;
}): TaxRate {
  return {
    id: row.id,
    name: row.name,
    rateThousandths: row.rateThousandths,
    percent: ratePercent(row.rateThousandths),
    country: row.country,
    usedBy: Number(row.usedBy),
  };
}

function requireKeeper(actor: AuthUser) {
  if (!canKeepTaxRates(actor)) throw new AppError('FORBIDDEN', FORBIDDEN_KEEP);
}

export async function listRates(deps: Pick<Deps, 'db'>, params: { actor: AuthUser }) {
  requireKeeper(params.actor);
  return (await findRatesOf(deps.db, { userId: params.actor.id })).map(present);
}

export async function createRate(
  deps: Pick<Deps, 'db'>,
  params: { actor: AuthUser; input: TaxRateValues },
): Promise<TaxRate> {
  requireKeeper(params.actor);
  const { input } = params;
  if ((await countRatesOf(deps.db, { userId: params.actor.id })) >= TAX_RATES_PER_ORGANIZER_MAX)
    throw new AppError('CONFLICT', M.tooMany);
  const created = await insertRate(deps.db, {
    userId: params.actor.id,
    name: input.name,
    rateThousandths: input.percent,
    country: input.country ?? null,
  });
  return present({
    id: created?.id ?? '',
    name: input.name,
    rateThousandths: input.percent,
    country: input.country ?? null,
    usedBy: 0,
  });
}

async function changeableRate(db: DbExecutor, id: string, actor: AuthUser) {
  const rate = await findRateById(db, { id });
  if (!rate) throw new AppError('NOT_FOUND', M.notFound);
  if (!canChangeTaxRate(actor, rate)) throw new AppError('FORBIDDEN', M.forbidden);
  return rate;
}

/** A changed rate applies to sales from now on; orders keep the rate they were sold with. */
export async function changeRate(
  deps: Deps,
  params: { id: string; actor: AuthUser; input: TaxRateValues },
): Promise<TaxRate> {
  const rate = await changeableRate(deps.db, params.id, params.actor);
  const { input } = params;
  const country = input.country ?? null;
  await updateRate(deps.db, {
    id: rate.id,
    name: input.name,
    rateThousandths: input.percent,
    country,
    now: deps.clock.now(),
  });
  return present({ ...rate, name: input.name, rateThousandths: input.percent, country });
}

/** Its ticket types become untaxed; past orders keep the rate's name and percentage. */
export async function removeRate(deps: Pick<Deps, 'db'>, params: { id: string; actor: AuthUser }) {
  const rate = await changeableRate(deps.db, params.id, params.actor);
  await deleteRate(deps.db, { id: rate.id });
}

async function settingsOf(db: DbExecutor, eventId: string): Promise<EventTaxSettings> {
  const event = await findEventTaxMode(db, { eventId });
  if (!event) throw new AppError('NOT_FOUND', msg`Event not found`);
  const [rates, types] = await Promise.all([
    findRatesOf(db, { userId: event.userId }),
    findTypesOfEvent(db, { eventId }),
  ]);
  return {
    eventId,
    pricesIncludeTax: event.pricesIncludeTax,
    rates: rates.map(present),
    ticketTypes: types.map((t) => ({
      id: t.id,
      name: t.variation ? `${t.name} · ${t.variation}` : t.name,
      kind: t.kind,
      priceCents: t.priceCents,
      currency: t.currency,
      taxRateId: t.taxRateId,
    })),
  };
}

/** The event's price mode, its ticket types' rates and the organizer's rates to choose from. */
export async function getEventTaxSettings(
  deps: Pick<Deps, 'db'>,
  params: { eventId: string; actor: AuthUser },
) {
  await lockManagedEvent(
    deps.db,
    { eventId: params.eventId, actor: params.actor },
    { lock: false, permission: 'invoices' },
  );
  return settingsOf(deps.db, params.eventId);
}

/** Only the event owner's rates can be assigned (an admin assigns the owner's rates too). */
export async function saveEventTaxSettings(
  deps: Deps,
  params: { eventId: string; actor: AuthUser; input: EventTaxSettingsInput },
) {
  const input = EventTaxSettingsInputSchema.parse(params.input);
  await deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(
      tx,
      { eventId: params.eventId, actor: params.actor },
      { permission: 'invoices', action: 'tax_settings.edit' },
    );
    const now = deps.clock.now();
    if (input.pricesIncludeTax !== undefined)
      await setEventTaxMode(tx, {
        eventId: event.id,
        pricesIncludeTax: input.pricesIncludeTax,
        now,
      });
    if (!input.assignments?.length) return;
    const own = new Set((await findRatesOf(tx, { userId: event.userId })).map((r) => r.id));
    const byRate = new Map<string | null, string[]>();
    input.assignments.forEach((a, i) => {
      if (a.taxRateId !== null && !own.has(a.taxRateId))
        throw fieldError(`body.assignments.${i}.taxRateId`, M.notYours);
      byRate.set(a.taxRateId, [...(byRate.get(a.taxRateId) ?? []), a.ticketTypeId]);
    });
    for (const [taxRateId, ticketTypeIds] of byRate)
      await assignRate(tx, { eventId: event.id, ticketTypeIds, taxRateId });
  });
  return settingsOf(deps.db, params.eventId);
}

const rateBp = (thousandths: number) => thousandths / 10;

/**
 * An order's tax, line by line and per rate, from what was stored at the sale (decision 058).
 * Totals are the sums of the lines. Invoices, receipts and exports read it.
 */
export async function orderTaxSummary(db: DbExecutor, orderId: string): Promise<TaxSummary> {
  const [header] = await findOrderTaxHeader(db, { orderId });
  if (!header) throw new AppError('NOT_FOUND', msg`Order not found`);
  const rows = await findOrderTaxLines(db, { orderId });
  const lines = rows.map((row) => {
    const gross = row.netCents + row.taxCents;
    const type = row.variation ? `${row.typeName} · ${row.variation}` : row.typeName;
    return {
      orderItemId: row.orderItemId,
      description: `${row.eventTitle} · ${type}`,
      quantity: row.quantity,
      unitGross: row.quantity ? Math.round(gross / row.quantity) : gross,
      net: row.netCents,
      tax: row.taxCents,
      gross,
      taxName: row.taxName,
      rateBp: rateBp(row.rateThousandths),
      rateThousandths: row.rateThousandths,
    };
  });
  const byRate = new Map<string, TaxSummary['byRate'][number]>();
  for (const line of lines) {
    const key = `${line.taxName ?? ''}|${line.rateThousandths}`;
    const group = byRate.get(key) ?? {
      taxName: line.taxName,
      rateBp: line.rateBp,
      rateThousandths: line.rateThousandths,
      net: 0,
      tax: 0,
      gross: 0,
    };
    group.net += line.net;
    group.tax += line.tax;
    group.gross += line.gross;
    byRate.set(key, group);
  }
  const net = lines.reduce((s, l) => s + l.net, 0);
  const tax = lines.reduce((s, l) => s + l.tax, 0);
  const gross = net + tax;
  return {
    currency: header.currency as TaxSummary['currency'],
    pricesIncludeTax: header.pricesIncludeTax,
    reverseCharge: header.reverseCharge,
    lines,
    byRate: [...byRate.values()],
    net,
    tax,
    gross,
    refundedTax: refundedTaxAfter({ gross, tax }, header.refundedCents),
  };
}

/**
 * A cart's tax before it is ordered, with the same arithmetic the order's statement uses. The
 * total to pay is `gross` (tax-exclusive prices add the tax on top).
 */
export async function quoteTax(
  db: DbExecutor,
  lines: { ticketTypeId: string; amount: number }[],
  options: { reverseCharge?: boolean } = {},
): Promise<QuoteTax> {
  const reverseCharge = options.reverseCharge ?? false;
  const types = new Map(
    (await findTypeTaxes(db, { ticketTypeIds: lines.map((l) => l.ticketTypeId) })).map((t) => [
      t.ticketTypeId,
      t,
    ]),
  );
  const taxed = lines.map((line) => {
    const type = types.get(line.ticketTypeId);
    const rate = type?.rateThousandths ?? 0;
    const pricesIncludeTax = type?.pricesIncludeTax ?? true;
    return {
      ticketTypeId: line.ticketTypeId,
      ...computeTaxLine(
        { amount: line.amount, rateThousandths: rate },
        { pricesIncludeTax, reverseCharge, step: chargeStep(type?.currency ?? 'USD') },
      ),
      taxName: type?.taxName ?? null,
      rateThousandths: rate,
      pricesIncludeTax,
    };
  });
  return {
    pricesIncludeTax: taxed.every((l) => l.pricesIncludeTax || l.rateThousandths === 0),
    // Only where a line would have been taxed: an untaxed cart has nothing to reverse.
    reverseCharge: reverseCharge && taxed.some((l) => l.rateThousandths > 0),
    lines: taxed.map(({ pricesIncludeTax: _, ...line }) => line),
    net: taxed.reduce((s, l) => s + l.net, 0),
    tax: taxed.reduce((s, l) => s + l.tax, 0),
    gross: taxed.reduce((s, l) => s + l.gross, 0),
  };
}
