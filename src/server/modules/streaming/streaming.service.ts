import { msg } from '@lingui/core/macro';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  STREAM_MESSAGES as TEXT,
  STREAMING_ADDON_CENTS,
  STREAMING_ADDON_CURRENCY,
  VIEWER_WINDOW_MS,
  type StreamInputSchema,
  type StreamUpdateSchema,
} from '../../../contracts/streaming';
import { isUuid } from '../../../contracts/ids';
import type { DbExecutor } from '../../db/client';
import type { orders } from '../../db/schema/tickets';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { must } from '../../platform/must';
import { requireFeature } from '../entitlements/entitlements.service';
import { getEvent, lockManagedEvent } from '../events/events.service';
import { STREAM_NOTICE_SOURCES } from '../notifications/notifications.service';
import { openProductCheckout } from '../payments/payments.service';
import { finishStream } from './going-live.service';
import {
  forgetStream,
  isActivated,
  loadStream,
  lockOwned,
  notFound,
  notifyAudience,
  viewStream,
  type Actor,
  type StreamingDeps,
} from './stream-rows';
import { presentListItem } from './streaming.presenter';
import * as q from './streaming.queries';

// Streams and scheduling: the organizer sets up, changes, invites to and ends a stream, and
// pays for the add-on; anyone finds the streams they may see. Watching, going live and replays
// are services of their own (watching, going-live, recordings).

export type { StreamingDeps } from './stream-rows';

const newStreamKey = () => `live_${randomBytes(24).toString('base64url')}`;

async function checkTicketType(db: DbExecutor, eventId: string, id: string | null | undefined) {
  if (!id) return;
  if (!(await q.ticketTypeOfEvent(db, { id, eventId })))
    throw new AppError('VALIDATION_FAILED', TEXT.ticketTypeNotFound, {
      fields: [{ field: 'streamTicketTypeId', message: TEXT.ticketTypeNotFound }],
    });
}

export async function createStream(
  deps: StreamingDeps,
  actor: AuthUser,
  eventId: string,
  input: z.output<typeof StreamInputSchema>,
) {
  const created = await deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(
      tx,
      { eventId, actor },
      { lock: false, forbidden: TEXT.notOwner, permission: 'event.edit', action: 'stream.create' },
    );
    if (input.recordingEnabled)
      await requireFeature(tx, { userId: event.userId, feature: 'recording' });
    await checkTicketType(tx, eventId, input.streamTicketTypeId);
    const now = deps.clock.now();
    const row = await q.insertStream(tx, {
      eventId,
      ownerId: event.userId,
      title: input.title,
      scheduledStart: new Date(input.scheduledStart),
      access: input.access,
      accessCode: input.access === 'code' ? (input.accessCode ?? null) : (input.accessCode ?? null),
      streamTicketTypeId: input.streamTicketTypeId ?? null,
      chatEnabled: input.chatEnabled,
      recordingEnabled: input.recordingEnabled,
      streamKey: newStreamKey(),
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new AppError('CONFLICT', TEXT.exists);
    return row;
  });
  return viewStream(deps, actor, must(await q.findStream(deps.db, { id: created.id }), 'stream'));
}

export async function getStreamOfEvent(deps: StreamingDeps, actor: Actor, eventId: string) {
  // The event must be visible to the caller (drafts and private events stay hidden).
  await getEvent(deps, { id: eventId, actor });
  const row = await q.findStreamOfEvent(deps.db, { eventId });
  if (!row) throw notFound();
  return viewStream(deps, actor, row);
}

export async function getStream(deps: StreamingDeps, actor: Actor, id: string) {
  return viewStream(deps, actor, await loadStream(deps, id));
}

export async function updateStream(
  deps: StreamingDeps,
  actor: AuthUser,
  id: string,
  patch: z.output<typeof StreamUpdateSchema>,
) {
  await deps.db.transaction(async (tx) => {
    const row = await lockOwned(tx, actor, id, 'stream.edit');
    const access = patch.access ?? row.access;
    const accessCode = patch.accessCode !== undefined ? patch.accessCode : row.accessCode;
    const ticketTypeId =
      patch.streamTicketTypeId !== undefined ? patch.streamTicketTypeId : row.streamTicketTypeId;
    if (access === 'code' && !accessCode)
      throw new AppError('VALIDATION_FAILED', TEXT.codeRequired, {
        fields: [{ field: 'accessCode', message: TEXT.codeRequired }],
      });
    if (access === 'stream_ticket' && !ticketTypeId)
      throw new AppError('VALIDATION_FAILED', TEXT.ticketTypeRequired, {
        fields: [{ field: 'streamTicketTypeId', message: TEXT.ticketTypeRequired }],
      });
    if (patch.recordingEnabled && !row.recordingEnabled)
      await requireFeature(tx, { userId: row.ownerId, feature: 'recording' });
    if (patch.streamTicketTypeId) await checkTicketType(tx, row.eventId, patch.streamTicketTypeId);
    await q.updateStream(tx, {
      id: row.id,
      set: {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.scheduledStart !== undefined
          ? { scheduledStart: new Date(patch.scheduledStart) }
          : {}),
        access,
        accessCode,
        streamTicketTypeId: ticketTypeId,
        ...(patch.chatEnabled !== undefined ? { chatEnabled: patch.chatEnabled } : {}),
        ...(patch.recordingEnabled !== undefined
          ? { recordingEnabled: patch.recordingEnabled }
          : {}),
        updatedAt: deps.clock.now(),
      },
    });
  });
  await forgetStream(deps, id);
  return getStream(deps, actor, id);
}

