/**
 * Work a process holds in memory to do after the request that caused it was answered: a batch
 * waiting for its timer (promotion views, event page views), a dispatch started by a new row
 * (notification delivery), sends in flight (webhooks). Each registers here, per database handle
 * (one per app, so several test apps in one process never see each other's work), so that
 * something outside the module can do it now and wait for it: the test app's `settle()`, which
 * a test awaits before checking what that work writes, or that nothing more happened.
 */
export interface BackgroundWork {
  /** Named in settle's error when it never goes idle. */
  name: string;
  /** Whether it holds work now (a non-empty batch, a run in progress). */
  busy(): boolean;
  /** Does what it holds now (flushes a batch) and waits for what is running. */
  drain(): Promise<unknown>;
}

const registry = new WeakMap<object, Set<BackgroundWork>>();

/** Registers work kept for this database handle's app; returns the function that removes it. */
export function registerBackgroundWork(db: object, work: BackgroundWork): () => void {
  let set = registry.get(db);
  if (!set) registry.set(db, (set = new Set()));
  set.add(work);
  return () => void set.delete(work);
}

/** The work registered for this database handle's app. */
export function backgroundWorkOf(db: object): BackgroundWork[] {
  return [...(registry.get(db) ?? [])];
}
