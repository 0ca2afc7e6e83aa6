import { isUuid } from '../../../contracts/ids';
import { Journal, type JournalCodec } from '../../platform/journal';
import { isPromoCode } from './affiliate-rules';
import type { ClickInput } from './clicks.queries';

// Decision 163: a referral link's click whose code this process already knows is answered
// before the database has it. The click is first appended to this process's journal
// (platform/journal.ts, one write), then written with the clicks that arrived meanwhile, one
// batch at a time. The answer (the cookies and the redirect) depends only on what the process
// knows: the code's affiliate, which never changes (affiliates are kept, never re-coded), and the
// viewer. Whether the click counts or repeats is decided by the batch exactly as before (the
// once-per-window key), and that key makes a replay after a crash count nothing twice.

/** One click per line: JSON, so a session id may hold any character. */
export const clickLines: JournalCodec<ClickInput> = {
  ext: 'clicks',
  encode: (c) =>
    JSON.stringify([
      c.code,
      c.eventId,
      c.viewerId,
      c.visitorKey,
      c.bucket,
      c.test ? 1 : 0,
      c.now.getTime(),
    ]),
  decode(line) {
    let fields: unknown;
    try {
      fields = JSON.parse(line);
    } catch {
      // A line cut short by the crash: it was never answered.
      return null;
    }
    if (!Array.isArray(fields) || fields.length !== 7) return null;
    const [code, eventId, viewerId, visitorKey, bucket, test, at] = fields as unknown[];
    const idOrNull = (v: unknown) => v === null || (typeof v === 'string' && isUuid(v));
    if (typeof code !== 'string' || !isPromoCode(code)) return null;
    if (!idOrNull(eventId) || !idOrNull(viewerId)) return null;
    if (typeof visitorKey !== 'string' || !visitorKey) return null;
    if (!Number.isSafeInteger(bucket) || (test !== 0 && test !== 1)) return null;
    if (!Number.isSafeInteger(at)) return null;
    return {
      code,
      eventId: eventId as string | null,
      viewerId: viewerId as string | null,
      visitorKey,
      bucket: bucket as number,
      test: test === 1,
      now: new Date(at as number),
    };
  },
};

export interface ClickQueueOptions {
  /** Writes one batch; resolves once it has committed. */
  write: (clicks: ClickInput[]) => Promise<void>;
  journal: Journal<ClickInput>;
  onError: (error: unknown) => void;
  /** Clicks held (waiting and in flight) before new ones take the committed path instead. */
  maxPending?: number;
  /** Wait before a failed batch is tried again (a database outage). */
  retryMs?: number;
}

/** Codes remembered with their affiliate; a full map starts again (a code is read again once). */
const MAX_CODES = 50_000;

export class ClickQueue {
  private pending: ClickInput[] = [];
  private inFlight = 0;
  /** Clicks whose line is being written (not yet in `pending`). */
  private writing = 0;
  private running: Promise<void> | null = null;
  private scheduled = false;
  private retry: NodeJS.Timeout | undefined;
  private readonly referrers = new Map<string, string>();
  private readonly maxPending: number;

  constructor(private readonly options: ClickQueueOptions) {
    this.maxPending = options.maxPending ?? 200_000;
  }

  /** The affiliate of a code seen in a committed batch of this process, if any. */
  referrerOf(code: string): string | undefined {
    return this.referrers.get(code);
  }

  learn(code: string, referrerId: string) {
    if (this.referrers.size >= MAX_CODES) this.referrers.clear();
    this.referrers.set(code, referrerId);
  }

  /**
   * Takes a click to write after the answer: on file when this resolves true. False (taking
   * nothing) when the queue is full or the disk refuses it: the caller waits for the database.
   */
  async add(click: ClickInput): Promise<boolean> {
    if (this.size >= this.maxPending) return false;
    this.writing += 1;
    try {
      await this.options.journal.appendSoon([click]);
    } catch (error) {
      this.options.onError(error);
      return false;
    } finally {
      this.writing -= 1;
    }
    this.pending.push(click);
    this.schedule();
    return true;
  }

  /** Clicks a process left in its journal when it died: written with the next batch. */
  restore(clicks: readonly ClickInput[]) {
    this.pending.push(...clicks);
    this.schedule();
  }

  /** Clicks taken and not yet committed. */
  get size(): number {
    return this.writing + this.pending.length + this.inFlight;
  }

  /** Writes what waits now and waits for it (shutdown, tests' settle). */
  async flush(): Promise<void> {
    clearTimeout(this.retry);
    this.retry = undefined;
    if (this.running) await this.running;
    if (this.pending.length > 0) await (this.running = this.run());
  }

  // The clicks read from the sockets in one turn of the event loop go together; those that
  // arrive while a batch is in the database go in the next.
  private schedule() {
    if (this.scheduled || this.running || this.retry) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.running && !this.retry) this.running = this.run();
    });
  }

  private async run(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        // Taken and sealed in the same turn: the sealed files hold exactly these clicks (and
        // those of earlier failed batches, which are in `pending` again).
        const batch = this.pending;
        this.pending = [];
        this.inFlight = batch.length;
        try {
          const files = await this.options.journal.seal();
          await this.options.write(batch);
          await this.options.journal.committed(files);
        } catch (error) {
          this.options.onError(error);
          // The files stay; the clicks go first in the next try (a replay of any that did
          // commit counts nothing: the once-per-window key).
          this.pending = batch.concat(this.pending);
          this.retry = setTimeout(() => {
            this.retry = undefined;
            this.schedule();
          }, this.options.retryMs ?? 1000);
          this.retry.unref();
          return;
        } finally {
          this.inFlight = 0;
        }
      }
    } finally {
      this.running = null;
    }
  }
}

/** The journal of one database's clicks under DATA_DIR. */
export const clickJournal = (dir: string) => new Journal(dir, clickLines);
