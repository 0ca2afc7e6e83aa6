import { msg } from '@lingui/core/macro';
import fs from 'node:fs/promises';
import { FFMPEG_MISSING_MESSAGE, STREAM_MESSAGES as TEXT } from '../../../contracts/streaming';
import type { AuthUser } from '../../platform/auth/sessions';
import { defineCache } from '../../platform/cache/shared-cache';
import { AppError } from '../../platform/http/errors';
import { must } from '../../platform/must';
import { getEntitlements } from '../entitlements/entitlements.service';
import { STREAM_NOTICE_SOURCES } from '../notifications/notifications.service';
import { ffmpegAvailable, type IngestInput } from './ingest';
import { storeReplay } from './recordings.service';
import {
  forgetStream,
  isActivated,
  loadStream,
  notifyAudience,
  type StreamingDeps,
} from './stream-rows';
import { canManageStream, keepsRecording } from './streaming.policy';
import * as q from './streaming.queries';

// Going live: the organizer's broadcast (browser or RTMP) starts the transcoder, its first
// segment makes the stream live, and the end of the input ends it and stores the replay.

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
    if (!row) throw new AppError('FORBIDDEN', msg`Unknown stream key`);
  } else {
    row = await loadStream(deps, who.streamId);
    if (!canManageStream(who.user, row)) throw new AppError('FORBIDDEN', TEXT.notOwner);
  }
  if (row.status === 'ended') throw new AppError('CONFLICT', TEXT.alreadyEnded);
  if (!(await isActivated(deps.db, row))) throw new AppError('FORBIDDEN', TEXT.notActivated);
  if (!(await ffmpegAvailable(deps.config.FFMPEG_PATH)))
    throw new AppError('SERVICE_UNAVAILABLE', FFMPEG_MISSING_MESSAGE);
  const entitlements = await getEntitlements(deps.db, row.ownerId);
  const keepAll = keepsRecording(row.recordingEnabled, entitlements.hasRecording);
  const session = await deps.live.start(row.id, input, { keepAll, onFirstSegment });
  return { stream: row, session };
}

/** How often a live stream's last input time is written (the end sweep reads it). */
const INPUT_TOUCH_MS = 5000;
// When this process last wrote each stream's input time. Only the process holding the
// transcoder touches a stream, so no other process needs to hear of it; an entry outlives the
// touch interval so a stream already live is not taken for a new one.
const inputTouches = defineCache<number>({
  name: 'streaming.input-touches',
  ttlMs: 10 * 60_000,
  maxEntries: 10_000,
});

/** Hook for every playlist update: the first makes the stream live (and tells people, once). */
export function onSegment(deps: StreamingDeps, streamId: string) {
  const touches = inputTouches.in(deps);
  const nowMs = deps.clock.now().getTime();
  const last = touches.peek(streamId);
  if (last !== undefined && last > nowMs - INPUT_TOUCH_MS) return;
  touches.set(streamId, nowMs);
  void (async () => {
    const now = deps.clock.now();
    if (last === undefined) {
      const started = await deps.db.transaction(async (tx) => {
        const live = await q.markLive(tx, { id: streamId, now });
        if (!live) return 0;
        const row = must(await q.findStream(tx, { id: streamId }), 'stream');
        const audience = await q.audienceIds(tx, {
          streamId,
          eventId: row.eventId,
          ownerId: row.ownerId,
        });
        return 1 + (await notifyAudience(tx, row, 'stream_started', audience, now));
      });
      if (started) await forgetStream(deps, streamId);
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
  inputTouches.in(deps).delete(streamId);
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
      await notifyAudience(tx, full, 'stream_ended', audience, now);
    }
    return full;
  });
  await forgetStream(deps, streamId);
  if (!ended) return;
  deps.realtime.poke(true, STREAM_NOTICE_SOURCES);
  const dir = deps.live.dirOf(streamId);
  try {
    const entitlements = await getEntitlements(deps.db, ended.ownerId);
    if (ended.startedAt && keepsRecording(ended.recordingEnabled, entitlements.hasRecording)) {
      const key = await storeReplay(deps, dir);
      if (key) await q.updateStream(deps.db, { id: streamId, set: { recordingKey: key } });
      await forgetStream(deps, streamId);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Ends live streams whose input went silent in a process that died (no grace timer left). */
export async function endSilentStreams(deps: StreamingDeps, graceMs: number) {
  const before = new Date(deps.clock.now().getTime() - graceMs - 60_000);
  for (const { id } of await q.silentLiveStreams(deps.db, { before }))
    if (!deps.live.isActive(id)) await finishStream(deps, id);
}
