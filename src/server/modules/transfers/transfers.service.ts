import { msg } from '@lingui/core/macro';
import { createHash, randomBytes } from 'node:crypto';
import type { Locale } from '../../../contracts/locales';
import type { TicketTransfer, TransferSettings } from '../../../contracts/transfers';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import type { JobQueue } from '../../platform/jobs/jobs';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { lockManagedEvent } from '../events/events.service';
import { claimTicketMail, ticketReceivedMail } from './transfers.mail';
import { TRANSFER_REFUSALS, transferRefusal, transfersOpenUntil } from './transfers.policy';
import * as q from './transfers.queries';

export interface TransferDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>;
}

const TICKET_NOT_FOUND = msg`Ticket not found`;
const CLAIM_NOT_FOUND = msg`This transfer link is not valid`;
const CLAIM_REFUSALS = {
  completed: msg`This ticket has already been taken`,
  cancelled: msg`The sender cancelled this transfer`,
  own: msg`You sent this ticket: cancel the transfer from your ticket page instead`,
} as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function presentTransfer(row: q.HistoryRow): TicketTransfer {
  const t = row.transfer;
  return {
    id: t.id,
    ticketId: t.ticketId,
    status: t.status,
    fromName: row.fromName,
    fromEmail: row.fromEmail,
    toEmail: t.toEmail,
    toName: row.toName,
    createdAt: t.createdAt.toISOString(),
    completedAt: t.completedAt?.toISOString() ?? null,
    cancelledAt: t.cancelledAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// The organizer's setting

export async function getTransferSettings(
  deps: Pick<TransferDeps, 'db'>,
  params: { eventId: string; actor: AuthUser },
): Promise<TransferSettings> {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  return q.findTransferSettings(deps.db, params);
}

export async function updateTransferSettings(
  deps: Pick<TransferDeps, 'db' | 'clock'>,
  params: { eventId: string; actor: AuthUser; input: TransferSettings },
): Promise<TransferSettings> {
  await lockManagedEvent(deps.db, params, {
    lock: false,
    permission: 'event.edit',
    action: 'transfer_settings.edit',
  });
  await q.upsertTransferSettings(deps.db, {
    eventId: params.eventId,
    ...params.input,
    now: deps.clock.now(),
  });
  return q.findTransferSettings(deps.db, params);
}

/** Event duplication's copier: the copy allows transfers as the original did. */
export async function copyTransferSettings(
  tx: DbExecutor,
  ctx: { fromEventId: string; toEventId: string; now: Date },
) {
  await q.copyTransferSettings(tx, ctx);
}

// ---------------------------------------------------------------------------------------------
// The holder

/** Whether the holder may transfer the ticket now, and the transfer under way if any. */
export async function getTransferState(
  deps: Pick<TransferDeps, 'db' | 'clock'>,
  params: { ticketId: string; actor: AuthUser },
) {
  const ticket = await q.findHeldTicket(deps.db, {
    ticketId: params.ticketId,
    userId: params.actor.id,
  });
  if (!ticket) throw new AppError('NOT_FOUND', TICKET_NOT_FOUND);
  const settings = await q.findTransferSettings(deps.db, { eventId: ticket.eventId });
  const pending = await q.findPendingOfTicket(deps.db, { ticketId: ticket.id });
  return {
    allowed: settings.allowed,
    openUntil: settings.allowed
      ? transfersOpenUntil(ticket.event.startsAt, settings.cutoffHours).toISOString()
      : null,
    refusal: transferRefusal({
      settings,
      startsAt: ticket.event.startsAt,
      ticketStatus: ticket.status,
      transferPending: ticket.transferPending,
      now: deps.clock.now(),
    }),
    pending: pending ? presentTransfer(pending) : null,
  };
}

/**
 * Passes the holder's ticket to the person with that email address. The ticket gets a new code
 * in the same transaction, so the old one fails at the door at once. With an account for the
 * address the ticket is theirs straight away; without one it waits, with no usable code, until
 * someone opens the mailed claim link signed in (decision 055).
 */
export async function transferTicket(
  deps: TransferDeps,
  params: { ticketId: string; actor: AuthUser; email: string; locale: Locale },
) {
  const email = params.email.trim().toLowerCase();
  const now = deps.clock.now();
  const token = randomBytes(24).toString('base64url');
  const result = await deps.db.transaction(async (tx) => {
    const ticket = await q.findHeldTicket(tx, {
      ticketId: params.ticketId,
      userId: params.actor.id,
      lock: true,
    });
    if (!ticket) throw new AppError('NOT_FOUND', TICKET_NOT_FOUND);
    const settings = await q.findTransferSettings(tx, { eventId: ticket.eventId });
    const refusal = transferRefusal({
      settings,
      startsAt: ticket.event.startsAt,
      ticketStatus: ticket.status,
      transferPending: ticket.transferPending,
      now,
    });
    if (refusal) throw new AppError('CONFLICT', refusal);
    if (email === ticket.holderEmail.toLowerCase())
      throw new AppError('VALIDATION_FAILED', TRANSFER_REFUSALS.toSelf, {
        fields: [{ field: 'body.email', message: TRANSFER_REFUSALS.toSelf }],
      });
    const recipient = await q.findAccountByEmail(tx, { email });
    await q.reissueTicket(tx, {
      ticketId: ticket.id,
      toUserId: recipient?.id,
      pending: !recipient,
    });
    const transfer = await q.insertTransfer(tx, {
      ticketId: ticket.id,
      eventId: ticket.eventId,
      fromUserId: params.actor.id,
      toEmail: email,
      toUserId: recipient?.id ?? null,
      status: recipient ? 'completed' : 'pending',
      claimTokenHash: recipient ? null : hashToken(token),
      createdAt: now,
      completedAt: recipient ? now : null,
    });
    if (recipient) await handedOver(tx, { ticket, transferId: transfer.id, toEmail: email, now });
    return { ticket, recipient, transferId: transfer.id };
  });

  const mail = {
    to: email,
    language: result.recipient?.language ?? null,
    fallback: params.locale,
    fromName: result.ticket.holderName ?? result.ticket.holderEmail,
    eventTitle: result.ticket.event.title,
    ticketTypeName: result.ticket.ticketTypeName,
  };
  await enqueueMail(
    deps.jobs,
    result.recipient
      ? ticketReceivedMail(deps.config, { ...mail, ticketId: result.ticket.id })
      : claimTicketMail(deps.config, { ...mail, token }),
  );
  const [row] = (await q.findTransfersOfTicket(deps.db, { ticketId: result.ticket.id })).filter(
    (r) => r.transfer.id === result.transferId,
  );
  if (!row) throw new AppError('NOT_FOUND', TICKET_NOT_FOUND);
  return { transfer: presentTransfer(row), delivered: Boolean(result.recipient) };
}

/** What changes once the ticket has its new holder: their own answers, the webhook. */
async function handedOver(
  tx: DbExecutor,
  params: {
    ticket: { id: string; eventId: string; event: { ownerId: string } };
    transferId: string;
    toEmail: string;
    now: Date;
  },
) {
  await q.clearTicketAnswers(tx, { ticketId: params.ticket.id });
  await q.emitTransferWebhook(tx, {
    ownerId: params.ticket.event.ownerId,
    transferId: params.transferId,
    at: params.now,
    payload: {
      transfer_id: params.transferId,
      ticket_id: params.ticket.id,
      event_id: params.ticket.eventId,
      to_email: params.toEmail,
      transferred_at: params.now.toISOString(),
    },
  });
}

/** The sender takes back a transfer nobody claimed yet; the ticket gets a fresh code. */
export async function cancelTransfer(
  deps: Pick<TransferDeps, 'db' | 'clock'>,
  params: { transferId: string; actor: AuthUser },
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const transfer = await q.findTransferById(tx, { id: params.transferId });
    if (!transfer || transfer.fromUserId !== params.actor.id)
      throw new AppError('NOT_FOUND', msg`Transfer not found`);
    const held = await q.findHeldTicket(tx, {
      ticketId: transfer.ticketId,
      userId: params.actor.id,
      lock: true,
    });
    const settled =
      held && (await q.settleTransfer(tx, { id: transfer.id, status: 'cancelled', at: now }));
    if (!settled) throw new AppError('CONFLICT', CLAIM_REFUSALS.completed);
    await q.reissueTicket(tx, { ticketId: transfer.ticketId, pending: false });
  });
}

