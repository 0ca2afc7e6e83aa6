import type { DoorScanResult } from '../../../contracts/door';

// How scans from many devices merge (decision 066): the first scan the server hears of admits the
// ticket; the device that made it sending it again, or scanning it again, is a duplicate; any other
// device's scan of a ticket already in is a conflict, told with that first admission.

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
}

export interface ScanOutcome {
  scan: IncomingScan;
  result: Exclude<DoorScanResult, 'invalid'>;
  first: Admission | null;
}

/** The outcome of each new scan (in scan order) and the tickets to check in. */
export function mergeScans(input: {
  deviceId: string;
  scans: readonly IncomingScan[];
  tickets: ReadonlyMap<string, LockedTicket>;
  admissions: ReadonlyMap<string, Admission>;
}): { outcomes: ScanOutcome[]; admit: { ticketId: string; at: Date }[] } {
  const admissions = new Map(input.admissions);
  const outcomes: ScanOutcome[] = [];
  const admit: { ticketId: string; at: Date }[] = [];
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
    const first =
      admissions.get(ticket.id) ??
      (ticket.status === 'checked_in'
        ? { deviceId: null, gate: null, at: ticket.checkedInAt ?? scan.scannedAt }
        : null);
    if (first) {
      const result = first.deviceId === input.deviceId ? 'duplicate' : 'conflict';
      outcomes.push({ scan, result, first });
      continue;
    }
    const admission = { deviceId: input.deviceId, gate: scan.gate, at: scan.scannedAt };
    admissions.set(ticket.id, admission);
    admit.push({ ticketId: ticket.id, at: scan.scannedAt });
    outcomes.push({ scan, result: 'admitted', first: null });
  }
  return { outcomes, admit };
}
