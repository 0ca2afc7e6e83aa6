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
      gapTimeoutMs: 5000,
      maxGaps: 10_000,
    },
  ) {}

  get position(): number {
    return this.cursor;
  }

  /** Gaps still worth asking for, forgetting those older than the timeout. */
  pendingGaps(now: number): number[] {
    for (const [seq, seenAt] of this.gaps) {
      if (now - seenAt > this.options.gapTimeoutMs) this.gaps.delete(seq);
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
          this.gaps.set(missing, now);
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
