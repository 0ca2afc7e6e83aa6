import type { DoorScanResult } from '../../../contracts/door';
import { admissionRefusal, type DoorRefusal } from '../../../contracts/door-lists';

// How scans from many devices merge (decision 066): the first scan the server hears of admits the
// ticket; the device that made it sending it again, or scanning it again, is a duplicate; any other
// device's scan of a ticket already in is a conflict, told with that first admission. With
// re-entry (decision 070) a check-out scan of a guest inside takes them out, and the next admission
// scan admits again: each ticket's scans apply in scan order, the first one heard winning each
// state (in or out), so two devices checking the same guest out make one check-out.
// On a one-entry-per-day list (decision 120) the state is kept per (ticket, day) instead: first
// scan wins per (code, list, day), and yesterday's admission does not make today's "already in".
// A scan the device admitted but the list's rules refuse is a conflict with its reason.

export interface LockedTicket {
  id: string;
  status: 'valid' | 'checked_in' | 'void';
  codeVersion: number;
  transferPending: boolean;
  checkedInAt: Date | null;
  ticketTypeId?: string;
  /** The ticket type's validity start. */
  typeValidFrom?: Date | null;
}

/** The check-in list's rules the server re-checks (none: any ticket, any time). */
export interface MergeRules {
  /** The types on the list; null: every type. */
  types: ReadonlySet<string> | null;
  validFrom: Date | null;
  validUntil: Date | null;
}

export interface Admission {
  /** Null: checked in at the online desk. */
  deviceId: string | null;
  gate: string | null;
  at: Date;
}

export interface IncomingScan {
  ticketId: string;
  /** The scanned code's version; null for a ticket chosen by name (its current code). */
  version: number | null;
  scannedAt: Date;
  gate: string;
  /** Defaults to an admission. */
  kind?: 'in' | 'out';
  /** On a one-entry-per-day list, the scan's day in the event's zone; none: the ticket's entry. */
  day?: string | null;
}

/** Whose admission a scan is checked against: the ticket's, or the ticket's on one day. */
export const entryKey = (ticketId: string, day?: string | null) =>
  day ? `${ticketId}|${day}` : ticketId;

export interface ScanOutcome {
  scan: IncomingScan;
  result: Exclude<DoorScanResult, 'invalid'>;
  first: Admission | null;
  reason?: DoorRefusal;
}

/**
 * The outcome of each new scan (in scan order), the tickets to check in (their latest admission)
 * and the tickets to check out.
 */
export function mergeScans(input: {
  deviceId: string;
  scans: readonly IncomingScan[];
  tickets: ReadonlyMap<string, LockedTicket>;
  /**
   * Each ticket's current admission (its latest), for tickets checked in, by `entryKey`: a
   * per-day entry is in when it is here.
   */
  admissions: ReadonlyMap<string, Admission>;
  reEntry?: boolean;
  rules?: MergeRules;
}): {
  outcomes: ScanOutcome[];
  admit: { ticketId: string; at: Date }[];
  checkOut: string[];
} {
  const admissions = new Map(input.admissions);
  const inside = new Map<string, boolean>();
  const touched = new Set<string>();
  // Each touched ticket's last word (admitted or checked out), for its own check-in state.
  const latest = new Map<string, { in: boolean; at?: Date }>();
  const outcomes: ScanOutcome[] = [];
  const inOrder = [...input.scans].sort((a, b) => a.scannedAt.getTime() - b.scannedAt.getTime());
  for (const scan of inOrder) {
    const ticket = input.tickets.get(scan.ticketId);
    // A refund, a transfer since the code was read, or one waiting to be claimed.
    if (
      !ticket ||
      ticket.status === 'void' ||
      ticket.transferPending ||
      (scan.version !== null && ticket.codeVersion !== scan.version)
    ) {
      outcomes.push({ scan, result: 'revoked', first: null });
      continue;
    }
    const key = entryKey(ticket.id, scan.day);
    if (scan.kind !== 'out') {
      const refusal = refusalOf(input.rules, ticket, scan.scannedAt);
      if (refusal) {
        outcomes.push({ scan, result: 'conflict', first: null, reason: refusal });
        continue;
      }
    }
    const isIn =
      inside.get(key) ?? (scan.day ? admissions.has(key) : ticket.status === 'checked_in');
    if (scan.kind === 'out') {
      if (!input.reEntry) outcomes.push({ scan, result: 'not_allowed', first: null });
      else if (!isIn) outcomes.push({ scan, result: 'not_in', first: null });
      else {
        inside.set(key, false);
        admissions.delete(key);
        latest.set(ticket.id, { in: false });
        touched.add(ticket.id);
        outcomes.push({ scan, result: 'checked_out', first: null });
      }
      continue;
    }
    if (isIn) {
      const first = admissions.get(key) ?? {
        deviceId: null,
        gate: null,
        at: ticket.checkedInAt ?? scan.scannedAt,
      };
      const result = first.deviceId === input.deviceId ? 'duplicate' : 'conflict';
      outcomes.push({ scan, result, first });
      continue;
    }
    const admission = { deviceId: input.deviceId, gate: scan.gate, at: scan.scannedAt };
    admissions.set(key, admission);
    inside.set(key, true);
    latest.set(ticket.id, { in: true, at: scan.scannedAt });
    touched.add(ticket.id);
    outcomes.push({ scan, result: 'admitted', first: null });
  }
  const admit: { ticketId: string; at: Date }[] = [];
  const checkOut: string[] = [];
  for (const ticketId of touched) {
    const wasIn = input.tickets.get(ticketId)?.status === 'checked_in';
    const last = latest.get(ticketId);
    if (last?.in && last.at) admit.push({ ticketId, at: last.at });
    else if (!last?.in && wasIn) checkOut.push(ticketId);
  }
  return { outcomes, admit, checkOut };
}

function refusalOf(
  rules: MergeRules | undefined,
  ticket: LockedTicket,
  at: Date,
): DoorRefusal | undefined {
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  return (
    admissionRefusal(
      {
        onList: !rules?.types || rules.types.has(ticket.ticketTypeId ?? ''),
        validFrom: iso(rules?.validFrom),
        validUntil: iso(rules?.validUntil),
        typeValidFrom: iso(ticket.typeValidFrom),
      },
      at,
    )?.reason ?? undefined
  );
}
