// Decision 036: a view beacon is answered at once and its views wait here, in this process, for
// the next batch (every PROMO_VIEW_FLUSH_MS, 1 s). One transaction then records the whole
// batch's once-only marks, charges every campaign it touched in one capped statement and adds
// the viewers' views of the day: a handful of statements a second instead of a transaction of
// about ten statements per beacon, and each campaign row is written once a second per process
// instead of once per beacon. Money stays exact because the charge is the same guarded one (it
// takes only what both budgets still cover). A crash loses none of the views answered but not
// yet written: they are in the journal (view-journal.ts, decision 152) first.

export interface PendingView {
  serveId: string;
  campaignId: string;
  viewer: string;
  /** The UTC day the view happened (the day its spend and the viewer's cap belong to). */
  day: string;
}

/** Where taken views are kept until their batch commits (view-journal.ts). */
export interface ViewJournalLike {
  append(views: readonly PendingView[]): void;
  seal(): Promise<string[]>;
  committed(files: readonly string[]): Promise<void>;
}

export interface ViewBufferOptions {
  /** Writes one batch in one transaction; returns how many views it counted. */
  write: (batch: PendingView[]) => Promise<number>;
  onError: (error: unknown) => void;
  /** 0: every add is written before it is answered (tests). */
  flushMs: number;
  /** Views kept for the next try when a batch fails (a database outage); beyond it they drop. */
  maxPending?: number;
  /** Serve ids remembered per generation, so a repeated beacon is answered "not counted". */
  maxRemembered?: number;
  /** Without one, views answered but not written are lost when the process dies. */
  journal?: ViewJournalLike;
}

export class ViewBuffer {
  private pending = new Map<string, PendingView>();
  // Two generations of the serve ids taken recently: a repeat is answered 0 here without a
  // database read. Older repeats are caught by the marks' primary key when the batch is written
  // (answered as taken, then not counted).
  private remembered = new Set<string>();
  private previous = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<number> = Promise.resolve(0);
  /** Views of the batch being written: they come back to `pending` if it fails. */
  private inFlight = 0;
  private readonly maxPending: number;
  private readonly maxRemembered: number;

  constructor(private readonly options: ViewBufferOptions) {
    this.maxPending = options.maxPending ?? 500_000;
    this.maxRemembered = options.maxRemembered ?? 50_000;
  }

  /**
   * Takes the views not seen before by this process; returns those it took. With a journal they
   * are on file before this returns (it throws, taking none, when the file cannot be written).
   */
  add(views: readonly PendingView[]): PendingView[] {
    const taken: PendingView[] = [];
    const ids = new Set<string>();
    for (const view of views) {
      if (ids.has(view.serveId) || this.isKnown(view.serveId)) continue;
      // A long database outage: memory stays bounded and the rest is not taken (answered 0).
      if (this.pending.size + this.inFlight + taken.length >= this.maxPending) break;
      ids.add(view.serveId);
      taken.push(view);
    }
    if (taken.length === 0) return taken;
    this.options.journal?.append(taken);
    for (const view of taken) {
      this.remember(view.serveId);
      this.pending.set(view.serveId, view);
    }
    this.schedule();
    return taken;
  }

  /** Views a process left in its journal when it died: written with the next batch. */
  restore(views: readonly PendingView[]) {
    for (const view of views) {
      if (this.isKnown(view.serveId)) continue;
      this.remember(view.serveId);
      this.pending.set(view.serveId, view);
    }
  }

  private schedule() {
    if (this.pending.size > 0 && this.options.flushMs > 0 && !this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushMs);
      this.timer.unref();
    }
  }

  /** Views waiting for the next batch. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * Writes what is waiting (the timer, each beacon when flushMs is 0, and shutdown). Batches run
   * one after another in a process; resolves with the views the batch counted.
   */
  flush(): Promise<number> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(async () => {
      const journal = this.options.journal;
      if (this.pending.size === 0 && !journal) return 0;
      const batch = [...this.pending.values()];
      this.pending = new Map();
      this.inFlight = batch.length;
      try {
        const files = journal ? await journal.seal() : [];
        const counted = batch.length > 0 ? await this.options.write(batch) : 0;
        if (journal && files.length > 0) await journal.committed(files);
        return counted;
      } catch (error) {
        this.options.onError(error);
        // Nothing of a failed batch was written (one transaction), and its files stay: try it
        // again with the next. `add` left room for it (pending + in flight stay within bound).
        for (const view of batch)
          if (!this.pending.has(view.serveId)) this.pending.set(view.serveId, view);
        this.schedule();
        return 0;
      } finally {
        this.inFlight = 0;
      }
    });
    return this.flushing;
  }

  private isKnown(serveId: string): boolean {
    return this.pending.has(serveId) || this.remembered.has(serveId) || this.previous.has(serveId);
  }

  private remember(serveId: string) {
    if (this.remembered.size >= this.maxRemembered) {
      this.previous = this.remembered;
      this.remembered = new Set();
    }
    this.remembered.add(serveId);
  }
}
