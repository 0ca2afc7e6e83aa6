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
   * Takes the sequence numbers a read returned (ascending) and says which are new (in the same
   * order): beyond the cursor, or filling a gap. Anything else was delivered before.
   */
  accept(seqs: number[], now: number): number[] {
    const fresh: number[] = [];
    for (const seq of seqs) {
      if (seq > this.cursor) {
        for (let missing = this.cursor + 1; missing < seq; missing++) {
          if (this.gaps.size >= this.options.maxGaps) break;
          if (!this.taken.has(missing)) this.gaps.set(missing, now);
        }
        this.cursor = seq;
        fresh.push(seq);
      } else if (this.gaps.delete(seq)) {
        fresh.push(seq);
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
 * every other table's numbers for 5 s made each read look up thousands of them.
 *
 * One bit per number over a window of the newest `window` numbers (128 KB for 2^20, nearly a
 * minute at 20,000 rows a second), not a Map of every number read: that was an insert and a
 * delete per row (and a table rehashed as it grew) on the path of every delivered row. Keeping a
 * number longer than needed is harmless (a number read by one source is never another's row);
 * forgetting it only costs a source one more look at a gap it does not have.
 */
export class TakenSeqs {
  private readonly bits: Uint32Array;
  /** The first number the window holds (a multiple of 32); numbers below it are forgotten. */
  private base = 0;

  constructor(window = 1 << 20) {
    this.bits = new Uint32Array(Math.max(1, Math.ceil(window / 32)));
  }

  add(seq: number): void {
    if (seq < this.base) return;
    if (seq >= this.base + this.bits.length * 32) this.slide(seq);
    const offset = seq - this.base;
    this.bits[offset >>> 5] = (this.bits[offset >>> 5] ?? 0) | (1 << (offset & 31));
  }

  has(seq: number): boolean {
    const offset = seq - this.base;
    if (offset < 0 || offset >= this.bits.length * 32) return false;
    return ((this.bits[offset >>> 5] ?? 0) & (1 << (offset & 31))) !== 0;
  }

  /** How many numbers the window holds (counted when asked: the hub never asks). */
  get size(): number {
    let count = 0;
    for (const word of this.bits) count += popcount(word);
    return count;
  }

  /** Moves the window up so that `seq` is in its newer half, forgetting the oldest numbers. */
  private slide(seq: number): void {
    const words = this.bits.length;
    const newBase = Math.max(this.base, (Math.floor((seq - (words * 32) / 2) / 32) + 1) * 32);
    const shift = (newBase - this.base) / 32;
    if (shift < words) {
      this.bits.copyWithin(0, shift);
      this.bits.fill(0, words - shift);
    } else this.bits.fill(0);
    this.base = newBase;
  }
}

function popcount(word: number): number {
  let n = word - ((word >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
