import type { DoorScanResult } from '../../../contracts/door';

// How scans from many devices merge (decision 066): the first scan the server hears of admits the
// ticket; the device that made it sending it again, or scanning it again, is a duplicate; any other
// device's scan of a ticket already in is a conflict, told with that first admission. With
// re-entry (decision 070) a check-out scan of a guest inside takes them out, and the next admission
// scan admits again: each ticket's scans apply in scan order, the first one heard winning each
// state (in or out), so two devices checking the same guest out make one check-out.

export interface LockedTicket {
  id: string;
  status: 'valid' | 'checked_in' | 'void';
  codeVersion: number;
  transferPending: boolean;
  checkedInAt: Date | null;
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
}

export interface ScanOutcome {
  scan: IncomingScan;
  result: Exclude<DoorScanResult, 'invalid'>;
  first: Admission | null;
}

/**
 * The outcome of each new scan (in scan order), the tickets to check in (their latest admission)
 * and the tickets to check out.
 */
export function mergeScans(input: {
  deviceId: string;
  scans: readonly IncomingScan[];
  tickets: ReadonlyMap<string, LockedTicket>;
  /** Each ticket's current admission (its latest), for tickets checked in. */
  admissions: ReadonlyMap<string, Admission>;
  reEntry?: boolean;
}): {
  outcomes: ScanOutcome[];
  admit: { ticketId: string; at: Date }[];
  checkOut: string[];
} {
  const admissions = new Map(input.admissions);
  const inside = new Map<string, boolean>();
  const touched = new Set<string>();
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
    const isIn = inside.get(ticket.id) ?? ticket.status === 'checked_in';
    if (scan.kind === 'out') {
      if (!input.reEntry) outcomes.push({ scan, result: 'not_allowed', first: null });
      else if (!isIn) outcomes.push({ scan, result: 'not_in', first: null });
      else {
        inside.set(ticket.id, false);
        admissions.delete(ticket.id);
        touched.add(ticket.id);
        outcomes.push({ scan, result: 'checked_out', first: null });
      }
      continue;
    }
    if (isIn) {
      const first = admissions.get(ticket.id) ?? {
        deviceId: null,
        gate: null,
        at: ticket.checkedInAt ?? scan.scannedAt,
      };
      const result = first.deviceId === input.deviceId ? 'duplicate' : 'conflict';
      outcomes.push({ scan, result, first });
      continue;
    }
    admissions.set(ticket.id, { deviceId: input.deviceId, gate: scan.gate, at: scan.scannedAt });
    inside.set(ticket.id, true);
    touched.add(ticket.id);
    outcomes.push({ scan, result: 'admitted', first: null });
  }
  const admit: { ticketId: string; at: Date }[] = [];
  const checkOut: string[] = [];
  for (const ticketId of touched) {
    const wasIn = input.tickets.get(ticketId)?.status === 'checked_in';
    const admission = admissions.get(ticketId);
    if (inside.get(ticketId) && admission) admit.push({ ticketId, at: admission.at });
    else if (!inside.get(ticketId) && wasIn) checkOut.push(ticketId);
  }
  return { outcomes, admit, checkOut };
}
