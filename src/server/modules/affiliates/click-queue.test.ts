import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClickQueue, clickJournal, clickLines } from './click-queue';
import type { ClickInput } from './clicks.queries';

const click = (n: number, visitorKey = `s:v-${n}`): ClickInput => ({
  code: 'PROMO-K7QX-M2PD-9HTR',
  eventId: '00000000-0000-4000-8000-000000000001',
  viewerId: null,
  visitorKey,
  bucket: 2_950_000,
  test: false,
  now: new Date(1_796_000_000_000 + n),
});

describe('the click journal', () => {
  it('reads back what it wrote, whatever a session id holds, and skips a cut line', () => {
    const odd = click(1, 's:tab\there\nnew "line" \\ ü');
    expect(clickLines.decode(clickLines.encode(odd))).toEqual(odd);
    const line = clickLines.encode(click(2));
    expect(clickLines.decode(line.slice(0, -5))).toBeNull();
    expect(clickLines.decode(line.replace('PROMO-K7QX', 'PROMO-0000'))).toBeNull();
  });
});

describe('ClickQueue', () => {
  it('keeps the files of a failed batch until a batch with their clicks commits', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-click-queue-'));
    try {
      let fail = true;
      const written: string[] = [];
      const errors: unknown[] = [];
      const queue = new ClickQueue({
        journal: clickJournal(dir),
        onError: (error) => errors.push(error),
        retryMs: 60_000,
        write: async (batch) => {
          if (fail) throw new Error('database down');
          written.push(...batch.map((c) => c.visitorKey));
        },
      });
      expect(await Promise.all([queue.add(click(1)), queue.add(click(2))])).toEqual([true, true]);
      await queue.flush();
      expect(errors).toHaveLength(1);
      expect(await queue.add(click(3))).toBe(true);
      // The failed batch's file and the new one: nothing is deleted before it is written.
      expect(await fs.readdir(dir)).toHaveLength(2);
      expect(queue.size).toBe(3);
      fail = false;
      await queue.flush();
      expect(written).toEqual(['s:v-1', 's:v-2', 's:v-3']);
      expect(queue.size).toBe(0);
      expect(await fs.readdir(dir)).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('takes nothing when full, so the caller waits for the database instead', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-click-queue-'));
    try {
      const queue = new ClickQueue({
        journal: clickJournal(dir),
        onError: () => {},
        maxPending: 2,
        write: async () => {},
      });
      expect(
        await Promise.all([queue.add(click(1)), queue.add(click(2)), queue.add(click(3))]),
      ).toEqual([true, true, false]);
      await queue.flush();
      expect(await queue.add(click(4))).toBe(true);
      await queue.flush();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
