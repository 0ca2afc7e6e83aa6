import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

// The transcoders (decision 030): each live input gets one ffmpeg child process that writes HLS
// (2 s segments unless STREAM_SEGMENT_SECONDS says otherwise) into DATA_DIR/live/<streamId>/.
// The API process only pipes bytes and watches the playlist, so a heavy encode cannot stall
// requests; the OS schedules the encoders.

export const SEGMENT_SECONDS = 2;
/** The widest picture written unless STREAM_MAX_WIDTH says otherwise (720p from a camera). */
export const MAX_WIDTH = 1280;
export const LIVE_WINDOW = 6;
export const PLAYLIST = 'index.m3u8';
export const LIVE_SEGMENT = /^seg\d{1,7}\.ts$/;

let ffmpegProbe: { path: string; available: Promise<boolean> } | null = null;

/** Whether the configured ffmpeg runs (checked once per path, then remembered). */
export function ffmpegAvailable(ffmpegPath: string): Promise<boolean> {
  if (ffmpegProbe?.path === ffmpegPath) return ffmpegProbe.available;
  const available = new Promise<boolean>((resolve) => {
    try {
      const child = spawn(ffmpegPath, ['-hide_banner', '-version'], { stdio: 'ignore' });
      child.on('error', () => resolve(false));
      child.on('exit', (code) => resolve(code === 0));
    } catch {
      resolve(false);
    }
  });
  ffmpegProbe = { path: ffmpegPath, available };
  return available;
}

export interface IngestOptions {
  ffmpegPath: string;
  /** DATA_DIR/live */
  liveRoot: string;
  log: (error: unknown, context: string) => void;
  /** STREAM_SEGMENT_SECONDS (default SEGMENT_SECONDS). */
  segmentSeconds?: number;
  /** STREAM_MAX_WIDTH (default MAX_WIDTH): a wider input is scaled down, never up. */
  maxWidth?: number;
}

export interface IngestCallbacks {
  /** A playlist with a new segment was written (the first one makes the stream live). */
  onSegment: (segments: number) => void;
  /** ffmpeg exited; `requested` when stop() asked for it. */
  onExit: (requested: boolean) => void;
}

export type IngestInput = { kind: 'pipe'; format?: 'flv' } | { kind: 'url'; url: string };

export const liveDirOf = (liveRoot: string, streamId: string) => path.join(liveRoot, streamId);

/** ffmpeg arguments: any input → H.264 + AAC HLS, keyframe every segment. */
export function hlsArgs(params: {
  input: IngestInput;
  dir: string;
  keepAll: boolean;
  segmentSeconds?: number;
  maxWidth?: number;
}): string[] {
  const segment = params.segmentSeconds ?? SEGMENT_SECONDS;
  const input =
    params.input.kind === 'pipe'
      ? [
          '-fflags',
          '+genpts',
          ...(params.input.format ? ['-f', params.input.format] : []),
          '-i',
          'pipe:0',
        ]
      : ['-rw_timeout', '15000000', '-i', params.input.url];
  const flags = ['temp_file', 'append_list', 'discont_start'];
  // A recorded stream keeps every segment (the replay); the live playlist is trimmed when served.
  if (!params.keepAll) flags.push('delete_segments');
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    ...input,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'zerolatency',
    '-pix_fmt',
    'yuv420p',
    '-vf',
    `scale='min(${params.maxWidth ?? MAX_WIDTH},iw)':-2`,
    '-fps_mode',
    'vfr',
    '-force_key_frames',
    `expr:gte(t,n_forced*${segment})`,
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ac',
    '2',
    '-f',
    'hls',
    '-hls_time',
    String(segment),
    '-hls_list_size',
    params.keepAll ? '0' : String(LIVE_WINDOW),
    '-hls_flags',
    flags.join('+'),
    '-hls_segment_filename',
    path.join(params.dir, 'seg%05d.ts'),
    path.join(params.dir, PLAYLIST),
  ];
}

/** One running transcoder. */
export class IngestSession {
  private child: ChildProcess;
  private poll: NodeJS.Timeout;
  private lastMtime = 0;
  private stopRequested = false;
  private exited = false;
  readonly done: Promise<void>;

