import { PAYMENT_SUCCESS_WINDOW_MS } from '../../../contracts/limits';

/** spec §3: the pending payment record kept in browser storage while the buyer pays. */
export interface PendingPayment {
  sessionId: string;
  /** When it was stored, ms since epoch. */
  timestamp: number;
  /** Cents. */
  amount: number;
  eventId: string | null;
}

export const PENDING_PAYMENT_KEY = 'mea.pending-payment';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function savePendingPayment(record: PendingPayment, store = defaultStore()): void {
  store?.setItem(PENDING_PAYMENT_KEY, JSON.stringify(record));
}

export function readPendingPayment(store = defaultStore()): PendingPayment | null {
  const raw = store?.getItem(PENDING_PAYMENT_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingPayment>;
    if (typeof value.sessionId !== 'string' || typeof value.timestamp !== 'number') return null;
    return {
      sessionId: value.sessionId,
      timestamp: value.timestamp,
      amount: typeof value.amount === 'number' ? value.amount : 0,
      eventId: typeof value.eventId === 'string' ? value.eventId : null,
    };
  } catch {
    return null;
  }
}

/** spec §4/§5: the return matches the stored record and the record is under 10 minutes old. */
export function isPaymentReturnValid(
  record: PendingPayment | null,
  sessionId: string | null,
  now: number,
): record is PendingPayment {
  if (!record || !sessionId || record.sessionId !== sessionId) return false;
  const age = now - record.timestamp;
  return age >= 0 && age < PAYMENT_SUCCESS_WINDOW_MS;
}

/**
 * On return from payment (spec §4): decides whether the payment_success notification is due and
 * removes the stored record in either case. Returns the record when it is due, else null.
 */
export function consumePendingPayment(
  sessionId: string | null,
  now: number,
  store = defaultStore(),
): PendingPayment | null {
  const record = readPendingPayment(store);
  store?.removeItem(PENDING_PAYMENT_KEY);
  return isPaymentReturnValid(record, sessionId, now) ? record : null;
}
