import { msg } from '@lingui/core/macro';
import { toChargedMinorUnits } from '../../../contracts/currency';
import type { z } from 'zod';
import {
  VENDOR_MESSAGES,
  resolveVendorFee,
  vendorDisplayName,
  vendorFeeCents,
  type ApproveVendorResponse,
  type RejectVendorResponse,
  type VendorApplication,
  type VendorApplyInputSchema,
  type VendorRequest,
  type VendorRequestList,
} from '../../../contracts/vendors';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { must } from '../../platform/must';
import { joinEventChat } from '../messaging/messaging.service';
import { createNotifications, type NewNotification } from '../notifications/notifications.service';
import { cancelPendingOrder } from '../orders/orders.service';
import { createCheckout } from '../payments/payments.service';
import { canViewEvent } from '../events/events.service';
import { canManageVendorsOf, isVendorOrAdmin } from './vendors.policy';
import * as rq from './vendor-requests.queries';
import * as q from './vendors.queries';
import { presentRequest, presentSummary } from './vendors.presenter';
import type { VendorDeps } from './vendors.service';
import * as N from './vendor-notices';
import { actAsTeamMember } from '../teams/teams.service';

const eventNotFound = () => new AppError('NOT_FOUND', msg`Event not found`);
const requestNotFound = () => new AppError('NOT_FOUND', msg`Vendor application not found`);

function eventSummary(event: q.VendorEventRow) {
  return {
    id: event.id,
    title: event.title,
    date: event.date,
    time: event.time,
    startsAt: event.startsAt.toISOString(),
    organizerId: event.userId,
    currency: event.currency,
  };
}

/** What every vendor notification about an event carries (spec §3 notification metadata). */
function eventMetadata(event: q.VendorEventRow) {
  return {
    event_id: event.id,
    event_title: event.title,
    event_date: event.date,
    event_location: event.location,
    organizer_id: event.userId,
  };
}

// Event and request ids come checked by the routes' schemas (EventParams, RequestParams).
async function loadEvent(deps: Pick<VendorDeps, 'db'>, eventId: string) {
  const event = await q.getEventForVendors(deps.db, { eventId });
  if (!event) throw eventNotFound();
  return event;
}

// ---------- applying ----------

/** A vendor applies to an event: a pending, unread request and a vendor_request to the organizer. */
export async function applyToEvent(
  deps: Pick<VendorDeps, 'db' | 'clock' | 'realtime'>,
  params: { actor: AuthUser; eventId: string; input: z.output<typeof VendorApplyInputSchema> },
): Promise<VendorRequest> {
  const { actor, input } = params;
  if (!isVendorOrAdmin(actor)) throw new AppError('FORBIDDEN', VENDOR_MESSAGES.vendorsOnly);
  const event = await loadEvent(deps, params.eventId);
  if (!canViewEvent(actor, event)) throw eventNotFound();
  if (event.eventStatus !== 'published' || event.startsAt <= deps.clock.now())
    throw new AppError('CONFLICT', VENDOR_MESSAGES.eventNotOpen);
  if (event.userId === actor.id) throw new AppError('CONFLICT', VENDOR_MESSAGES.ownEvent);
  const approved = await rq.getEventVendor(deps.db, { eventId: event.id, vendorId: actor.id });
  if (approved) throw new AppError('CONFLICT', VENDOR_MESSAGES.alreadyApproved);
  const vendor = must(await q.getUserContact(deps.db, { userId: actor.id }), 'vendor profile');
  const vendorName = vendorDisplayName(vendor);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await rq.insertRequest(tx, {
      eventId: event.id,
      vendorId: actor.id,
      organizerId: event.userId,
      message: input.message,
      services: input.services,
      links: input.links,
      createdAt: now,
    });
    if (!inserted) return null;
    await createNotifications(tx, [
      {
        userId: event.userId,
        type: 'vendor_request',
        title: N.TITLES.newApplication,
        message: N.applied(vendorName, event.title),
        relatedId: inserted.id,
        relatedType: 'vendor_requests',
        metadata: {
          ...eventMetadata(event),
          vendor_name: vendorName,
          sender_id: actor.id,
          sender_name: vendorName,
        },
        createdAt: now,
      },
    ]);
    return inserted;
  });
  if (!row) throw new AppError('CONFLICT', VENDOR_MESSAGES.duplicatePending);
  deps.realtime.poke();
  return presentRequest(row);
}