  constructor(
    readonly streamId: string,
    readonly dir: string,
    input: IngestInput,
    keepAll: boolean,
    private options: IngestOptions,
    callbacks: IngestCallbacks,
  ) {
    const args = hlsArgs({
      input,
      dir,
      keepAll,
      segmentSeconds: options.segmentSeconds,
      maxWidth: options.maxWidth,
    });
    this.child = spawn(options.ffmpegPath, args, {
      stdio: [input.kind === 'pipe' ? 'pipe' : 'ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    this.child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    // A broken pipe when ffmpeg exits mid-chunk is expected; the exit handler reports.
    this.child.stdin?.on('error', () => {});
    this.done = new Promise((resolve) => {
      const finish = (code: number | null, error?: Error) => {
        if (this.exited) return;
        this.exited = true;
        clearInterval(this.poll);
        if (error || (code !== 0 && !this.stopRequested && stderr))
          options.log(error ?? new Error(stderr.trim()), `ffmpeg for stream ${streamId}`);
        // One last look: the final segment may have landed since the previous poll.
        void this.check(callbacks).finally(() => {
          callbacks.onExit(this.stopRequested);
          resolve();
        });
      };
      this.child.on('error', (error) => finish(null, error));
      this.child.on('exit', (code) => finish(code));
    });
    this.poll = setInterval(() => void this.check(callbacks), 250);
    this.poll.unref();
  }

  private async check(callbacks: IngestCallbacks) {
    const stat = await fs.stat(path.join(this.dir, PLAYLIST)).catch(() => null);
    if (!stat || stat.mtimeMs === this.lastMtime) return;
    this.lastMtime = stat.mtimeMs;
    const text = await fs.readFile(path.join(this.dir, PLAYLIST), 'utf8').catch(() => '');
    const segments = text.split('\n').filter((line) => LIVE_SEGMENT.test(line.trim())).length;
    if (segments > 0) callbacks.onSegment(segments);
  }

  /** Feeds a media chunk (browser broadcast); false asks the sender to wait for 'drain'. */
  write(chunk: Buffer): boolean {
    const stdin = this.child.stdin;
    if (!stdin || stdin.destroyed || this.exited) return true;
    return stdin.write(chunk);
  }

  onDrain(listener: () => void) {
    this.child.stdin?.once('drain', listener);
  }

  /** The input ended without a stop (socket dropped): ffmpeg finishes what it has. */
  endInput() {
    if (this.child.stdin && !this.child.stdin.destroyed) this.child.stdin.end();
    else if (!this.exited) this.child.kill('SIGINT');
  }

  /** Ends on purpose: ffmpeg writes its last segment and the end of the playlist. */
  async stop(): Promise<void> {
    this.stopRequested = true;
    if (this.child.stdin && !this.child.stdin.destroyed) this.child.stdin.end();
    else if (!this.exited) this.child.kill('SIGINT');
    const timer = setTimeout(() => {
      if (!this.exited) this.child.kill('SIGKILL');
    }, 8000);
    await this.done;
    clearTimeout(timer);
  }

  kill() {
    if (!this.exited) this.child.kill('SIGKILL');
  }
}

/** Reads a live playlist and keeps the last `window` segments (a recorded stream keeps all). */
export function trimPlaylist(text: string, window = LIVE_WINDOW): string {
  const lines = text.split('\n');
  const headerEnd = lines.findIndex((line) => line.startsWith('#EXTINF'));
  if (headerEnd < 0) return text;
  const header = lines.slice(0, headerEnd);
  const entries: string[][] = [];
  let current: string[] = [];
  const footer: string[] = [];
  for (const line of lines.slice(headerEnd)) {
    if (!line.trim()) continue;
    if (line.startsWith('#EXT-X-ENDLIST')) footer.push(line);
    else {
      current.push(line);
      if (!line.startsWith('#')) {
        entries.push(current);
        current = [];
      }
    }
  }
  if (entries.length <= window) return text;
  const dropped = entries.length - window;
  const sequence = Number(
    header.find((l) => l.startsWith('#EXT-X-MEDIA-SEQUENCE:'))?.split(':')[1] ?? 0,
  );
  const newHeader = header
    .filter((l) => !l.startsWith('#EXT-X-PLAYLIST-TYPE'))
    .map((l) =>
      l.startsWith('#EXT-X-MEDIA-SEQUENCE:') ? `#EXT-X-MEDIA-SEQUENCE:${sequence + dropped}` : l,
    );
  if (!newHeader.some((l) => l.startsWith('#EXT-X-MEDIA-SEQUENCE:')))
    newHeader.push(`#EXT-X-MEDIA-SEQUENCE:${dropped}`);
  // Players count discontinuities from the start of the stream: the dropped ones move the base.
  const gaps = entries
    .slice(0, dropped)
    .flat()
    .filter((l) => l.startsWith('#EXT-X-DISCONTINUITY')).length;
  if (gaps) newHeader.push(`#EXT-X-DISCONTINUITY-SEQUENCE:${gaps}`);
  return [...newHeader, ...entries.slice(dropped).flat(), ...footer, ''].join('\n');
}

/** Adds the token to every segment line of a playlist. */
export function signPlaylist(text: string, sign: (uri: string) => string): string {
  return text
    .split('\n')
    .map((line) => (line && !line.startsWith('#') ? sign(line.trim()) : line))
    .join('\n');
}
