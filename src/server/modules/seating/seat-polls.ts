import { randomUUID } from 'node:crypto';
import type { ServerFrame } from '../../../contracts/realtime';
import type { SeatChangesAnswer } from '../../../contracts/seating';
import type { SeatWatch } from './seat-watch';

type SeatChanges = Record<string, 'free' | 'held' | 'sold'>;

/** How long one poll waits for a change before answering "nothing yet". */
const POLL_WAIT_MS = 20_000;
/** A map nobody has polled for this long stops being read for polls. */
const IDLE_MS = 60_000;
/** Changes kept per map: a poll further behind starts again from a fresh read. */
const KEPT = 200;

interface Log {
  frames: { n: number; seats: SeatChanges }[];
  next: number;
  waiters: Set<() => void>;
  lastAsked: number;
  close: () => void;
}

/**
 * The live seat map for people who are signed out (decision 090): the realtime socket needs a
 * session, so their page long-polls instead. Each polled map is one more watcher of the
 * process's SeatWatch (the same 200 ms read, no extra query per viewer), whose frames go into a
 * short log; a poll names the last change it has (`after`) and is answered at once with the
 * changes since, or when the next comes, or empty after POLL_WAIT_MS. A cursor from another
 * process (or one restarted, or too far behind) answers `reset`: the page reads the map again.
 * Only what the public map shows goes out: seat ids and free / held / sold.
 */
export class SeatPolls {
  private readonly logs = new Map<string, Log>();
  private readonly origin = randomUUID().slice(0, 8);
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly watch: SeatWatch) {
    this.timer = setInterval(() => this.sweep(Date.now()), IDLE_MS / 2);
    this.timer.unref();
  }

  async poll(
    eventId: string,
    after: string | undefined,
    signal: AbortSignal,
  ): Promise<SeatChangesAnswer> {
    const log = await this.logOf(eventId);
    log.lastAsked = Date.now();
    const cursor = () => `${this.origin}.${log.next}`;
    const [origin, n] = (after ?? '').split('.');
    const since = Number(n);
    if (
      !after ||
      origin !== this.origin ||
      !Number.isInteger(since) ||
      since > log.next ||
      (log.frames[0] && since < log.frames[0].n - 1) ||
      (!log.frames[0] && since < log.next)
    )
      return { cursor: cursor(), reset: Boolean(after), seats: {} };
    if (since === log.next) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timeout);
          log.waiters.delete(done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timeout = setTimeout(done, POLL_WAIT_MS);
        log.waiters.add(done);
        signal.addEventListener('abort', done);
      });
    }
    const seats: SeatChanges = {};
    for (const frame of log.frames) if (frame.n > since) Object.assign(seats, frame.seats);
    return { cursor: cursor(), reset: false, seats };
  }

  close(): void {
    clearInterval(this.timer);
    for (const eventId of [...this.logs.keys()]) this.drop(eventId);
  }

  private async logOf(eventId: string): Promise<Log> {
    const existing = this.logs.get(eventId);
    if (existing) return existing;
    const closers: (() => void)[] = [];
    const log: Log = {
      frames: [],
      next: 0,
      waiters: new Set(),
      lastAsked: Date.now(),
      close: () => closers.forEach((close) => close()),
    };
    this.logs.set(eventId, log);
    const watcher = {
      send: (frame: ServerFrame) => {
        if (frame.type !== 'seat_map') return;
        log.next += 1;
        log.frames.push({ n: log.next, seats: frame.seats });
        if (log.frames.length > KEPT) log.frames.shift();
        for (const wake of [...log.waiters]) wake();
      },
      onClose: (listener: () => void) => void closers.push(listener),
    };
    await this.watch.watch(watcher, eventId);
    return log;
  }

  private sweep(now: number): void {
    for (const [eventId, log] of this.logs)
      if (now - log.lastAsked > IDLE_MS && log.waiters.size === 0) this.drop(eventId);
  }

  private drop(eventId: string): void {
    const log = this.logs.get(eventId);
    this.logs.delete(eventId);
    for (const wake of [...(log?.waiters ?? [])]) wake();
    log?.close();
  }
}
