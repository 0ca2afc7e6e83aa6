import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BENCH_NAMES, unknownBenchMessage } from './names';

describe('bench names', () => {
  it('accepts no name (every bench) and each known name', () => {
    expect(unknownBenchMessage(undefined)).toBeUndefined();
    for (const name of BENCH_NAMES) expect(unknownBenchMessage(name)).toBeUndefined();
  });

  it('answers an unknown name with every bench it could have meant', () => {
    const message = unknownBenchMessage('flash-sale');
    expect(message).toContain('No bench named "flash-sale"');
    for (const name of BENCH_NAMES) expect(message).toContain(name);
  });

  it('lists exactly the benches run-all.ts runs (the reports of its report files)', () => {
    const source = ['./reports-site.ts', './reports-traffic.ts', './reports-ticketing.ts']
      .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
      .join('\n');
    const ran = new Set(
      [...source.matchAll(/^ {2}'?([a-z-]+)'?: async \(\) => \{$/gm)].map((m) => m[1]),
    );
    expect([...ran].sort()).toEqual([...BENCH_NAMES].sort());
  });

  it('`npm run bench <unknown>` names the benches and exits 1 before building anything', async () => {
    const run = promisify(execFile)(
      'npx',
      ['tsx', '--import', './scripts/lingui-register.mjs', 'bench/run-all.ts', 'nosuch'],
      {
        cwd: new URL('..', import.meta.url).pathname,
      },
    );
    const failure = await run.then(
      () => undefined,
      (error: { code?: number; stderr?: string; stdout?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('No bench named "nosuch"');
    expect(failure?.stderr).toContain('web-vitals');
    expect(failure?.stdout).toBe('');
  }, 60_000);
});
