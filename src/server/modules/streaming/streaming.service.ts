import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  FFMPEG_HINT,
  STREAM_MESSAGES as TEXT,
  STREAMING_ADDON_CENTS,
  STREAMING_ADDON_CURRENCY,
  VIEWER_WINDOW_MS,
  WATCH_TOKEN_TTL_MS,
  type StreamInputSchema,
  type StreamUpdateSchema,
  type WatchGrant,
} from '../../../contracts/streaming';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { orders } from '../../db/schema/tickets';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { must } from '../../platform/must';
import { derivedKey } from '../../platform/secrets';
import type { FileStore } from '../../platform/storage/storage';
import { getEvent, lockManagedEvent } from '../events/events.service';
import { joinEventChat } from '../messaging/messaging.service';
import type { ModuleContext } from '../module';
import {
  createStreamNotifications,
  STREAM_NOTICE_SOURCES,
  type StreamNotificationType,
} from '../notifications/notifications.service';
import { openProductCheckout } from '../payments/payments.service';
import { getEntitlements, requireFeature } from '../entitlements/entitlements.service';
import {
  ffmpegAvailable,
  LIVE_SEGMENT,
  PLAYLIST,
  signPlaylist,
  trimPlaylist,
  type IngestInput,
} from './ingest';
import type { LiveStreams } from './live';
import { presentListItem, presentStream } from './streaming.presenter';
import {
  canManageStream,
  keepsRecording,
  streamOwnerScope,
  watchDecision,
} from './streaming.policy';
import * as q from './streaming.queries';
import { demoStreamsWithoutReplay } from './streaming.seed';
import { checkWatchToken, issueWatchToken } from './watch-token';
import { isUuid } from '../../../contracts/ids';

export interface StreamingDeps {
  db: Database;
  clock: Clock;
  config: Pick<
    Config,
    | 'SESSION_SECRET'
    | 'PUBLIC_URL'
    | 'FFMPEG_PATH'
    | 'RTMP_PORT'
    | 'RTMP_PUBLIC_URL'
    | 'DATA_DIR'
    | 'STREAM_ROW_CACHE_MS'
  >;
  files: FileStore;
  ticketing: Pick<ModuleContext['ticketing'], 'orders'>;
  realtime: { poke(tellOthers?: boolean, sources?: readonly string[]): void };
  live: LiveStreams;
  logError: (error: unknown, context: string) => void;
}

type Actor = AuthUser | null;
const notFound = () => new AppError('NOT_FOUND', TEXT.notFound);
const REPLAY_FOLDER = 'stream-replays';
const REPLAY_SEGMENT = /^[0-9a-f]{32}\.ts$/;
const VIEWER_TOUCH_MS = 5000;
const INPUT_TOUCH_MS = 5000;

// Derived once per secret: this runs on every playlist and segment request.
const watchKeys = new Map<string, Buffer>();
const watchKey = (deps: Pick<StreamingDeps, 'config'>) => {
  const secret = deps.config.SESSION_SECRET ?? '';
  let key = watchKeys.get(secret);
  if (!key) watchKeys.set(secret, (key = derivedKey(deps.config, 'stream-watch-token')));
  return key;
};
const newStreamKey = () => `live_${randomBytes(24).toString('base64url')}`;

// The broadcast socket passes a stream id read from its URL, not checked by a route schema.
async function loadStream(deps: Pick<StreamingDeps, 'db'>, id: string) {
  if (!isUuid(id)) throw notFound();
  const row = await q.findStream(deps.db, { id });
  if (!row) throw notFound();
  return row;
}

/**
 * The stream the actor owns (or any, for an admin), locked; 404 / 403 otherwise. Ids come from
 * the routes' `idParams` or from a row, so they are well-formed here.
 */