// ---------------------------------------------------------------------------------------------
// The claim link

export async function getClaim(deps: Pick<TransferDeps, 'db'>, params: { token: string }) {
  const row = await q.findTransferByClaimHash(deps.db, { hash: hashToken(params.token) });
  if (!row) throw new AppError('NOT_FOUND', CLAIM_NOT_FOUND);
  return {
    status: row.transfer.status,
    eventTitle: row.event.title,
    eventStartsAt: row.event.startsAt.toISOString(),
    eventTimezone: row.event.timezone,
    ticketTypeName: row.ticketTypeName,
    fromName: row.fromName,
    toEmail: row.transfer.toEmail,
  };
}

/** The signed-in person who opened the mailed link takes the ticket (the link is the proof). */
export async function claimTransfer(
  deps: Pick<TransferDeps, 'db' | 'clock'>,
  params: { token: string; actor: AuthUser },
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await q.findTransferByClaimHash(tx, {
      hash: hashToken(params.token),
      lock: true,
    });
    if (!row) throw new AppError('NOT_FOUND', CLAIM_NOT_FOUND);
    const { transfer } = row;
    if (transfer.status !== 'pending')
      throw new AppError('CONFLICT', CLAIM_REFUSALS[transfer.status]);
    if (transfer.fromUserId === params.actor.id) throw new AppError('CONFLICT', CLAIM_REFUSALS.own);
    await q.settleTransfer(tx, {
      id: transfer.id,
      status: 'completed',
      toUserId: params.actor.id,
      at: now,
    });
    await q.reissueTicket(tx, {
      ticketId: transfer.ticketId,
      toUserId: params.actor.id,
      pending: false,
    });
    await handedOver(tx, {
      ticket: {
        id: transfer.ticketId,
        eventId: transfer.eventId,
        event: { ownerId: row.event.ownerId },
      },
      transferId: transfer.id,
      toEmail: transfer.toEmail,
      now,
    });
    return { ticketId: transfer.ticketId };
  });
}