// ---------- the Vendor Applications screen ----------

/** The owner, an admin, or a member of the owner's team whose role handles vendors (decision 065). */
async function managesVendors(
  deps: Pick<VendorDeps, 'db'>,
  actor: AuthUser,
  event: { id: string; userId: string },
  action?: string,
) {
  return (
    canManageVendorsOf(actor, event) ||
    actAsTeamMember(deps.db, {
      actor,
      ownerId: event.userId,
      eventId: event.id,
      permission: 'vendors.applications',
      action,
    })
  );
}

/**
 * spec §2 /vendor_requests/{eventId}: the owner and admins see every application (and may
 * manage them); anyone else signed in sees only the applications they made themselves.
 */
export async function listEventRequests(
  deps: Pick<VendorDeps, 'db'>,
  params: { actor: AuthUser; eventId: string },
): Promise<VendorRequestList> {
  const event = await loadEvent(deps, params.eventId);
  const canManage = await managesVendors(deps, params.actor, event);
  if (!canManage && !canViewEvent(params.actor, event)) throw eventNotFound();
  const rows = await rq.findRequestsForEvent(deps.db, {
    eventId: event.id,
    vendorId: canManage ? undefined : params.actor.id,
  });
  const summary = eventSummary(event);
  const requests = rows.map((row) => {
    const vendor = presentSummary(row.vendor);
    const contact = new URLSearchParams({ chat: vendor.id, name: vendor.displayName });
    return {
      ...presentRequest(row.request),
      event: summary,
      vendor,
      paymentStatus: row.paymentStatus,
      vendorFeeAmount: row.vendorFeeAmount,
      contactPath: `/messages?${contact.toString()}`,
    };
  });
  return {
    event: summary,
    canManage,
    requests,
    pendingCount: requests.filter((r) => r.status === 'pending').length,
  };
}

/** spec §4 "on load": the owner's unread requests and their vendor_request notifications. */
export async function markEventRequestsRead(
  deps: Pick<VendorDeps, 'db' | 'realtime'>,
  params: { actor: AuthUser; eventId: string },
) {
  const event = await loadEvent(deps, params.eventId);
  if (!(await managesVendors(deps, params.actor, event)))
    throw new AppError('FORBIDDEN', VENDOR_MESSAGES.permissionDeniedTitle);
  // An admin looking does not clear the organizer's unread state.
  if (params.actor.id !== event.userId) return { requestsMarked: 0, notificationsMarked: 0 };
  const result = await deps.db.transaction(async (tx) => {
    const ids = await rq.markRequestsRead(tx, { eventId: event.id, organizerId: event.userId });
    const notificationsMarked = await rq.markRequestNotificationsRead(tx, {
      organizerId: event.userId,
      eventId: event.id,
    });
    return { requestsMarked: ids.length, notificationsMarked };
  });
  if (result.requestsMarked || result.notificationsMarked) deps.realtime.poke();
  return result;
}

// ---------- approval and rejection (spec §4) ----------

async function loadManagedRequest(
  deps: Pick<VendorDeps, 'db'>,
  params: {
    actor: AuthUser;
    eventId: string;
    requestId: string;
    forbidden: string;
    action: string;
  },
) {
  const event = await loadEvent(deps, params.eventId);
  const request = await rq.getRequest(deps.db, { eventId: event.id, requestId: params.requestId });
  if (!request) throw requestNotFound();
  if (!(await managesVendors(deps, params.actor, event, params.action)))
    throw new AppError('FORBIDDEN', params.forbidden, {
      title: VENDOR_MESSAGES.permissionDeniedTitle,
    });
  return { event, request };
}

/**
 * spec §4 approval. The checkout (a call to the payment provider) is opened first, outside any
 * lock; then one transaction re-checks the request under its row lock and makes every change:
 * approved, event_vendors and event_participants upserted, the vendor notified. A second
 * approval (or one that lost a race) changes nothing and gives back its spare checkout.
 */
