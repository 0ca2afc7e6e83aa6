import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DoorCounters, DoorEvent, DoorQuestion, DoorTicket } from '../../../contracts/door';
import type { DoorSyncResult } from '../../../contracts/door';
import type { DoorCheckInList, DoorRefusal } from '../../../contracts/door-lists';

// What the check-in app keeps on the device (decision 066): downloaded lists and every scan, in
// IndexedDB, so the door keeps working with the network gone and after the page is reloaded.

export interface StoredList {
  eventId: string;
  event: DoorEvent;
  publicKey: string;
  types: string[];
  cursor: string;
  counters: DoorCounters;
  downloadedAt: string;
  ticketCount: number;
  /** Guests may check out and come back (lists stored before it existed: no). */
  reEntry?: boolean;
  /**
   * The questions whose answers the verdict shows, in the order tickets' `a` are keyed by
   * (lists stored before they carried answers: none, and the verdict asks the server online).
   */
  questions?: DoorQuestion[];
  /** Section names by id, for the seats of `st`. */
  sections?: Record<string, string>;
  /** The organizer's check-in list this device scans for (decision 116); none: no rules. */
  checkInList?: DoorCheckInList | null;
  /** The event's time zone: the day of an admission on a one-entry-per-day list. */
  timeZone?: string;
}

/** One event's tickets as one record: one write and one read for 50,000 tickets. */
interface StoredTickets {
  eventId: string;
  tickets: DoorTicket[];
}

export interface StoredScan {
  seq?: number;
  eventId: string;
  /** The scanned or typed code; empty for a ticket chosen by name. */
  code: string;
  ticketId?: string;
  scannedAt: string;
  gate: string;
  /** 0 until the server has it (IndexedDB cannot index booleans). */
  synced: 0 | 1;
  /** A check-out (re-entry); none: an admission. */
  kind?: 'in' | 'out';
  result?: DoorSyncResult['results'][number]['result'];
  first?: DoorSyncResult['results'][number]['first'];
  /** The check-in list's refusal of an admission, re-checked on the server. */
  reason?: DoorRefusal;
  holderName?: string;
}

interface DoorDb extends DBSchema {
  lists: { key: string; value: StoredList };
  tickets: { key: string; value: StoredTickets };
  scans: { key: number; value: StoredScan; indexes: { pending: [string, number] } };
  meta: { key: string; value: string };
}

let opening: Promise<IDBPDatabase<DoorDb>> | null = null;

export function doorDb(): Promise<IDBPDatabase<DoorDb>> {
  opening ??= openDB<DoorDb>('mea-check-in', 2, {
    upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        db.createObjectStore('lists', { keyPath: 'eventId' });
        const scans = db.createObjectStore('scans', { keyPath: 'seq', autoIncrement: true });
        scans.createIndex('pending', ['eventId', 'synced']);
        db.createObjectStore('meta');
      }
      // Version 1 kept a record per ticket; lists are downloaded again.
      if (oldVersion === 1) {
        db.deleteObjectStore('tickets');
        void transaction.objectStore('lists').clear();
      }
      db.createObjectStore('tickets', { keyPath: 'eventId' });
    },
  });
  return opening;
}

/** Replaces the event's list on the device with a freshly downloaded one. */
export async function saveList(list: StoredList, tickets: readonly DoorTicket[]) {
  const db = await doorDb();
  const tx = db.transaction(['lists', 'tickets'], 'readwrite');
  void tx.objectStore('tickets').put({ eventId: list.eventId, tickets: [...tickets] });
  void tx.objectStore('lists').put(list);
  await tx.done;
}

export async function loadTickets(eventId: string): Promise<DoorTicket[]> {
  return (await (await doorDb()).get('tickets', eventId))?.tickets ?? [];
}

export async function listStoredLists(): Promise<StoredList[]> {
  return (await doorDb()).getAll('lists');
}

export async function getStoredList(eventId: string): Promise<StoredList | undefined> {
  return (await doorDb()).get('lists', eventId);
}

/** Every ticket's answers: the server's new keying after the door questions changed. */
export type RenewedAnswers = NonNullable<DoorSyncResult['answers']>;

/** The ticket with the answers of `answers` (none when it has none there). */
export function withAnswers(ticket: DoorTicket, answers: RenewedAnswers): DoorTicket {
  const { a: _old, ...rest } = ticket;
  const a = answers[ticket.id];
  return a ? { ...rest, a } : rest;
}

/** Every ticket's days on a list turned one entry per day since the download. */
export type RenewedDays = NonNullable<DoorSyncResult['days']>;

/** The ticket with its days of `days` (none there: no entry on any day yet). */
const withDays = (ticket: DoorTicket, days: RenewedDays): DoorTicket => ({
  ...ticket,
  d: days[ticket.id] ?? {},
});

/** The ticket as renewed by a sync's `answers` and `days`, when it brought them. */
export const renewed = (ticket: DoorTicket, answers?: RenewedAnswers, days?: RenewedDays) => {
  const answered = answers ? withAnswers(ticket, answers) : ticket;
  return days ? withDays(answered, days) : answered;
};

/**
 * Applies what changed on the server since the device's cursor; `answers` (the door questions
 * changed, decision 099) replaces every ticket's answers first, and `days` (one entry per day
 * turned on) every ticket's days.
 */
export async function applyChanges(
  list: StoredList,
  changes: readonly DoorTicket[],
  answers?: RenewedAnswers,
  days?: RenewedDays,
): Promise<void> {
  const db = await doorDb();
  const tx = db.transaction(['lists', 'tickets'], 'readwrite');
  if (changes.length || answers || days) {
    const stored = await tx.objectStore('tickets').get(list.eventId);
    const byId = new Map(
      (stored?.tickets ?? []).map((ticket) => [ticket.id, renewed(ticket, answers, days)]),
    );
    for (const ticket of changes) byId.set(ticket.id, ticket);
    await tx.objectStore('tickets').put({ eventId: list.eventId, tickets: [...byId.values()] });
  }
  await tx.objectStore('lists').put(list);
  await tx.done;
}

export async function addScan(scan: StoredScan): Promise<number> {
  return (await doorDb()).add('scans', scan);
}

export async function pendingScans(eventId: string): Promise<StoredScan[]> {
  return (await doorDb()).getAllFromIndex('scans', 'pending', [eventId, 0]);
}

export async function syncedScans(eventId: string): Promise<StoredScan[]> {
  return (await doorDb()).getAllFromIndex('scans', 'pending', [eventId, 1]);
}

export async function markSynced(scans: readonly StoredScan[]): Promise<void> {
  const db = await doorDb();
  const tx = db.transaction('scans', 'readwrite');
  for (const scan of scans) void tx.store.put({ ...scan, synced: 1 });
  await tx.done;
}

/** A value kept on this device: its id for the server, and the gate it stands at. */
export async function getMeta(key: 'deviceId' | 'gate'): Promise<string | undefined> {
  return (await doorDb()).get('meta', key);
}

export async function setMeta(key: 'deviceId' | 'gate', value: string): Promise<void> {
  await (await doorDb()).put('meta', value, key);
}
