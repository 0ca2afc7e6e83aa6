/** How long a skipped number is asked for again before it counts as a rollback. */
export const GAP_TIMEOUT_MS = 5000;

/**
 * Reads "everything after the cursor" from a table ordered by a sequence without losing rows.
 *
 * Sequence numbers are taken when a row is written but become visible when its transaction
 * commits, so 41 can appear after 42 was read. Numbers skipped over are kept as gaps and asked
 * for again (`seq = ANY(gaps)`) until they show up or are old enough to be a rollback or an
 * `ON CONFLICT DO NOTHING` that used up a number.
 */
export class SeqCursor {
  private gaps = new Map<number, number>();

  constructor(
    private cursor: number,
    private readonly options: { gapTimeoutMs: number; maxGaps: number } = {
      gapTimeoutMs: GAP_TIMEOUT_MS,
      maxGaps: 10_000,
    },
    /** Numbers known to be other tables' rows (TakenSeqs): never gaps. */
    private readonly taken: { has(seq: number): boolean } = { has: () => false },
  ) {}

  get position(): number {
    return this.cursor;
  }

  /** Gaps still worth asking for, forgetting those older than the timeout. */
  pendingGaps(now: number): number[] {
    for (const [seq, seenAt] of this.gaps) {
      if (now - seenAt > this.options.gapTimeoutMs || this.taken.has(seq)) this.gaps.delete(seq);
    }
    return [...this.gaps.keys()];
  }

  /**
   * Takes the sequence numbers a read returned (ascending) and says which are new: beyond the
   * cursor, or filling a gap. Anything else was delivered before.
   */
  accept(seqs: number[], now: number): Set<number> {
    const fresh = new Set<number>();
    for (const seq of seqs) {
      if (seq > this.cursor) {
        for (let missing = this.cursor + 1; missing < seq; missing++) {
          if (this.gaps.size >= this.options.maxGaps) break;
          if (!this.taken.has(missing)) this.gaps.set(missing, now);
        }
        this.cursor = seq;
        fresh.add(seq);
      } else if (this.gaps.delete(seq)) {
        fresh.add(seq);
      }
    }
    return fresh;
  }

  /** Starts over from `seq` (nobody was listening, so nothing before it is owed). */
  reset(seq: number): void {
    this.cursor = Math.max(this.cursor, seq);
    this.gaps.clear();
  }
}

/**
 * Sequence numbers the sources have read lately. The sources share one sequence, so a number one
 * source skips over is usually another source's row, not a late commit: asking every table for
 * every other table's numbers for 5 s made each read look up thousands of them. Kept for the gap
 * timeout; every source is read at least once per idle poll, well within it.
 */
export class TakenSeqs {
  /** Number → when it was read; in the order they were read, so the oldest come first. */
  private readonly seqs = new Map<number, number>();

  constructor(private readonly keepMs = GAP_TIMEOUT_MS) {}

  add(seq: number, now: number): void {
    this.seqs.set(seq, now);
  }

  has(seq: number): boolean {
    return this.seqs.has(seq);
  }

  /** Forgets numbers read longer ago than keepMs. */
  prune(now: number): void {
    for (const [seq, readAt] of this.seqs) {
      if (now - readAt <= this.keepMs) break;
      this.seqs.delete(seq);
    }
  }

  get size(): number {
    return this.seqs.size;
  }
}