export async function approveRequest(
  deps: VendorDeps,
  params: { actor: AuthUser; eventId: string; requestId: string },
): Promise<ApproveVendorResponse> {
  const { event, request } = await loadManagedRequest(deps, {
    ...params,
    forbidden: VENDOR_MESSAGES.onlyCreatorApprove,
    action: 'vendor.approve',
  });
  const fee = resolveVendorFee(event);
  const cents = vendorFeeCents(event);
  if (request.status === 'rejected')
    throw new AppError('CONFLICT', VENDOR_MESSAGES.requestAlreadyRejected);
  if (request.status === 'approved')
    return alreadyApproved(deps, request, fee, cents, event.currency);

  const vendor = must(await q.getUserContact(deps.db, { userId: request.vendorId }), 'vendor');
  let checkout: { url: string; sessionId: string } | null = null;
  if (cents > 0) {
    try {
      checkout = await createCheckout(deps.orders, {
        actor: { id: vendor.id, email: vendor.email },
        input: { eventId: event.id, isVendorFee: true, vendorFeeAmount: cents },
      });
    } catch (error) {
      deps.logError?.(error, 'vendor fee checkout');
    }
  }

  const now = deps.clock.now();
  const outcome = cents === 0 ? 'approved' : checkout ? 'payment_required' : 'checkout_failed';
  const result = await deps.db.transaction(async (tx) => {
    const locked = must(await rq.lockRequest(tx, { requestId: request.id }), 'vendor request');
    if (locked.status !== 'pending') return { row: locked, fresh: false };
    const row = await rq.setRequestStatus(tx, { requestId: request.id, status: 'approved' });
    await rq.upsertEventVendor(tx, {
      eventId: event.id,
      vendorId: request.vendorId,
      requestId: request.id,
      feeAmount: cents > 0 ? fee : null,
      paymentStatus: cents > 0 ? 'pending' : 'not_required',
      now,
    });
    await rq.upsertVendorParticipant(tx, {
      eventId: event.id,
      userId: request.vendorId,
      canAccessChat: cents === 0,
      now,
    });
    if (cents === 0) await joinEventChat(tx, { eventId: event.id, userId: request.vendorId });
    const base = {
      userId: request.vendorId,
      relatedId: request.id,
      relatedType: 'vendor_requests' as const,
      createdAt: now,
      dedupeKey: `vendor-approval:${request.id}`,
    };
    const metadata = {
      ...eventMetadata(event),
      vendor_name: vendorDisplayName(vendor),
      sender_id: event.userId,
      sender_name: event.organizerName,
    };
    const notice: NewNotification =
      outcome === 'approved'
        ? {
            ...base,
            type: 'vendor_approved',
            title: N.TITLES.approved,
            message: N.approvedJoinChat(event.title),
            metadata: { ...metadata, requires_payment: false },
          }
        : outcome === 'payment_required'
          ? {
              ...base,
              type: 'vendor_payment_required',
              title: N.TITLES.feeRequired,
              message: N.approvedPayFee(event.title, cents, event.currency),
              metadata: {
                ...metadata,
                requires_payment: true,
                vendor_fee: fee,
                vendor_fee_cents: cents,
                payment_url: checkout?.url,
                session_id: checkout?.sessionId,
              },
            }
          : {
              ...base,
              type: 'vendor_approved',
              title: N.TITLES.approved,
              message: N.approvedNoPaymentLink(event.title, cents, event.currency),
              metadata: { ...metadata, requires_payment: true, vendor_fee: fee },
            };
    await createNotifications(tx, [notice]);
    return { row, fresh: true };
  });

  if (!result.fresh) {
    if (checkout) await giveBackCheckout(deps, checkout.sessionId);
    if (result.row.status === 'rejected')
      throw new AppError('CONFLICT', VENDOR_MESSAGES.requestAlreadyRejected);
    return alreadyApproved(deps, result.row, fee, cents, event.currency);
  }
  deps.realtime.poke();
  return {
    request: presentRequest(result.row),
    outcome,
    vendorFee: cents > 0 ? fee : 0,
    vendorFeeCents: cents,
    currency: event.currency,
    paymentStatus: cents > 0 ? 'pending' : 'not_required',
    paymentUrl: checkout?.url ?? null,
    alreadyProcessed: false,
  };
}

async function alreadyApproved(
  deps: Pick<VendorDeps, 'db'>,
  row: q.VendorRequestRow,
  fee: number,
  cents: number,
  currency: string,
): Promise<ApproveVendorResponse> {
  const ev = await rq.getEventVendor(deps.db, { eventId: row.eventId, vendorId: row.vendorId });
  const paymentStatus = ev?.paymentStatus ?? (cents > 0 ? 'pending' : 'not_required');
  const recordedFee = ev?.vendorFeeAmount ?? (cents > 0 ? fee : 0);
  return {
    request: presentRequest(row),
    outcome: paymentStatus === 'not_required' ? 'approved' : 'payment_required',
    vendorFee: recordedFee,
    vendorFeeCents: toChargedMinorUnits(recordedFee, currency),
    currency,
    paymentStatus,
    paymentUrl: null,
    alreadyProcessed: true,
  };
}

