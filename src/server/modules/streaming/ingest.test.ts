import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hlsArgs, IngestSession, PLAYLIST } from './ingest';

// The transcoder's segment length and picture width follow STREAM_SEGMENT_SECONDS and
// STREAM_MAX_WIDTH (the browser journeys run 1 s segments at 320 px). Real ffmpeg, small input.

const run = promisify(execFile);
let tmp: string;
let webm: string;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-ingest-'));
  webm = path.join(tmp, 'clip.webm');
  // What MediaRecorder sends: VP8 + Opus webm, here 4 s at 640×360.
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine', '-t', '4', '-c:v', 'libvpx', '-deadline', 'realtime'],
    ...['-cpu-used', '8', '-b:v', '400k', '-c:a', 'libopus', webm],
  ]);
}, 30_000);

afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('hlsArgs', () => {
  it('defaults to 2 s segments and at most 1280 px wide', () => {
    const args = hlsArgs({ input: { kind: 'pipe' }, dir: '/x', keepAll: false }).join(' ');
    expect(args).toContain('-hls_time 2 ');
    expect(args).toContain("scale='min(1280,iw)':-2");
    expect(args).toContain('expr:gte(t,n_forced*2)');
  });
});

describe('IngestSession', () => {
  it('writes segments of the configured length at the configured width', async () => {
    const dir = path.join(tmp, 'live');
    await fs.mkdir(dir);
    let segments = 0;
    const session = new IngestSession(
      'stream',
      dir,
      { kind: 'pipe' },
      true,
      { ffmpegPath: 'ffmpeg', liveRoot: tmp, log: () => {}, segmentSeconds: 1, maxWidth: 320 },
      { onSegment: (n) => (segments = n), onExit: () => {} },
    );
    session.write(await fs.readFile(webm));
    session.endInput();
    await session.done;

    const playlist = await fs.readFile(path.join(dir, PLAYLIST), 'utf8');
    expect(playlist).toContain('#EXT-X-TARGETDURATION:1');
    // 4 s of media in 1 s segments (the last may be short).
    expect(segments).toBeGreaterThanOrEqual(4);
    const first = playlist.split('\n').find((line) => line.startsWith('seg'));
    const probe = await run('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height'],
      ...['-of', 'csv=p=0', path.join(dir, first ?? 'missing')],
    ]);
    // MPEG-TS lists the stream again under its program: the first line is enough.
    expect(probe.stdout.trim().split('\n')[0]).toBe('320,180');
  }, 30_000);
});
