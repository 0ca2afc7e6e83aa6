import { useCallback, useEffect, useRef, useState } from 'react';
import { parseSignedCode, type DoorCounters, type DoorTicket } from '../../../contracts/door';
import type { DoorRefusal } from '../../../contracts/door-lists';
import { fetchDoorList, postSync } from './api';
import { fetchListDownload } from './check-in-lists-api';
import { rulesOf, syncedChanges, syncedList } from './stored-rules';
import {
  addScan,
  applyChanges,
  getMeta,
  getStoredList,
  loadTickets,
  markSynced,
  pendingScans,
  renewed,
  saveList,
  setMeta,
  syncedScans,
  type RenewedAnswers,
  type RenewedDays,
  type StoredList,
  type StoredScan,
} from './store';
import {
  decide,
  hashEntries,
  importPublicKey,
  ticketVerdict,
  type DoorContext,
  type DoorMode,
  type Verdict,
} from './verdict';

// One event's door on this device: the list in memory for instant verdicts, scans written to
// IndexedDB first and sent to the server whenever the browser is online.

const SYNC_BATCH = 500;
const SYNC_EVERY_MS = 15_000;
/** A failed sync tries again soon, then less often: the network often returns in steps. */
const RETRY_FIRST_MS = 500;

/**
 * A scan this device admitted that the server did not accept on sync: the ticket was admitted
 * first elsewhere (`at`, `gate`), or the check-in list refuses it (`reason`).
 */
export type Conflict =
  | { name: string; scannedAt: string; at: string; gate: string | null; reason?: undefined }
  | { name: string; scannedAt: string; reason: DoorRefusal };

export interface DoorState {
  list: StoredList;
  context: DoorContext;
  counters: DoorCounters;
  pending: number;
  conflicts: Conflict[];
  /** The list's refusals the last sync brought: the door staff must be told at once. */
  refused: Conflict[];
}

/**
 * Downloads the event's list (all tickets, the chosen types, or an organizer's check-in list with
 * its rules) and keeps it on the device.
 */
export async function downloadList(eventId: string, types: readonly string[], listId?: string) {
  const list = listId
    ? await fetchListDownload(eventId, listId)
    : await fetchDoorList(eventId, types);
  const stored: StoredList = {
    eventId,
    event: list.event,
    publicKey: list.publicKey,
    types: list.types,
    cursor: list.cursor,
    counters: list.counters,
    downloadedAt: new Date().toISOString(),
    ticketCount: list.tickets.length,
    reEntry: list.reEntry,
    questions: list.questions,
    sections: list.sections,
    checkInList: list.list,
    timeZone: list.timeZone,
  };
  await saveList(stored, list.tickets);
  return stored;
}

async function deviceId(): Promise<string> {
  const known = await getMeta('deviceId');
  if (known) return known;
  const made = crypto.randomUUID();
  await setMeta('deviceId', made);
  return made;
}

async function buildContext(list: StoredList): Promise<DoorContext> {
  const tickets = await loadTickets(list.eventId);
  const admittedHere = new Map<string, { at: string; gate: string }>();
  const outHere = new Map<string, string>();
  for (const scan of await pendingScans(list.eventId)) {
    if (!scan.ticketId) continue;
    if (scan.kind === 'out') {
      admittedHere.delete(scan.ticketId);
      outHere.set(scan.ticketId, scan.scannedAt);
    } else {
      admittedHere.set(scan.ticketId, { at: scan.scannedAt, gate: scan.gate });
      outHere.delete(scan.ticketId);
    }
  }
  return {
    eventId: list.eventId,
    key: await importPublicKey(list.publicKey),
    types: list.types,
    byId: new Map(tickets.map((t) => [t.id, t])),
    byHash: new Map(hashEntries(tickets)),
    admittedHere,
    outHere,
    rules: rulesOf(list),
  };
}

const conflictsOf = (scans: StoredScan[]): Conflict[] =>
  scans.flatMap((scan): Conflict[] => {
    if (scan.result !== 'conflict') return [];
    const name = scan.holderName ?? '';
    if (scan.reason) return [{ name, scannedAt: scan.scannedAt, reason: scan.reason }];
    if (!scan.first) return [];
    return [{ name, scannedAt: scan.scannedAt, at: scan.first.at, gate: scan.first.gate }];
  });

