import { createHash } from 'node:crypto';
import type { DbExecutor } from '../../db/client';
import { addEventViews } from './analytics.queries';

/**
 * Event page views for the analytics' view→order conversion, counted cheaply: a view
 * costs a map lookup here, and the database sees one statement per process every few seconds
 * (a counter per event and day), never a row per view nor a hot row updated per view.
 *
 * One view per visitor, event and UTC day: the browser asks once a day per event, and this
 * process also drops repeats from the same visitor (its session, else its address and browser)
 * so a script cannot inflate a count through one process. The set is per process and capped; a
 * visitor whose requests land on two processes may count twice. Counts still buffered when a
 * process dies are lost: an analytics figure, not money.
 */
export class EventViewRecorder {
  private counts = new Map<string, number>();
  private seen = new Set<string>();
  private seenDay = '';
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DbExecutor,
    private readonly onError: (error: unknown) => void,
    private readonly flushMs = 2000,
    private readonly maxSeen = 200_000,
  ) {}

  /** Counts a view unless this visitor was counted for the event today; true when counted. */
  record(params: { eventId: string; visitor: string; now: Date }): boolean {
    const day = params.now.toISOString().slice(0, 10);
    if (day !== this.seenDay) {
      this.seen.clear();
      this.seenDay = day;
    }
    // Hashed: the set should not hold session tokens or addresses as they came.
    const key = createHash('sha256')
      .update(`${params.visitor}\n${params.eventId}`)
      .digest('base64url')
      .slice(0, 22);
    if (this.seen.has(key)) return false;
    // Forgetting everyone at the cap keeps memory bounded; a few repeats may count after it.
    if (this.seen.size >= this.maxSeen) this.seen.clear();
    this.seen.add(key);
    const countKey = `${params.eventId}|${day}`;
    this.counts.set(countKey, (this.counts.get(countKey) ?? 0) + 1);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
    return true;
  }

  /** Views counted and not yet written. */
  get size(): number {
    return this.counts.size;
  }

  /** Writes what is buffered (also on shutdown). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = [...this.counts].map(([key, views]) => {
      const [eventId = '', day = ''] = key.split('|');
      return { eventId, day, views };
    });
    this.counts.clear();
    if (!rows.length) return this.flushing;
    this.flushing = this.flushing
      .then(() => addEventViews(this.db, rows))
      .catch((error: unknown) => this.onError(error));
    return this.flushing;
  }
}