// ---------------------------------------------------------------------------------------------
// History

/** A ticket's transfers, for its holder, the event's owner and admins. */
export async function listTicketTransfers(
  deps: Pick<TransferDeps, 'db'>,
  params: { ticketId: string; actor: AuthUser },
) {
  const ticket = await q.findTicketVisibleTo(deps.db, {
    ticketId: params.ticketId,
    visibleTo: isAdmin(params.actor) ? null : params.actor.id,
  });
  if (!ticket) throw new AppError('NOT_FOUND', TICKET_NOT_FOUND);
  const rows = await q.findTransfersOfTicket(deps.db, { ticketId: ticket.id });
  return rows.map(presentTransfer);
}

/** Every transfer of an event, newest first (the organizer's attendee view, API v1). */
export async function listEventTransfers(
  deps: Pick<TransferDeps, 'db'>,
  params: { eventId: string; actor: AuthUser },
) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'attendees.view' });
  const rows = await q.findTransfersOfEvent(deps.db, { eventId: params.eventId });
  return rows.map(presentTransfer);
}

/** For API v1: the event's transfers, its ownership checked by the caller. */
export async function transfersOfEvent(db: DbExecutor, eventId: string) {
  return (await q.findTransfersOfEvent(db, { eventId })).map(presentTransfer);
}