async function lockOwned(tx: DbExecutor, actor: AuthUser, id: string) {
  const row = await q.lockOwnedStream(tx, { id, actor: streamOwnerScope(actor) });
  if (row) return row;
  if (await q.findStream(tx, { id })) throw new AppError('FORBIDDEN', TEXT.notOwner);
  throw notFound();
}

async function facts(deps: Pick<StreamingDeps, 'db'>, actor: Actor, row: q.StreamWithEvent) {
  const owner = canManageStream(actor, row);
  const needTicket = !owner && actor && ['ticket_holders', 'stream_ticket'].includes(row.access);
  const needGrant = !owner && actor && row.access === 'code';
  const [hasTicket, hasGrant] = await Promise.all([
    needTicket ? q.holdsTicket(deps.db, { eventId: row.eventId, userId: actor.id }) : false,
    needGrant ? q.hasGrant(deps.db, { streamId: row.id, userId: actor.id }) : false,
  ]);
  return {
    owner,
    ...watchDecision({
      access: row.access,
      status: row.status,
      signedIn: Boolean(actor),
      manages: owner,
      hasTicket,
      hasGrant,
    }),
  };
}

async function isActivated(db: DbExecutor, row: Pick<q.StreamRow, 'activatedAt' | 'ownerId'>) {
  if (row.activatedAt) return true;
  // A live paid subscription includes streaming for every event (decision 030).
  return (await getEntitlements(db, row.ownerId)).planId !== null;
}

function rtmpUrl(config: StreamingDeps['config']) {
  if (!config.RTMP_PORT) return null;
  if (config.RTMP_PUBLIC_URL) return config.RTMP_PUBLIC_URL;
  return `rtmp://${new URL(config.PUBLIC_URL).hostname}:${config.RTMP_PORT}/live`;
}

async function view(deps: StreamingDeps, actor: Actor, row: q.StreamWithEvent) {
  const decision = await facts(deps, actor, row);
  const counts = await q.viewerCounts(deps.db, {
    streamIds: [row.id],
    since: new Date(deps.clock.now().getTime() - VIEWER_WINDOW_MS),
  });
  const chatId =
    actor && decision.canWatch && row.chatEnabled
      ? await joinEventChat(deps.db, { eventId: row.eventId, userId: actor.id })
      : null;
  let owner;
  if (decision.owner) {
    const available = await ffmpegAvailable(deps.config.FFMPEG_PATH);
    const entitlements = await getEntitlements(deps.db, row.ownerId);
    owner = {
      activated: row.activatedAt !== null || entitlements.planId !== null,
      canRecord: entitlements.hasRecording,
      rtmpUrl: rtmpUrl(deps.config),
      ffmpegAvailable: available,
      ...(available ? {} : { ffmpegHint: FFMPEG_HINT }),
    };
  }
  return presentStream(row, {
    canWatch: decision.canWatch,
    deniedReason: decision.reason,
    chatId,
    isOwner: decision.owner,
    viewerCount: counts.get(row.id) ?? 0,
    owner,
  });
}

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
      { lock: false, forbidden: TEXT.notOwner },
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
  return view(deps, actor, must(await q.findStream(deps.db, { id: created.id }), 'stream'));
}

export async function getStreamOfEvent(deps: StreamingDeps, actor: Actor, eventId: string) {
  // The event must be visible to the caller (drafts and private events stay hidden).
  await getEvent(deps, { id: eventId, actor });
  const row = await q.findStreamOfEvent(deps.db, { eventId });
  if (!row) throw notFound();
  return view(deps, actor, row);
}

export async function getStream(deps: StreamingDeps, actor: Actor, id: string) {
  return view(deps, actor, await loadStream(deps, id));
}

