import { describe, expect, it } from 'vitest';
import { uuidv7 } from './uuid7';

describe('uuidv7', () => {
  it('is a version 7, RFC 9562 variant uuid carrying the millisecond time', () => {
    const at = Date.UTC(2026, 10, 21, 22, 30, 0, 123);
    const id = uuidv7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sorts by time across milliseconds, as text and as PostgreSQL compares uuids', () => {
    const ids = [0, 1, 255, 256, 65_536, 2 ** 32, 2 ** 40 + 7].map((ms) =>
      uuidv7(1_700_000_000_000 + ms),
    );
    expect([...ids].sort()).toEqual(ids);
    expect(uuidv7(0).startsWith('00000000-0000-7')).toBe(true);
  });

  it('is unique within one millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => uuidv7(1_700_000_000_000));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(0, 15))).size).toBe(1);
  });
});