/** A new stream key; the old one stops working at once (an encoder using it is refused). */
export async function rotateKey(deps: StreamingDeps, actor: AuthUser, id: string) {
  await deps.db.transaction(async (tx) => {
    const row = await lockOwned(tx, actor, id, 'stream.key');
    await q.updateStream(tx, {
      id: row.id,
      set: { streamKey: newStreamKey(), updatedAt: deps.clock.now() },
    });
  });
  await forgetStream(deps, id);
  return getStream(deps, actor, id);
}

/** stream_invitation to every ticket holder of the event, once per holder. */
export async function inviteHolders(deps: StreamingDeps, actor: AuthUser, id: string) {
  const invited = await deps.db.transaction(async (tx) => {
    const locked = await lockOwned(tx, actor, id, 'stream.invite');
    const row = must(await q.findStream(tx, { id: locked.id }), 'stream');
    if (row.status === 'ended') throw new AppError('CONFLICT', TEXT.alreadyEnded);
    const holders = (await q.ticketHolderIds(tx, { eventId: row.eventId })).filter(
      (userId) => userId !== row.ownerId,
    );
    const fresh = await q.insertInvites(tx, {
      streamId: row.id,
      userIds: holders,
      now: deps.clock.now(),
    });
    await notifyAudience(tx, row, 'stream_invitation', fresh, deps.clock.now());
    return fresh.length;
  });
  if (invited) deps.realtime.poke(true, STREAM_NOTICE_SOURCES);
  return { invited };
}

/** The organizer ends the stream: the transcoder (if here) stops, then the stream ends once. */
export async function endStream(deps: StreamingDeps, actor: AuthUser, id: string) {
  await deps.db.transaction((tx) => lockOwned(tx, actor, id, 'stream.end'));
  const stopped = await deps.live.stop(id);
  if (!stopped) await finishStream(deps, id);
  return getStream(deps, actor, id);
}

export async function listStreams(
  deps: StreamingDeps,
  actor: AuthUser,
  scope: 'mine' | 'watchable',
) {
  const rows =
    scope === 'mine'
      ? await q.listOwned(deps.db, { ownerId: actor.id })
      : await q.listWatchable(deps.db, { userId: actor.id });
  const now = deps.clock.now();
  const counts = await q.viewerCounts(deps.db, {
    streamIds: rows.map((r) => r.id),
    since: new Date(now.getTime() - VIEWER_WINDOW_MS),
  });
  return { items: rows.map((row) => presentListItem(row, counts.get(row.id) ?? 0, now)) };
}

/** Streaming add-on checkout for an event without a plan that includes it. */
export async function startStreamingCheckout(
  deps: StreamingDeps,
  actor: AuthUser,
  eventId: string,
) {
  const found = await q.findStreamOfEvent(deps.db, { eventId });
  if (!found) {
    await lockManagedEvent(deps.db, { eventId, actor }, { lock: false, forbidden: TEXT.notOwner });
    throw new AppError('CONFLICT', msg`Set up the stream before activating it`);
  }
  const row = await deps.db.transaction((tx) => lockOwned(tx, actor, found.id));
  if (await isActivated(deps.db, row)) throw new AppError('CONFLICT', TEXT.alreadyActive);
  const checkout = await openProductCheckout(deps.ticketing.orders, {
    actor: { id: actor.id, email: actor.email },
    kind: 'streaming',
    amountCents: STREAMING_ADDON_CENTS,
    currency: STREAMING_ADDON_CURRENCY,
    description: `Live streaming for ${found.eventTitle}`,
    metadata: { stream_id: row.id },
    eventId,
    successPath: `/streaming/success?stream=${row.id}&event=${eventId}`,
    cancelPath: `/streaming/cancelled?stream=${row.id}&event=${eventId}`,
  });
  return { url: checkout.url };
}

/** The paid add-on: marks the stream activated (idempotent; the webhook can come twice). */
export async function fulfilStreaming(
  tx: DbExecutor,
  order: typeof orders.$inferSelect,
  context?: { now: Date },
) {
  if (order.kind !== 'streaming') return;
  const streamId = (order.metadata as Record<string, unknown> | null)?.stream_id;
  if (typeof streamId !== 'string' || !isUuid(streamId)) return;
  await q.activateForOrder(tx, { streamId, orderId: order.id, now: context?.now ?? new Date() });
}