/** A checkout opened for an approval that did not happen is cancelled (no stock is involved). */
async function giveBackCheckout(deps: VendorDeps, sessionId: string) {
  const orderId = await rq.findOrderIdBySession(deps.db, { sessionId });
  if (orderId) await cancelPendingOrder(deps.db, orderId, deps.clock.now());
}

/** spec §4: rejection only sets the status (and tells the vendor, vendor_request_update). */
export async function rejectRequest(
  deps: Pick<VendorDeps, 'db' | 'clock' | 'realtime'>,
  params: { actor: AuthUser; eventId: string; requestId: string },
): Promise<RejectVendorResponse> {
  const { event, request } = await loadManagedRequest(deps, {
    ...params,
    forbidden: VENDOR_MESSAGES.onlyCreatorReject,
    action: 'vendor.reject',
  });
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const locked = must(await rq.lockRequest(tx, { requestId: request.id }), 'vendor request');
    if (locked.status !== 'pending') return { row: locked, fresh: false };
    const row = await rq.setRequestStatus(tx, { requestId: request.id, status: 'rejected' });
    await createNotifications(tx, [
      {
        userId: request.vendorId,
        type: 'vendor_request_update',
        title: N.TITLES.applicationUpdate,
        message: N.notAccepted(event.title),
        relatedId: request.id,
        relatedType: 'vendor_requests',
        metadata: { ...eventMetadata(event), status: 'rejected' },
        dedupeKey: `vendor-rejection:${request.id}`,
        createdAt: now,
      },
    ]);
    return { row, fresh: true };
  });
  if (!result.fresh && result.row.status === 'approved')
    throw new AppError('CONFLICT', VENDOR_MESSAGES.requestAlreadyApproved);
  if (result.fresh) deps.realtime.poke();
  return { request: presentRequest(result.row), alreadyProcessed: !result.fresh };
}

// ---------- the vendor's own applications ----------

export async function listMyApplications(
  deps: Pick<VendorDeps, 'db'>,
  actor: AuthUser,
): Promise<{ applications: VendorApplication[] }> {
  if (!isVendorOrAdmin(actor)) throw new AppError('FORBIDDEN', VENDOR_MESSAGES.vendorsOnly);
  const rows = await rq.findApplicationsOfVendor(deps.db, { vendorId: actor.id });
  return {
    applications: rows.map((row) => {
      const canAccessChat = row.request.status === 'approved' && Boolean(row.canAccessChat);
      return {
        ...presentRequest(row.request),
        event: { ...row.event, startsAt: row.event.startsAt.toISOString() },
        organizer: {
          id: row.event.organizerId,
          name: row.organizerName,
          avatarUrl: row.organizerAvatarUrl,
        },
        paymentStatus: row.paymentStatus,
        vendorFeeAmount: row.vendorFeeAmount,
        feeDue: row.request.status === 'approved' && row.paymentStatus === 'pending',
        canAccessChat,
        chatPath: canAccessChat ? `/event-group-chat?event=${row.event.id}` : null,
      };
    }),
  };
}

/** The Pay button: a fresh checkout for an approved application whose fee is still due. */
export async function payVendorFee(
  deps: VendorDeps,
  params: { actor: AuthUser; requestId: string },
) {
  const rows = await rq.findApplicationsOfVendor(deps.db, { vendorId: params.actor.id });
  const row = rows.find((r) => r.request.id === params.requestId);
  if (!row) throw requestNotFound();
  if (row.request.status !== 'approved' || row.paymentStatus !== 'pending')
    throw new AppError('CONFLICT', VENDOR_MESSAGES.nothingDue);
  const event = must(
    await q.getEventForVendors(deps.db, { eventId: row.event.id }),
    'event of the application',
  );
  // The payment service checks the amount against the event's fee as it is now (spec §4 rule).
  const amountCents = vendorFeeCents(event);
  if (amountCents <= 0) throw new AppError('CONFLICT', VENDOR_MESSAGES.nothingDue);
  const checkout = await createCheckout(deps.orders, {
    actor: params.actor,
    input: { eventId: event.id, isVendorFee: true, vendorFeeAmount: amountCents },
  });
  return { ...checkout, amountCents };
}
