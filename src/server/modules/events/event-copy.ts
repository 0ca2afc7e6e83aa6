import type { DbExecutor } from '../../db/client';

/**
 * Event duplication's extension point: "Duplicate event" copies the event row and its ticket
 * types itself, then runs every registered copier, so a module that keeps per-event settings in
 * its own tables (questions, products, capacity pools, access codes…) copies them too.
 *
 * How a module adds its copier: one call at the top level of its own `<m>.module.ts` (the file
 * `modules/registry.ts` imports, so the copier is registered before any request runs), imported
 * through the events service as module boundaries require:
 *
 *   import { registerEventCopier } from '../events/events.service';
 *   registerEventCopier('questions', async (tx, ctx) => {
 *     const rows = await tx.select().from(questions).where(eq(questions.eventId, ctx.fromEventId));
 *     // insert copies with eventId: ctx.toEventId, ticket type ids mapped through
 *     // ctx.ticketTypeIds, dates moved by ctx.shiftMs; publish your own id map if another
 *     // copier needs it: ctx.idMaps.set('questions', map)
 *   });
 *
 * Rules for a copier:
 * - Copy configuration only, never usage: no orders, holds, answers, used counts, offers.
 * - Use `tx` for every statement: all copiers run in the duplication's one transaction, so a
 *   copier that throws leaves no half-copied event (the new draft is rolled back with it).
 * - A copier that needs another's ids (pools over products) names it in `after`; otherwise
 *   copiers run in registration order. The ticket types' copier (`TICKET_TYPES_COPIER`, the
 *   tickets module's) always runs first and fills `ticketTypeIds`.
 */
export interface EventCopyContext {
  fromEventId: string;
  toEventId: string;
  /**
   * Old ticket type id → its copy's id (every type of the source event, hidden ones too); the
   * ticket types' copier fills it, the others only read it.
   */
  ticketTypeIds: Map<string, string>;
  /**
   * Id maps copiers publish for later ones, by copier name (e.g. 'products' → old id → new id).
   * The ticket types' map is also here as 'ticketTypes'.
   */
  idMaps: Map<string, ReadonlyMap<string, string>>;
  /** How far the copy's dates moved (new start − old start), in ms: shift dated settings by it. */
  shiftMs: number;
  now: Date;
  /** The organizer (or admin) duplicating the event. */
  actorId: string;
}

export type EventCopier = (tx: DbExecutor, ctx: EventCopyContext) => Promise<void>;

interface Registered {
  name: string;
  copy: EventCopier;
  after: readonly string[];
}

/** The name of the copier every other one runs after (it makes the ticket types' id map). */
export const TICKET_TYPES_COPIER = 'ticketTypes';

const copiers: Registered[] = [];

/**
 * Adds a module's copier; registering a name twice replaces the first (module reloads in tests).
 * Returns a function that removes it again (a test's own copier must not outlive its file).
 */
export function registerEventCopier(
  name: string,
  copy: EventCopier,
  options: { after?: readonly string[] } = {},
): () => void {
  const entry = { name, copy, after: options.after ?? [] };
  const index = copiers.findIndex((c) => c.name === name);
  if (index >= 0) copiers[index] = entry;
  else copiers.push(entry);
  return () => {
    const at = copiers.indexOf(entry);
    if (at >= 0) copiers.splice(at, 1);
  };
}

/** The copiers in the order they run: registration order, each after the ones it names. */
export function orderedCopiers(list: readonly Registered[] = copiers): Registered[] {
  const byName = new Map(list.map((c) => [c.name, c]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const ordered: Registered[] = [];
  const visit = (c: Registered) => {
    if (done.has(c.name)) return;
    if (visiting.has(c.name)) throw new Error(`Event copiers depend on each other: ${c.name}`);
    visiting.add(c.name);
    const after = c.name === TICKET_TYPES_COPIER ? c.after : [TICKET_TYPES_COPIER, ...c.after];
    // A copier named in `after` that is not registered (its module absent) is simply skipped.
    for (const dep of after) {
      const d = byName.get(dep);
      if (d) visit(d);
    }
    visiting.delete(c.name);
    done.add(c.name);
    ordered.push(c);
  };
  for (const c of list) visit(c);
  return ordered;
}

/** Runs every registered copier inside the duplication's transaction. */
export async function runEventCopiers(tx: DbExecutor, ctx: EventCopyContext): Promise<void> {
  for (const c of orderedCopiers()) await c.copy(tx, ctx);
}