export async function updateStream(
  deps: StreamingDeps,
  actor: AuthUser,
  id: string,
  patch: z.output<typeof StreamUpdateSchema>,
) {
  await deps.db.transaction(async (tx) => {
    const row = await lockOwned(tx, actor, id);
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
  forgetHlsRow(id);
  return getStream(deps, actor, id);
}

/** A new stream key; the old one stops working at once (an encoder using it is refused). */
export async function rotateKey(deps: StreamingDeps, actor: AuthUser, id: string) {
  await deps.db.transaction(async (tx) => {
    const row = await lockOwned(tx, actor, id);
    await q.updateStream(tx, {
      id: row.id,
      set: { streamKey: newStreamKey(), updatedAt: deps.clock.now() },
    });
  });
  forgetHlsRow(id);
  return getStream(deps, actor, id);
}

async function notify(
  deps: Pick<StreamingDeps, 'db' | 'realtime'>,
  db: DbExecutor,
  row: q.StreamWithEvent | (q.StreamRow & { eventTitle: string }),
  type: StreamNotificationType,
  userIds: string[],
  now: Date,
) {
  const copy = {
    stream_invitation: {
      title: `You're invited to watch ${row.title}`,
      message: `${row.eventTitle} streams live on ${row.scheduledStart.toUTCString()}.`,
    },
    stream_started: {
      title: `${row.title} is live`,
      message: `${row.eventTitle} is streaming now. Join the live stream.`,
    },
    stream_ended: {
      title: `${row.title} has ended`,
      message: row.recordingEnabled
        ? `The live stream of ${row.eventTitle} has ended. The replay will be on the stream page.`
        : `The live stream of ${row.eventTitle} has ended.`,
    },
  }[type];
  return createStreamNotifications(db, {
    userIds,
    type,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    streamId: row.id,
    title: copy.title,
    message: copy.message,
    createdAt: now,
  });
}

/** stream_invitation to every ticket holder of the event, once per holder. */
export async function inviteHolders(deps: StreamingDeps, actor: AuthUser, id: string) {
  const invited = await deps.db.transaction(async (tx) => {
    const locked = await lockOwned(tx, actor, id);
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
    await notify(deps, tx, row, 'stream_invitation', fresh, deps.clock.now());
    return fresh.length;
  });
  if (invited) deps.realtime.poke(true, STREAM_NOTICE_SOURCES);
  return { invited };
}

/** The organizer ends the stream: the transcoder (if here) stops, then the stream ends once. */
export async function endStream(deps: StreamingDeps, actor: AuthUser, id: string) {
  await deps.db.transaction((tx) => lockOwned(tx, actor, id));
  const stopped = await deps.live.stop(id);
  if (!stopped) await finishStream(deps, id);
  return getStream(deps, actor, id);
}

export async function deleteRecording(deps: StreamingDeps, actor: AuthUser, id: string) {
  const key = await deps.db.transaction(async (tx) => {
    const row = await lockOwned(tx, actor, id);
    if (!row.recordingKey) throw new AppError('NOT_FOUND', TEXT.noRecording);
    await q.updateStream(tx, {
      id: row.id,
      set: { recordingKey: null, updatedAt: deps.clock.now() },
    });
    return row.recordingKey;
  });
  forgetHlsRow(id);
  // The row no longer points at the files: remove them (a failure leaves orphans, not errors).
  const playlist = await readReplayPlaylist(deps, key).catch(() => null);
  replayCache.delete(key);
  replaySegmentSets.delete(key);
  for (const name of playlist ? replaySegments(playlist) : [])
    await deps.files.remove(`/media/${REPLAY_FOLDER}/${name}`);
  await deps.files.remove(`/media/${key}`);
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

export async function redeemCode(deps: StreamingDeps, actor: AuthUser, id: string, code: string) {
  const row = await loadStream(deps, id);
  const wrong = () =>
    new AppError('VALIDATION_FAILED', TEXT.wrongCode, {
      fields: [{ field: 'code', message: TEXT.wrongCode }],
    });
  if (!row.accessCode || row.accessCode.trim().toLowerCase() !== code.trim().toLowerCase())
    throw wrong();
  await q.insertGrant(deps.db, { streamId: row.id, userId: actor.id, now: deps.clock.now() });
  return view(deps, actor, row);
}

/** A signed playlist URL for someone who may watch (live, or the replay after the end). */
export async function watch(deps: StreamingDeps, actor: Actor, id: string): Promise<WatchGrant> {
  const row = await loadStream(deps, id);
  const decision = await facts(deps, actor, row);
  if (!decision.canWatch)
    throw new AppError(
      decision.reason === 'sign_in' ? 'UNAUTHENTICATED' : 'FORBIDDEN',
      decision.reason === 'sign_in' ? TEXT.signIn : TEXT.noAccess,
      { reason: decision.reason },
    );
  if (row.status === 'ended' && !row.recordingKey)
    throw new AppError('CONFLICT', TEXT.alreadyEnded, { reason: 'ended' });
  const now = deps.clock.now().getTime();
  const expiresAt = now + WATCH_TOKEN_TTL_MS;
  const viewer = actor ? actor.id : `anon-${randomBytes(9).toString('base64url')}`;
  const token = issueWatchToken(watchKey(deps), { streamId: row.id, viewer, expiresAt });
  return {
    playlistUrl: `/api/streams/${row.id}/hls/${PLAYLIST}?token=${token}`,
    expiresAt: new Date(expiresAt).toISOString(),
    status: row.status,
    replay: row.status === 'ended',
  };
}

// ---- The playlist and segment path (decision 030) --------------------------
// Every viewer asks about once a second, so the path reads nothing from the database in the
// steady state: the token is an HMAC (no lookup), the stream row is kept for STREAM_ROW_CACHE_MS
// (1 s) per process (this process's own writes forget it at once; another process's change counts
// within that second), and viewers are written in one batch per second per process.

const hlsRows = new Map<string, { row: q.StreamWithEvent; until: number }>();

function forgetHlsRow(id: string) {
  hlsRows.delete(id);
}

async function hlsRow(deps: Pick<StreamingDeps, 'db' | 'config'>, id: string) {
  const nowMs = performance.now();
  const cached = hlsRows.get(id);
  if (cached && cached.until > nowMs) return cached.row;
  const row = await q.findStream(deps.db, { id });
  if (!row) return null;
  if (hlsRows.size >= 1000) hlsRows.clear();
  hlsRows.set(id, { row, until: nowMs + deps.config.STREAM_ROW_CACHE_MS });
  return row;
}

const recentViewers = new Map<string, number>();
const VIEWER_FLUSH_MS = 1000;

/** Viewers seen since the last flush, per database (each app instance writes its own). */
const pendingViewers = new WeakMap<
  Database,
  Map<string, { streamId: string; viewer: string; at: Date }>
>();

function touchViewer(deps: StreamingDeps, streamId: string, viewer: string) {
  const key = `${streamId}:${viewer}`;
  const nowMs = Date.now();
  if ((recentViewers.get(key) ?? 0) > nowMs - VIEWER_TOUCH_MS) return;
  recentViewers.set(key, nowMs);
  if (recentViewers.size > 50_000)
    for (const [k, at] of recentViewers) if (at < nowMs - VIEWER_WINDOW_MS) recentViewers.delete(k);
  let batch = pendingViewers.get(deps.db);
  if (!batch) {
    pendingViewers.set(deps.db, (batch = new Map()));
    setTimeout(() => void flushViewers(deps), VIEWER_FLUSH_MS).unref();
  }
  batch.set(key, { streamId, viewer, at: deps.clock.now() });
}

/** Writes the viewers seen since the last flush: one upsert, then one peak update per stream. */
export async function flushViewers(deps: Pick<StreamingDeps, 'db' | 'clock' | 'logError'>) {
  const batch = pendingViewers.get(deps.db);
  if (!batch) return;
  pendingViewers.delete(deps.db);
  const seen = [...batch.values()];
  try {
    await q.touchViewers(deps.db, {
      viewers: seen.map((v) => ({ streamId: v.streamId, viewerKey: v.viewer, lastSeenAt: v.at })),
      since: new Date(deps.clock.now().getTime() - VIEWER_WINDOW_MS),
    });
  } catch (error) {
    deps.logError(error, 'counting stream viewers');
  }
}

export type HlsFile =
  { kind: 'playlist'; body: string } | { kind: 'segment'; body: Readable; size: number };

const replayCache = new Map<string, string>();

async function readReplayPlaylist(deps: Pick<StreamingDeps, 'files'>, key: string) {
  const cached = replayCache.get(key);
  if (cached !== undefined) return cached;
  const file = await deps.files.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (replayCache.size > 500) replayCache.clear();
  replayCache.set(key, text);
  return text;
}

const replaySegments = (playlist: string) =>
  playlist.split('\n').filter((line) => REPLAY_SEGMENT.test(line.trim()));

/** The segment names of each replay, so a segment request is a set lookup, not a parse. */
const replaySegmentSets = new Map<string, Set<string>>();

async function replaySegmentSet(deps: Pick<StreamingDeps, 'files'>, key: string) {
  const cached = replaySegmentSets.get(key);
  if (cached) return cached;
  const playlist = await readReplayPlaylist(deps, key);
  if (playlist === null) return null;
  const names = new Set(replaySegments(playlist).map((line) => line.trim()));
  if (replaySegmentSets.size > 500) replaySegmentSets.clear();
  replaySegmentSets.set(key, names);
  return names;
}

/**
 * GET /api/streams/:id/hls/:file?token=…: every playlist and segment request carries a token
 * for this stream, unexpired, and (unless anonymous on a public stream) issued to the person
 * asking. Live files come from this process's transcoder directory, replays from storage.
 */
export async function serveHls(
  deps: StreamingDeps,
  user: Actor,
  id: string,
  file: string,
  token: string | undefined,
): Promise<HlsFile> {
  const denied = () => new AppError('FORBIDDEN', TEXT.tokenInvalid);
  if (!token) throw denied();
  const checked = checkWatchToken(watchKey(deps), token, {
    streamId: id,
    now: deps.clock.now().getTime(),
  });
  if (!checked.ok) throw denied();
  const { viewer } = checked.claims;
  const row = await hlsRow(deps, id);
  if (!row) throw notFound();
  if (viewer.startsWith('anon-') ? row.access !== 'public' : user?.id !== viewer) throw denied();
  touchViewer(deps, row.id, viewer);
  const sign = (uri: string) => `${uri}?token=${token}`;

  const liveDir = deps.live.dirOf(row.id);
  if (file === PLAYLIST) {
    if (row.status !== 'ended') {
      const text = await fs.readFile(path.join(liveDir, PLAYLIST), 'utf8').catch(() => null);
      if (text === null) throw new AppError('NOT_FOUND', 'The stream has not started yet');
      return { kind: 'playlist', body: signPlaylist(trimPlaylist(text), sign) };
    }
    const replay = row.recordingKey ? await readReplayPlaylist(deps, row.recordingKey) : null;
    if (!replay) throw new AppError('NOT_FOUND', TEXT.noRecording);
    return { kind: 'playlist', body: signPlaylist(replay, sign) };
  }
  if (LIVE_SEGMENT.test(file) && row.status !== 'ended') {
    const handle = await fs.open(path.join(liveDir, file), 'r').catch(() => null);
    if (!handle) throw new AppError('NOT_FOUND', 'Segment not found');
    const stat = await handle.stat();
    return { kind: 'segment', body: handle.createReadStream(), size: stat.size };
  }
  if (REPLAY_SEGMENT.test(file) && row.recordingKey) {
    const names = await replaySegmentSet(deps, row.recordingKey);
    // Only the segments of this stream's own replay: the token is per stream.
    if (names?.has(file)) {
      const stored = await deps.files.open(`${REPLAY_FOLDER}/${file}`);
      if (stored) return { kind: 'segment', body: stored.body, size: stored.size };
    }
  }
  throw new AppError('NOT_FOUND', 'Segment not found');
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
    throw new AppError('CONFLICT', 'Set up the stream before activating it');
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

// ---- Going live -------------------------------------------------------------------------

/**
 * Checks that a stream may receive a broadcast now and starts its transcoder: activated, not
 * ended, ffmpeg present. `who` is the organizer's session (browser) or the stream key (RTMP).
 */
export async function beginIngest(
  deps: StreamingDeps,
  who: { user: AuthUser; streamId: string } | { streamKey: string },
  input: IngestInput,
  onFirstSegment?: () => void,
) {
  let row: q.StreamWithEvent | null;
  if ('streamKey' in who) {
    row = await q.findStreamByKey(deps.db, { streamKey: who.streamKey });
    if (!row) throw new AppError('FORBIDDEN', 'Unknown stream key');
  } else {
    row = await loadStream(deps, who.streamId);
    if (!canManageStream(who.user, row)) throw new AppError('FORBIDDEN', TEXT.notOwner);
  }
  if (row.status === 'ended') throw new AppError('CONFLICT', TEXT.alreadyEnded);
  if (!(await isActivated(deps.db, row))) throw new AppError('FORBIDDEN', TEXT.notActivated);
  if (!(await ffmpegAvailable(deps.config.FFMPEG_PATH)))
    throw new AppError('SERVICE_UNAVAILABLE', `${TEXT.ffmpegMissing}. ${FFMPEG_HINT}`);
  const entitlements = await getEntitlements(deps.db, row.ownerId);
  const keepAll = keepsRecording(row.recordingEnabled, entitlements.hasRecording);
  const session = await deps.live.start(row.id, input, { keepAll, onFirstSegment });
  return { stream: row, session };
}

const lastInputTouch = new Map<string, number>();

/** Hook for every playlist update: the first makes the stream live (and tells people, once). */
export function onSegment(deps: StreamingDeps, streamId: string) {
  const nowMs = Date.now();
  const last = lastInputTouch.get(streamId);
  if (last !== undefined && last > nowMs - INPUT_TOUCH_MS) return;
  lastInputTouch.set(streamId, nowMs);
  void (async () => {
    const now = deps.clock.now();
    if (last === undefined) {
      const started = await deps.db.transaction(async (tx) => {
        const live = await q.markLive(tx, { id: streamId, now });
        forgetHlsRow(streamId);
        if (!live) return 0;
        const row = must(await q.findStream(tx, { id: streamId }), 'stream');
        const audience = await q.audienceIds(tx, {
          streamId,
          eventId: row.eventId,
          ownerId: row.ownerId,
        });
        return 1 + (await notify(deps, tx, row, 'stream_started', audience, now));
      });
      if (started > 1) deps.realtime.poke(true, STREAM_NOTICE_SOURCES);
      if (started) return;
    }
    await q.touchInput(deps.db, { id: streamId, now });
  })().catch((error: unknown) => deps.logError(error, 'marking a stream live'));
}

/**
 * The input is over: live → ended once (stream_ended to the audience if it had started), the
 * recording (if kept) goes to storage as a VOD playlist, and the live files are removed.
 */
export async function finishStream(deps: StreamingDeps, streamId: string) {
  lastInputTouch.delete(streamId);
  const now = deps.clock.now();
  const ended = await deps.db.transaction(async (tx) => {
    const row = await q.markEnded(tx, { id: streamId, now });
    if (!row) return null;
    const full = must(await q.findStream(tx, { id: streamId }), 'stream');
    if (row.startedAt) {
      const audience = await q.audienceIds(tx, {
        streamId,
        eventId: row.eventId,
        ownerId: row.ownerId,
      });
      await notify(deps, tx, full, 'stream_ended', audience, now);
    }
    return full;
  });
  forgetHlsRow(streamId);
  if (!ended) return;
  deps.realtime.poke(true, STREAM_NOTICE_SOURCES);
  const dir = deps.live.dirOf(streamId);
  try {
    const entitlements = await getEntitlements(deps.db, ended.ownerId);
    if (ended.startedAt && keepsRecording(ended.recordingEnabled, entitlements.hasRecording)) {
      const key = await storeReplay(deps, dir);
      if (key) await q.updateStream(deps.db, { id: streamId, set: { recordingKey: key } });
      forgetHlsRow(streamId);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Uploads a finished HLS directory through the file store; returns the playlist's key. */
async function storeReplay(deps: Pick<StreamingDeps, 'files'>, dir: string) {
  const text = await fs.readFile(path.join(dir, PLAYLIST), 'utf8').catch(() => null);
  if (!text) return null;
  const out: string[] = [];
  let segments = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (LIVE_SEGMENT.test(line)) {
      const data = await fs.readFile(path.join(dir, line)).catch(() => null);
      if (!data) {
        out.pop(); // its #EXTINF
        continue;
      }
      const url = await deps.files.put(REPLAY_FOLDER, 'ts', data);
      out.push(path.posix.basename(url));
      segments++;
    } else if (line.startsWith('#EXT-X-PLAYLIST-TYPE') || line.startsWith('#EXT-X-ENDLIST')) {
      continue;
    } else {
      out.push(line);
      if (line.startsWith('#EXT-X-TARGETDURATION')) out.push('#EXT-X-PLAYLIST-TYPE:VOD');
    }
  }
  if (!segments) return null;
  out.push('#EXT-X-ENDLIST', '');
  const url = await deps.files.put(REPLAY_FOLDER, 'm3u8', Buffer.from(out.join('\n')));
  return url.slice('/media/'.length);
}

/** Ends live streams whose input went silent in a process that died (no grace timer left). */
export async function endSilentStreams(deps: StreamingDeps, graceMs: number) {
  const before = new Date(deps.clock.now().getTime() - graceMs - 60_000);
  for (const { id } of await q.silentLiveStreams(deps.db, { before }))
    if (!deps.live.isActive(id)) await finishStream(deps, id);
}

/**
 * Makes the replay of demo streams seeded as recorded (a 12 s test pattern through the same
 * store as real replays). Runs in the background after start, only when ffmpeg is present.
 */
export async function seedDemoReplays(deps: StreamingDeps) {
  const pending = await demoStreamsWithoutReplay(deps.db);
  if (!pending.length || !(await ffmpegAvailable(deps.config.FFMPEG_PATH))) return;
  for (const { id } of pending) {
    const dir = path.join(deps.live.dirOf(id), '..', `demo-${id}`);
    await fs.mkdir(dir, { recursive: true });
    try {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(
          deps.config.FFMPEG_PATH,
          [
            '-hide_banner',
            '-loglevel',
            'error',
            '-f',
            'lavfi',
            '-i',
            'testsrc=size=640x360:rate=25',
            '-f',
            'lavfi',
            '-i',
            'sine=frequency=330',
            '-t',
            '12',
            '-c:v',
            'libx264',
            '-preset',
            'veryfast',
            '-pix_fmt',
            'yuv420p',
            '-g',
            '50',
            '-c:a',
            'aac',
            '-f',
            'hls',
            '-hls_time',
            '2',
            '-hls_list_size',
            '0',
            '-hls_segment_filename',
            path.join(dir, 'seg%05d.ts'),
            path.join(dir, PLAYLIST),
          ],
          { stdio: 'ignore' },
        );
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}`))));
      });
      const key = await storeReplay(deps, dir);
      if (key) await q.updateStream(deps.db, { id, set: { recordingKey: key } });
      forgetHlsRow(id);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}