/**
 * This device's own state once the server answered: an admission it refused (by the list's rules,
 * or a code refunded or replaced meanwhile) no longer counts as in here, and a check-out it
 * refused no longer counts as out. Only the scan answered is undone: a later scan of the same
 * ticket, made while the sync ran, stands.
 */
export function undoRefused(
  scans: readonly StoredScan[],
  local: Pick<DoorContext, 'admittedHere' | 'outHere'>,
): Pick<DoorContext, 'admittedHere' | 'outHere'> {
  const admittedHere = new Map(local.admittedHere);
  const outHere = new Map(local.outHere);
  for (const scan of scans) {
    if (!scan.ticketId) continue;
    if (scan.kind === 'out') {
      const refused = scan.result === 'not_in' || scan.result === 'not_allowed';
      if ((refused || scan.result === 'revoked') && outHere.get(scan.ticketId) === scan.scannedAt)
        outHere.delete(scan.ticketId);
      continue;
    }
    const refused = (scan.result === 'conflict' && scan.reason) || scan.result === 'revoked';
    if (refused && admittedHere.get(scan.ticketId)?.at === scan.scannedAt)
      admittedHere.delete(scan.ticketId);
  }
  return { admittedHere, outHere };
}

export function useDoor(eventId: string) {
  const [state, setState] = useState<DoorState | null>(null);
  const [missing, setMissing] = useState(false);
  const [isOnline, setOnline] = useState(() => navigator.onLine);
  const stateRef = useRef<DoorState | null>(null);
  stateRef.current = state;
  const syncing = useRef(false);
  /** Scans being written to the device: a sync sends nothing before they are stored. */
  const writes = useRef(new Set<Promise<number>>());
  const retry = useRef<{ timer: number | undefined; delay: number }>({
    timer: undefined,
    delay: RETRY_FIRST_MS,
  });

  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      const list = await getStoredList(eventId);
      if (!isCurrent) return;
      if (!list) {
        setMissing(true);
        return;
      }
      const context = await buildContext(list);
      const pending = await pendingScans(eventId);
      const synced = await syncedScans(eventId);
      if (isCurrent)
        setState({
          list,
          context,
          counters: list.counters,
          pending: pending.length,
          conflicts: conflictsOf(synced),
          refused: [],
        });
    })();
    return () => {
      isCurrent = false;
    };
  }, [eventId]);

  const sync = useCallback(async () => {
    const current = stateRef.current;
    if (!current || syncing.current || !navigator.onLine) return;
    syncing.current = true;
    try {
      await Promise.allSettled(writes.current);
      const device = await deviceId();
      let list = current.list;
      const changes: DoorTicket[] = [];
      let counters = current.counters;
      const conflicts: Conflict[] = [];
      const answered: StoredScan[] = [];
      let renewedAnswers: RenewedAnswers | undefined;
      let renewedDays: RenewedDays | undefined;
      const pending = await pendingScans(eventId);
      // At least one round: it brings the changes since the cursor and the counters.
      for (let i = 0; i === 0 || i < pending.length; i += SYNC_BATCH) {
        const batch = pending.slice(i, i + SYNC_BATCH);
        const answer = await postSync(eventId, {
          deviceId: device,
          cursor: list.cursor,
          types: list.types,
          // The server re-checks the list's rules and keeps one entry per day by it.
          listId: list.checkInList?.id,
          // Answers come back keyed by this device's questions, as its stored ones are.
          questions: list.questions?.map((question) => question.id),
          // Without them, a list turned one entry per day brings every ticket's days.
          days: list.checkInList ? Boolean(list.checkInList.perDay) : undefined,
          scans: batch.map((scan) => ({
            code: scan.code,
            // A scanned code speaks for itself; a ticket chosen by name goes by its id.
            ticketId: scan.code ? undefined : scan.ticketId,
            scannedAt: scan.scannedAt,
            gate: scan.gate,
            kind: scan.kind ?? 'in',
          })),
        });
        const done = batch.map((scan, index) => ({
          ...scan,
          result: answer.results[index]?.result,
          first: answer.results[index]?.first ?? null,
          reason: answer.results[index]?.reason ?? undefined,
        }));
        answered.push(...done);
        await markSynced(done);
        conflicts.push(...conflictsOf(done));
        list = syncedList(list, answer);
        const changed = syncedChanges(list, answer);
        await applyChanges(list, changed, answer.answers, answer.days);
        if (answer.answers) renewedAnswers = answer.answers;
        if (answer.days) renewedDays = answer.days;
        changes.push(...changed);
        counters = answer.counters;
      }
      setState((prev) => {
        if (!prev) return prev;
        const byId =
          renewedAnswers || renewedDays
            ? new Map(
                [...prev.context.byId].map(([id, t]) => [
                  id,
                  renewed(t, renewedAnswers, renewedDays),
                ]),
              )
            : new Map(prev.context.byId);
        const byHash = new Map(prev.context.byHash);
        for (const ticket of changes) byId.set(ticket.id, ticket);
        // A changed code: its old hash now reads "replaced" (its version is below the ticket's).
        for (const [hash, entry] of hashEntries(changes)) byHash.set(hash, entry);
        const refused = conflicts.filter((conflict) => conflict.reason);
        return {
          ...prev,
          list,
          counters,
          pending: Math.max(0, prev.pending - pending.length),
          conflicts: [...prev.conflicts, ...conflicts],
          refused: refused.length ? refused : prev.refused,
          context: {
            ...prev.context,
            ...undoRefused(answered, prev.context),
            byId,
            byHash,
            rules: rulesOf(list),
          },
        };
      });
      retry.current.delay = RETRY_FIRST_MS;
    } catch {
      // Offline again or the server busy: the scans stay on the device for the next try.
      const next = retry.current;
      window.clearTimeout(next.timer);
      next.timer = window.setTimeout(() => void syncRef.current(), next.delay);
      next.delay = Math.min(next.delay * 2, SYNC_EVERY_MS);
    } finally {
      syncing.current = false;
    }
  }, [eventId]);
  const syncRef = useRef(sync);
  syncRef.current = sync;

  useEffect(() => {
    const online = () => {
      setOnline(true);
      void sync();
    };
    const offline = () => setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    const timer = window.setInterval(() => void sync(), SYNC_EVERY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.clearInterval(timer);
      window.clearTimeout(retry.current.timer);
    };
  }, [sync]);

  // The first sync once the list is loaded: counters and changes since the download.
  const isLoaded = state !== null;
  useEffect(() => {
    if (isLoaded) void sync();
  }, [isLoaded, sync]);

  /**
   * Decides, stores an admission (or a check-out) on the device, and syncs when online. The
   * verdict does not wait for the stored scan; every sync waits for it (see `writes`).
   */
  const check = useCallback(
    async (
      input: { code: string } | { ticket: DoorTicket },
      gate: string,
      mode: DoorMode = 'in',
    ): Promise<Verdict> => {
      const current = stateRef.current;
      if (!current) return { kind: 'unknown' };
      const { context } = current;
      const verdict =
        'code' in input
          ? await decide(input.code, context, mode)
          : ticketVerdict(input.ticket, input.ticket.v, context, mode);
      if (verdict.kind !== 'admitted' && verdict.kind !== 'checked_out') return verdict;
      const scannedAt = new Date().toISOString();
      const ticketId =
        'ticket' in input
          ? input.ticket.id
          : (verdict.ticket?.id ?? parseSignedCode(input.code)?.ticketId);
      const admittedHere = new Map(context.admittedHere);
      const outHere = new Map(context.outHere);
      if (ticketId && mode === 'out') {
        admittedHere.delete(ticketId);
        outHere.set(ticketId, scannedAt);
      } else if (ticketId) {
        admittedHere.set(ticketId, { at: scannedAt, gate });
        outHere.delete(ticketId);
      }
      setState((prev) =>
        prev
          ? {
              ...prev,
              pending: prev.pending + 1,
              context: { ...prev.context, admittedHere, outHere },
            }
          : prev,
      );
      stateRef.current = { ...current, context: { ...context, admittedHere, outHere } };
      // Written off the verdict's path (an IndexedDB commit is the slow part of a scan under
      // load): the write is queued now, in scan order, and every sync waits for it first.
      const write = addScan({
        eventId,
        code: 'code' in input ? input.code.trim() : '',
        ticketId,
        scannedAt,
        gate,
        synced: 0,
        kind: mode,
        holderName: verdict.ticket?.n,
      });
      writes.current.add(write);
      void write.finally(() => writes.current.delete(write));
      if (navigator.onLine) void sync();
      return verdict;
    },
    [eventId, sync],
  );

  /** The door staff read the list's refusals: the notice goes, the rows stay. */
  const dismissRefused = useCallback(
    () => setState((prev) => (prev ? { ...prev, refused: [] } : prev)),
    [],
  );

  return { state, missing, isOnline, check, sync, dismissRefused };
}
