import { msg } from '@lingui/core/macro';
import {
  BILLING_MESSAGES,
  BillingDetailsInputSchema,
  EventBillingSettingsInputSchema,
  type BillingDetailsInput,
  type EventBillingSettings,
  type EventBillingSettingsInput,
  type OrderBillingDetails,
} from '../../../contracts/billing-details';
import type { Database, DbExecutor } from '../../db/client';
import type { orderBillingDetails } from '../../db/schema/billing-details';
import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { getEvent, lockManagedEvent } from '../events/events.service';
import { orderActor } from '../teams/teams.service';
import { reverseChargeApplies } from './billing-details.policy';
import * as q from './billing-details.queries';
import { checkVatId } from './vat-id';

export interface BillingDeps {
  db: Database;
  clock: Clock;
}

const ORDER_NOT_FOUND = msg`Order not found`;

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field, message }] });

// ---------------------------------------------------------------------------------------------
// The organizer's settings

/** Whoever may see the event reads them: its checkout shows the form they ask for. */
export async function getEventBillingSettings(
  deps: Pick<BillingDeps, 'db'>,
  params: { eventId: string; actor: AuthUser | null; accessToken?: string },
): Promise<EventBillingSettings> {
  await getEvent(deps, {
    id: params.eventId,
    actor: params.actor,
    accessToken: params.accessToken,
  });
  return settingsOf(deps, params.eventId);
}

async function settingsOf(deps: Pick<BillingDeps, 'db'>, eventId: string) {
  const [row] = await q.findEventSettings(deps.db, { eventIds: [eventId] });
  if (!row) return q.NO_SETTINGS;
  const { eventId: _id, ...settings } = row;
  return settings;
}

export async function updateEventBillingSettings(
  deps: BillingDeps,
  params: { eventId: string; actor: AuthUser; input: EventBillingSettingsInput },
): Promise<EventBillingSettings> {
  await lockManagedEvent(deps.db, params, {
    lock: false,
    permission: 'invoices',
    action: 'billing_settings.edit',
  });
  const input = EventBillingSettingsInputSchema.parse(params.input);
  await q.upsertEventSettings(deps.db, {
    eventId: params.eventId,
    billingDetailsRequired: input.billingDetailsRequired,
    reverseChargeEnabled: input.reverseChargeEnabled,
    sellerCountry: input.sellerCountry ?? null,
    now: deps.clock.now(),
  });
  return settingsOf(deps, params.eventId);
}

/** Event duplication's copier: the copy asks for billing details as the original did. */
export async function copyEventBillingSettings(
  tx: DbExecutor,
  ctx: { fromEventId: string; toEventId: string; now: Date },
) {
  await q.copyEventSettings(tx, ctx);
}

// ---------------------------------------------------------------------------------------------
// Checkout

/** Checked billing details ready to store with the order, and the reverse-charge decision. */
export type PreparedBillingDetails = Omit<typeof orderBillingDetails.$inferInsert, 'orderId'> & {
  reverseCharge: boolean;
};

/**
 * Checks what a buyer entered for the order's events: required when an event asks for it, each
 * field named in its error (`body.billingDetails.<field>`), the VAT ID by format and check digit
 * for the chosen country. Null when the buyer entered nothing and no event asks for it.
 */
export async function prepareBillingDetails(
  db: DbExecutor,
  params: { ticketTypeIds: string[]; input: BillingDetailsInput | null | undefined },
): Promise<PreparedBillingDetails | null> {
  const settings = await q.findSettingsForTicketTypes(db, params);
  const required = settings.some((s) => s.billingDetailsRequired);
  if (!params.input) {
    if (required) throw fieldError('body.billingDetails', BILLING_MESSAGES.required);
    return null;
  }
  const parsed = BillingDetailsInputSchema.safeParse(params.input);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => ({
      field: ['body', 'billingDetails', ...issue.path].join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION_FAILED', fields[0]?.message ?? BILLING_MESSAGES.required, {
      fields,
    });
  }
  const input = parsed.data;
  let vatId: string | null = null;
  let vatIdFormatValid = false;
  if (input.vatId) {
    const checked = checkVatId(input.vatId, input.country);
    vatId = checked.vatId;
    if (!checked.valid) {
      const message = {
        country: BILLING_MESSAGES.vatIdCountry,
        format: BILLING_MESSAGES.vatIdFormat,
        checkDigit: BILLING_MESSAGES.vatIdCheckDigit,
      }[checked.reason];
      throw fieldError('body.billingDetails.vatId', message);
    }
    vatIdFormatValid = true;
  }
  // An order is for one event's tickets; its setting decides (several: all must allow it).
  const reverseCharge =
    settings.length > 0 &&
    settings.every((s) =>
      reverseChargeApplies({
        organizerCountry: s.sellerCountry,
        buyerCountry: input.country,
        vatId,
        vatIdValid: vatIdFormatValid,
        enabled: s.reverseChargeEnabled,
      }),
    );
  return {
    companyName: input.companyName,
    address: input.address,
    postalCode: input.postalCode,
    city: input.city,
    country: input.country,
    vatId,
    vatIdFormatValid,
    reverseCharge,
  };
}

/**
 * Stores the prepared details with the order, in the order's transaction, before its tax is
 * computed: a reverse-charge order is marked so that its lines carry no tax.
 */
export async function saveOrderBillingDetails(
  tx: DbExecutor,
  params: { orderId: string; details: PreparedBillingDetails; now: Date },
) {
  await q.insertOrderDetails(tx, {
    orderId: params.orderId,
    ...params.details,
    createdAt: params.now,
  });
  if (params.details.reverseCharge) await q.markReverseCharge(tx, params);
}

function present(row: NonNullable<Awaited<ReturnType<typeof q.findOrderDetails>>>) {
  return {
    orderId: row.orderId,
    companyName: row.companyName,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    vatId: row.vatId,
    vatIdFormatValid: row.vatIdFormatValid,
    reverseCharge: row.reverseCharge,
  } satisfies OrderBillingDetails;
}

/** The billing details of an order the actor may see (buyer, organizer, admin). */
export async function getOrderBillingDetails(
  deps: Pick<BillingDeps, 'db'>,
  params: { orderId: string; actor: AuthUser },
): Promise<{ billingDetails: OrderBillingDetails | null }> {
  // The seller's side reads them as the seller: a member handling the event's invoices too.
  const actor = await orderActor(deps.db, { ...params, permission: 'invoices' });
  const found = await q.findVisibleOrderDetails(deps.db, {
    orderId: params.orderId,
    userId: actor.id,
    asAdmin: isAdmin(actor),
  });
  if (!found.visible) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return { billingDetails: found.details ? present(found.details) : null };
}
