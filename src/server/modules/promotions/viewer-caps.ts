// Decision 036: the frequency cap is read from this process's copy of each viewer's views of the
// day, so a selection makes no database read for a viewer seen in the last PROMO_CAPS_MS (10 s).
// Views taken by this process are added to the copy at once; views counted by other processes
// arrive when the copy is read again. A viewer whose pages land on two processes can therefore
// see a capped item up to one copy's age late: a cap limits repetition, it is not money (the
// budgets are checked in SQL when views are charged).

export type ViewsOfDay = ReadonlyMap<string, number>;

interface Entry {
  day: string;
  views: Map<string, number>;
  loadedAt: number;
}

export class ViewerCaps {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();

  constructor(
    private readonly load: (viewer: string, day: string) => Promise<Map<string, number>>,
    private readonly maxAgeMs: number,
    private readonly maxViewers = 100_000,
    private readonly monotonicNow: () => number = () => performance.now(),
  ) {}

  /** Today's views of this viewer per campaign; `isNew`: a browser that has seen nothing yet. */
  async get(viewer: string, day: string, isNew = false): Promise<ViewsOfDay> {
    const now = this.monotonicNow();
    const ready = this.ready(viewer, day, isNew, now);
    if (ready) return ready;
    // Concurrent requests of one viewer share one read.
    const key = `${viewer}\n${day}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(viewer, day)
        .then((views) => this.keep(viewer, { day, views, loadedAt: now }))
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return (await pending).views;
  }

  /**
   * What `get` answers without a read (a fresh copy, or nothing seen yet by a new browser), else
   * undefined: selection's requests for a known viewer take this path without a promise.
   */
  peek(viewer: string, day: string, isNew = false): ViewsOfDay | undefined {
    return this.ready(viewer, day, isNew, this.monotonicNow());
  }

  private ready(viewer: string, day: string, isNew: boolean, now: number) {
    const entry = this.entries.get(viewer);
    if (entry && entry.day === day && now - entry.loadedAt < this.maxAgeMs) return entry.views;
    if (isNew) return this.keep(viewer, { day, views: new Map(), loadedAt: now }).views;
    return undefined;
  }

  /** Views this process took: counted in the copy before the batch reaches the database. */
  add(viewer: string, day: string, campaignId: string, views = 1) {
    const entry = this.entries.get(viewer);
    if (!entry || entry.day !== day) return;
    entry.views.set(campaignId, (entry.views.get(campaignId) ?? 0) + views);
  }

  private keep(viewer: string, entry: Entry): Entry {
    if (this.maxAgeMs === 0) return entry;
    this.entries.delete(viewer);
    // A Map keeps insertion order: past the bound, the oldest copy goes.
    if (this.entries.size >= this.maxViewers) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(viewer, entry);
    return entry;
  }
}
