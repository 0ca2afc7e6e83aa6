import { msg } from '@lingui/core/macro';
import fs from 'node:fs/promises';
import { AppError } from '../../platform/http/errors';
import { IngestSession, liveDirOf, type IngestInput, type IngestOptions } from './ingest';

export interface LiveHooks {
  /** A playlist update with `segments` segments in it. */
  onSegment: (streamId: string, segments: number) => void;
  /** The input is over for good (stopped, or silent past the grace period). */
  onEnd: (streamId: string) => Promise<void>;
}

/**
 * The transcoders running in this process, one per live stream, and the grace timers of streams
 * whose input dropped: a reconnect within STREAM_END_GRACE_MS continues the same playlist; after
 * it the stream ends (and stream_ended goes out once).
 */
export class LiveStreams {
  private active = new Map<string, IngestSession>();
  private graceTimers = new Map<string, NodeJS.Timeout>();
  private endings = new Map<string, Promise<void>>();
  private closed = false;

  constructor(
    private options: IngestOptions & { graceMs: number },
    private hooks: LiveHooks,
  ) {}

  isActive(streamId: string) {
    return this.active.has(streamId);
  }

  dirOf(streamId: string) {
    return liveDirOf(this.options.liveRoot, streamId);
  }

  async start(
    streamId: string,
    input: IngestInput,
    params: { keepAll: boolean; onFirstSegment?: () => void },
  ): Promise<IngestSession> {
    if (this.closed) throw new AppError('SERVICE_UNAVAILABLE', msg`The server is shutting down`);
    if (this.active.has(streamId))
      throw new AppError('CONFLICT', msg`This stream is already receiving a broadcast`);
    this.cancelGrace(streamId);
    const dir = this.dirOf(streamId);
    await fs.mkdir(dir, { recursive: true });
    let announced = false;
    const session = new IngestSession(streamId, dir, input, params.keepAll, this.options, {
      onSegment: (segments) => {
        if (!announced) {
          announced = true;
          params.onFirstSegment?.();
        }
        this.hooks.onSegment(streamId, segments);
      },
      onExit: (requested) => {
        if (this.active.get(streamId) === session) this.active.delete(streamId);
        if (this.closed) return;
        if (requested || this.options.graceMs === 0) this.end(streamId);
        else
          this.graceTimers.set(
            streamId,
            setTimeout(() => {
              this.graceTimers.delete(streamId);
              this.end(streamId);
            }, this.options.graceMs),
          );
      },
    });
    this.active.set(streamId, session);
    return session;
  }

  /** Stops on purpose (the organizer's stop or end): no grace period. */
  async stop(streamId: string): Promise<boolean> {
    const session = this.active.get(streamId);
    if (session) {
      await session.stop();
      await this.endings.get(streamId);
      return true;
    }
    if (this.cancelGrace(streamId)) {
      await this.hooks.onEnd(streamId).catch((e: unknown) => this.options.log(e, 'ending stream'));
      return true;
    }
    return false;
  }

  private end(streamId: string) {
    const ending = this.hooks
      .onEnd(streamId)
      .catch((error: unknown) => this.options.log(error, 'ending stream'))
      .finally(() => {
        if (this.endings.get(streamId) === ending) this.endings.delete(streamId);
      });
    this.endings.set(streamId, ending);
  }

  /** Whether a stream is waiting out its grace period or ending. */
  hasPendingEnds(): boolean {
    return this.graceTimers.size > 0 || this.endings.size > 0;
  }

  /** Waits for the ends in progress (not the grace timers: they end when they fire). */
  async endsInProgress(): Promise<void> {
    await Promise.all([...this.endings.values()]);
  }

  /** Waits for an end in progress (tests, shutdown). */
  async settled(streamId: string) {
    await this.endings.get(streamId);
  }

  private cancelGrace(streamId: string) {
    const timer = this.graceTimers.get(streamId);
    if (!timer) return false;
    clearTimeout(timer);
    this.graceTimers.delete(streamId);
    return true;
  }

  close() {
    this.closed = true;
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    this.graceTimers.clear();
    for (const session of this.active.values()) session.kill();
    this.active.clear();
  }
}
