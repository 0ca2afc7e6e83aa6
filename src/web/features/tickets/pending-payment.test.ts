import { beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_SUCCESS_WINDOW_MS } from '../../../contracts/limits';
import {
  consumePendingPayment,
  isPaymentReturnValid,
  PENDING_PAYMENT_KEY,
  readPendingPayment,
  savePendingPayment,
  type PendingPayment,
} from './pending-payment';

const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const record: PendingPayment = { sessionId: 'cs_1', timestamp: T0, amount: 2500, eventId: 'e1' };

describe('pending payment record (spec §3, §4)', () => {
  beforeEach(() => localStorage.clear());

  it('stores sessionId, timestamp, amount in cents and eventId', () => {
    savePendingPayment(record);
    expect(JSON.parse(localStorage.getItem(PENDING_PAYMENT_KEY) ?? '')).toEqual(record);
    expect(readPendingPayment()).toEqual(record);
  });

  it('is valid only for the same session and under 10 minutes old', () => {
    expect(isPaymentReturnValid(record, 'cs_1', T0)).toBe(true);
    expect(isPaymentReturnValid(record, 'cs_1', T0 + PAYMENT_SUCCESS_WINDOW_MS - 1)).toBe(true);
    expect(isPaymentReturnValid(record, 'cs_1', T0 + PAYMENT_SUCCESS_WINDOW_MS)).toBe(false);
    expect(isPaymentReturnValid(record, 'cs_2', T0 + 1000)).toBe(false);
    expect(isPaymentReturnValid(record, null, T0 + 1000)).toBe(false);
    expect(isPaymentReturnValid(null, 'cs_1', T0)).toBe(false);
    // A record from the future (clock changed) is not trusted.
    expect(isPaymentReturnValid(record, 'cs_1', T0 - 1)).toBe(false);
  });

  it('returns the record when it matches and removes it', () => {
    savePendingPayment(record);
    expect(consumePendingPayment('cs_1', T0 + 60_000)).toEqual(record);
    expect(localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it('removes the record even when the session differs', () => {
    savePendingPayment(record);
    expect(consumePendingPayment('cs_other', T0 + 60_000)).toBeNull();
    expect(localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it('removes the record even when it is too old', () => {
    savePendingPayment(record);
    expect(consumePendingPayment('cs_1', T0 + PAYMENT_SUCCESS_WINDOW_MS + 1)).toBeNull();
    expect(localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it('ignores a missing or broken record', () => {
    expect(consumePendingPayment('cs_1', T0)).toBeNull();
    localStorage.setItem(PENDING_PAYMENT_KEY, 'oops');
    expect(consumePendingPayment('cs_1', T0)).toBeNull();
    expect(localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });
});
