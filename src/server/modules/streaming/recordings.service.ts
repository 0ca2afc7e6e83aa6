import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { STREAM_MESSAGES as TEXT } from '../../../contracts/streaming';
import type { AuthUser } from '../../platform/auth/sessions';
import { defineCache } from '../../platform/cache/shared-cache';
import { AppError } from '../../platform/http/errors';
import { ffmpegAvailable, LIVE_SEGMENT, PLAYLIST } from './ingest';
import { forgetStream, loadStream, lockOwned, viewStream, type StreamingDeps } from './stream-rows';
import * as q from './streaming.queries';
import { demoStreamsWithoutReplay } from './streaming.seed';

// Replays: a finished broadcast stored as a VOD playlist and its segments through the file
// store, served to viewers (watching.service.ts), deleted by the organizer.

const REPLAY_FOLDER = 'stream-replays';
export const REPLAY_SEGMENT = /^[0-9a-f]{32}\.ts$/;

const replaySegments = (playlist: string) =>
  playlist.split('\n').filter((line) => REPLAY_SEGMENT.test(line.trim()));

// A replay never changes once stored (a new one gets a new key), so it is kept until memory is
// wanted for others; its segment names make a segment request a set lookup, not a parse.
const replays = defineCache<{ playlist: string; segments: Set<string> }>({
  name: 'streaming.replays',
  ttlMs: 60 * 60_000,
  maxEntries: 500,
});

/** The replay's playlist and its segment names, or null when the file is gone. */
export async function readReplay(deps: Pick<StreamingDeps, 'db' | 'clock' | 'files'>, key: string) {
  const cache = replays.in(deps);
  const cached = cache.peek(key);
  if (cached) return cached;
  const file = await deps.files.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  const playlist = Buffer.concat(chunks).toString('utf8');
  const segments = new Set(replaySegments(playlist).map((line) => line.trim()));
  return cache.set(key, { playlist, segments });
}

/** A segment of a replay, from the file store. */
export const openReplaySegment = (deps: Pick<StreamingDeps, 'files'>, file: string) =>
  deps.files.open(`${REPLAY_FOLDER}/${file}`);

/** Uploads a finished HLS directory through the file store; returns the playlist's key. */
export async function storeReplay(deps: Pick<StreamingDeps, 'files'>, dir: string) {
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

export async function deleteRecording(deps: StreamingDeps, actor: AuthUser, id: string) {
  const key = await deps.db.transaction(async (tx) => {
    const row = await lockOwned(tx, actor, id, 'stream.recording.delete');
    if (!row.recordingKey) throw new AppError('NOT_FOUND', TEXT.noRecording);
    await q.updateStream(tx, {
      id: row.id,
      set: { recordingKey: null, updatedAt: deps.clock.now() },
    });
    return row.recordingKey;
  });
  await forgetStream(deps, id);
  // The row no longer points at the files: remove them (a failure leaves orphans, not errors).
  const replay = await readReplay(deps, key).catch(() => null);
  await replays.invalidate(deps, key);
  for (const name of replay?.segments ?? [])
    await deps.files.remove(`/media/${REPLAY_FOLDER}/${name}`);
  await deps.files.remove(`/media/${key}`);
  return viewStream(deps, actor, await loadStream(deps, id));
}

/**
 * Makes the replay of demo streams seeded as recorded (a 12 s test pattern through the same
 * store as real replays). Runs in the background after start, only when ffmpeg is present.
 * Stopping the server aborts it: ffmpeg is killed and its folder removed before the server
 * says it stopped, so no process outlives it writing into the data directory.
 */
export async function seedDemoReplays(deps: StreamingDeps, signal: AbortSignal) {
  const pending = await demoStreamsWithoutReplay(deps.db);
  if (!pending.length || !(await ffmpegAvailable(deps.config.FFMPEG_PATH))) return;
  for (const { id } of pending) {
    if (signal.aborted) return;
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
          { stdio: 'ignore', signal },
        );
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}`))));
      });
      const key = await storeReplay(deps, dir);
      if (key) await q.updateStream(deps.db, { id, set: { recordingKey: key } });
      await forgetStream(deps, id);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}
