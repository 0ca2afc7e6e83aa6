import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ViewBuffer, type PendingView } from './view-buffer';
import { ViewerCaps } from './viewer-caps';
import { ViewJournal } from './view-journal';

const view = (serveId: string, campaignId = 'c1'): PendingView => ({
  serveId,
  campaignId,
  viewer: 'a:x',
  day: '2026-11-26',
});

describe('ViewBuffer', () => {
  it('takes each serving once per process and writes what waits in one batch', async () => {
    const written: PendingView[][] = [];
    const buffer = new ViewBuffer({
      flushMs: 60_000,
      onError: () => {},
      write: async (batch) => {
        written.push(batch);
        return batch.length;
      },
    });
    expect(buffer.add([view('s1'), view('s1'), view('s2')]).map((v) => v.serveId)).toEqual([
      's1',
      's2',
    ]);
    expect(buffer.add([view('s2'), view('s3')]).map((v) => v.serveId)).toEqual(['s3']);
    expect(await buffer.flush()).toBe(3);
    // Written already: a repeat is still answered "not taken" (remembered), and not written.
    expect(buffer.add([view('s1')])).toEqual([]);
    expect(await buffer.flush()).toBe(0);
    expect(written.map((batch) => batch.map((v) => v.serveId))).toEqual([['s1', 's2', 's3']]);
  });

  it('keeps a failed batch for the next one, within its bound', async () => {
    let fail = true;
    const errors: unknown[] = [];
    const written: string[] = [];
    const buffer = new ViewBuffer({
      flushMs: 60_000,
      maxPending: 3,
      onError: (error) => errors.push(error),
      write: async (batch) => {
        if (fail) throw new Error('database down');
        written.push(...batch.map((v) => v.serveId));
        return batch.length;
      },
    });
    buffer.add([view('s1'), view('s2')]);
    expect(await buffer.flush()).toBe(0);
    expect(errors).toHaveLength(1);
    expect(buffer.size).toBe(2);
    // Full at three: the fourth is not taken (answered 0) rather than growing without end.
    expect(buffer.add([view('s3'), view('s4')]).map((v) => v.serveId)).toEqual(['s3']);
    fail = false;
    expect(await buffer.flush()).toBe(3);
    expect(written.sort()).toEqual(['s1', 's2', 's3']);
  });
});

describe('ViewerCaps', () => {
  it('reads a viewer once within its age, counts this process’s views at once, reads again after', async () => {
    let clock = 0;
    const loads: string[] = [];
    const caps = new ViewerCaps(
      async (viewer, day) => {
        loads.push(`${viewer} ${day}`);
        return new Map([['c1', 1]]);
      },
      10_000,
      2,
      () => clock,
    );
    expect((await caps.get('a:x', 'd1')).get('c1')).toBe(1);
    caps.add('a:x', 'd1', 'c1');
    expect((await caps.get('a:x', 'd1')).get('c1')).toBe(2);
    expect(loads).toEqual(['a:x d1']);
    // A new day, or an older copy, is read again (other processes' views).
    expect((await caps.get('a:x', 'd2')).get('c1')).toBe(1);
    clock = 10_001;
    await caps.get('a:x', 'd2');
    expect(loads).toEqual(['a:x d1', 'a:x d2', 'a:x d2']);
    // A browser given its key by this request has seen nothing: no read.
    expect((await caps.get('a:new', 'd2', true)).size).toBe(0);
    expect(loads).toHaveLength(3);
  });

  it('keeps at most maxViewers copies, the oldest going first', async () => {
    let loads = 0;
    const caps = new ViewerCaps(
      async () => {
        loads += 1;
        return new Map();
      },
      10_000,
      2,
      () => 0,
    );
    await caps.get('v1', 'd');
    await caps.get('v2', 'd');
    await caps.get('v3', 'd');
    await caps.get('v3', 'd');
    await caps.get('v2', 'd');
    expect(loads).toBe(3);
    await caps.get('v1', 'd');
    expect(loads).toBe(4);
  });
});

describe('ViewBuffer with its journal', () => {
  const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const fileView = (n: number): PendingView => ({
    serveId: uuid(n),
    campaignId: uuid(1000),
    viewer: 'a:x',
    day: '2026-11-26',
  });

  it('keeps the files of a failed batch until a batch with their views commits', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-view-buffer-'));
    try {
      const journal = new ViewJournal(dir);
      let fail = true;
      const written: string[] = [];
      const buffer = new ViewBuffer({
        flushMs: 60_000,
        journal,
        onError: () => {},
        write: async (batch) => {
          if (fail) throw new Error('database down');
          written.push(...batch.map((v) => v.serveId));
          return batch.length;
        },
      });
      buffer.add([fileView(1), fileView(2)]);
      expect(await fs.readdir(dir)).toHaveLength(1);
      expect(await buffer.flush()).toBe(0);
      buffer.add([fileView(3)]);
      // The failed batch's file and the new one: nothing is deleted before it is written.
      expect(await fs.readdir(dir)).toHaveLength(2);
      fail = false;
      expect(await buffer.flush()).toBe(3);
      expect(written.sort()).toEqual([uuid(1), uuid(2), uuid(3)]);
      expect(await fs.readdir(dir)).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('gives back what a process that is gone left on file, not what a live journal writes', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-view-buffer-'));
    try {
      const live = new ViewJournal(dir);
      live.append([fileView(1)]);
      // A pid no process has (beyond Linux's pid_max), and a last line cut short by the crash.
      const dead = `${String(2 ** 22 + 1)}-${uuid(7)}.views`;
      const v = fileView(2);
      await fs.writeFile(
        path.join(dir, dead),
        `${v.serveId}\t${v.campaignId}\t${v.day}\t${v.viewer}\n${uuid(3)}\t${uuid(10).slice(0, 20)}`,
      );
      const left = await new ViewJournal(dir).leftBehind();
      expect(left.files).toEqual([path.join(dir, dead)]);
      expect(left.views).toEqual([v]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
