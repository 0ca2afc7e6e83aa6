import { msg } from '@lingui/core/macro';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  STREAM_MESSAGES as TEXT,
  VIEWER_WINDOW_MS,
  WATCH_TOKEN_TTL_MS,
  type WatchGrant,
} from '../../../contracts/streaming';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { defineCache } from '../../platform/cache/shared-cache';
import { AppError } from '../../platform/http/errors';
import { derivedKey } from '../../platform/secrets';
import { LIVE_SEGMENT, PLAYLIST, signPlaylist, trimPlaylist } from './ingest';
import { openReplaySegment, readReplay, REPLAY_SEGMENT } from './recordings.service';
import {
  cachedStream,
  loadStream,
  viewStream,
  watchFacts,
  type Actor,
  type StreamingDeps,
} from './stream-rows';
import * as q from './streaming.queries';
import { checkWatchToken, issueWatchToken } from './watch-token';

// Watching: the access code, the signed playlist URL, and the playlist and segment path
// (decision 030). Every viewer asks about once a second, so that path reads nothing from the
// database in the steady state: the token is an HMAC (no lookup), the stream row comes from a
// cache (stream-rows.ts), and viewers are written in one batch per second per process.

export async function redeemCode(deps: StreamingDeps, actor: AuthUser, id: string, code: string) {
  const row = await loadStream(deps, id);
  const wrong = () =>
    new AppError('VALIDATION_FAILED', TEXT.wrongCode, {
      fields: [{ field: 'code', message: TEXT.wrongCode }],
    });
  if (!row.accessCode || row.accessCode.trim().toLowerCase() !== code.trim().toLowerCase())
    throw wrong();
  await q.insertGrant(deps.db, { streamId: row.id, userId: actor.id, now: deps.clock.now() });
  return viewStream(deps, actor, row);
}

// Derived once per app: this runs on every playlist and segment request.
const watchKeys = defineCache<Buffer>({
  name: 'streaming.watch-key',
  ttlMs: Number.POSITIVE_INFINITY,
  maxEntries: 1,
});
const watchKey = (deps: StreamingDeps) => {
  const keys = watchKeys.in(deps);
  return keys.peek('') ?? keys.set('', derivedKey(deps.config, 'stream-watch-token'));
};

/** A signed playlist URL for someone who may watch (live, or the replay after the end). */
export async function watch(deps: StreamingDeps, actor: Actor, id: string): Promise<WatchGrant> {
  const row = await loadStream(deps, id);
  const decision = await watchFacts(deps, actor, row);
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

/** A viewer is written at most this often (the viewer count looks back VIEWER_WINDOW_MS). */
const VIEWER_TOUCH_MS = 5000;
const VIEWER_FLUSH_MS = 1000;
const seenViewers = defineCache<true>({
  name: 'streaming.seen-viewers',
  ttlMs: VIEWER_TOUCH_MS,
  maxEntries: 50_000,
});

/** Viewers seen since the last flush, per database (each app instance writes its own). */
const pendingViewers = new WeakMap<
  Database,
  Map<string, { streamId: string; viewer: string; at: Date }>
>();

function touchViewer(deps: StreamingDeps, streamId: string, viewer: string) {
  const key = `${streamId}:${viewer}`;
  const seen = seenViewers.in(deps);
  if (seen.peek(key)) return;
  seen.set(key, true);
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
  const row = await cachedStream(deps, id);
  if (viewer.startsWith('anon-') ? row.access !== 'public' : user?.id !== viewer) throw denied();
  touchViewer(deps, row.id, viewer);
  const sign = (uri: string) => `${uri}?token=${token}`;

  const liveDir = deps.live.dirOf(row.id);
  if (file === PLAYLIST) {
    if (row.status !== 'ended') {
      const text = await fs.readFile(path.join(liveDir, PLAYLIST), 'utf8').catch(() => null);
      if (text === null) throw new AppError('NOT_FOUND', msg`The stream has not started yet`);
      return { kind: 'playlist', body: signPlaylist(trimPlaylist(text), sign) };
    }
    const replay = row.recordingKey ? await readReplay(deps, row.recordingKey) : null;
    if (!replay?.playlist) throw new AppError('NOT_FOUND', TEXT.noRecording);
    return { kind: 'playlist', body: signPlaylist(replay.playlist, sign) };
  }
  if (LIVE_SEGMENT.test(file) && row.status !== 'ended') {
    const handle = await fs.open(path.join(liveDir, file), 'r').catch(() => null);
    if (!handle) throw new AppError('NOT_FOUND', msg`Segment not found`);
    const stat = await handle.stat();
    return { kind: 'segment', body: handle.createReadStream(), size: stat.size };
  }
  if (REPLAY_SEGMENT.test(file) && row.recordingKey) {
    const replay = await readReplay(deps, row.recordingKey);
    // Only the segments of this stream's own replay: the token is per stream.
    if (replay?.segments.has(file)) {
      const stored = await openReplaySegment(deps, file);
      if (stored) return { kind: 'segment', body: stored.body, size: stored.size };
    }
  }
  throw new AppError('NOT_FOUND', msg`Segment not found`);
}
