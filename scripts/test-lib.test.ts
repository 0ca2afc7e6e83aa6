import { describe, expect, it } from 'vitest';
import {
  countTests,
  failedTests,
  parseRepeatArgs,
  planRepeat,
  playwrightResults,
  repeatReport,
  SYSTEM_PACKAGES_COMMAND,
  systemPlan,
  timeLine,
  vitestResults,
  wholeRunLine,
} from './test-lib.mjs';

describe('counting a run', () => {
  it('adds up vitest and Playwright summaries, colours and all', () => {
    const log = [
      '\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m845 passed\u001b[39m\u001b[22m\u001b[90m (845)\u001b[39m',
      '      Tests  2 failed | 611 passed | 2 skipped (615)',
      '  3 failed',
      '  1 flaky',
      '  122 passed (8.0m)',
    ].join('\n');
    expect(countTests(log)).toEqual({ passed: 1579, failed: 5, skipped: 2 });
  });

  it('ends npm test with one line: the whole run, then each layer; a layer that broke says so', () => {
    expect(
      wholeRunLine([
        { name: 'unit+web', counts: { passed: 845, failed: 0, skipped: 0 }, exitCode: 0 },
        { name: 'integration', counts: { passed: 614, failed: 1, skipped: 0 }, exitCode: 1 },
        { name: 'browser', counts: { passed: 0, failed: 0, skipped: 0 }, exitCode: 1 },
      ]),
    ).toBe(
      '1459 passed, 1 failed (unit+web 845 passed, 0 failed; integration 614 passed, 1 failed; ' +
        'browser 0 passed, 0 failed, ended with exit code 1 (see its output))',
    );
  });

  it("then a line of each layer's minutes and the whole run's against the 15 min budget", () => {
    const layers = [
      { name: 'unit+web', ms: 95_000 },
      { name: 'integration', ms: 230_000 },
      { name: 'browser', ms: 540_000 },
    ];
    expect(timeLine(layers, 866_000)).toBe(
      'time: unit+web 1.6 min, integration 3.8 min, browser 9.0 min; whole run 14.4 min (budget 15 min)',
    );
    expect(timeLine(layers, 901_000)).toBe(
      'time: unit+web 1.6 min, integration 3.8 min, browser 9.0 min; whole run 15.0 min ' +
        '(budget 15 min, over the budget)',
    );
  });
});

describe('naming the failures', () => {
  it('names each failed vitest and Playwright test once, with the first line of its error', () => {
    const log = [
      ' \u001b[31m×\u001b[39m delivers every recipient one mail 120ms',
      '\u001b[41m FAIL \u001b[49m \u001b[45m integration \u001b[49m src/a.int.test.ts > campaign > delivers',
      "\u001b[31mAssertionError\u001b[39m: expected 'sending' to be 'sent' // Object.is equality",
      '',
      '  ✘  2 [chromium] › e2e/b.spec.ts:2:32 › group › fails here (31ms)',
      '  1) [chromium] › e2e/b.spec.ts:2:32 › group › fails here ──────────────',
      '',
      '    Error: expect(received).toBe(expected) // Object.is equality',
      '    Retry #1 ──────────────',
      '  1) [chromium] › e2e/b.spec.ts:2:32 › group › fails here ──────────────',
      '  1 failed',
      '    [chromium] › e2e/b.spec.ts:2:32 › group › fails here ──────────────',
      '  2) [chromium] › e2e/c.spec.ts:15:1 › an owner invites a helper ',
      '',
      '    Error: locator.check: Clicking the checkbox did not change its state',
    ].join('\n');
    expect(failedTests(log)).toEqual([
      "integration src/a.int.test.ts > campaign > delivers\n    AssertionError: expected 'sending' to be 'sent' // Object.is equality",
      '[chromium] › e2e/b.spec.ts:2:32 › group › fails here\n    Error: expect(received).toBe(expected) // Object.is equality',
      '[chromium] › e2e/c.spec.ts:15:1 › an owner invites a helper\n    Error: locator.check: Clicking the checkbox did not change its state',
    ]);
    expect(failedTests('      Tests  3 passed (3)')).toEqual([]);
  });
});

describe('system packages', () => {
  const all = {
    hasChromium: true,
    hasHeadlessShell: true,
    hasFfmpeg: true,
    isRoot: false,
    hasAptGet: true,
  };

  it('does nothing when Chromium and ffmpeg are there', () => {
    expect(systemPlan(all).action).toBe('ok');
  });

  it('installs what is missing as root with apt-get, as CI does', () => {
    expect(systemPlan({ ...all, hasChromium: false, isRoot: true })).toEqual({
      action: 'install',
      packages: ['chromium', 'fonts-liberation'],
    });
  });

  it("installs Chromium's headless shell as root, and runs without it otherwise", () => {
    expect(systemPlan({ ...all, hasHeadlessShell: false, isRoot: true })).toEqual({
      action: 'install',
      packages: ['chromium-headless-shell'],
    });
    expect(systemPlan({ ...all, hasHeadlessShell: false })).toEqual({
      action: 'ok',
      packages: [],
    });
    expect(
      systemPlan({ ...all, hasChromium: false, hasHeadlessShell: false, isRoot: true }).packages,
    ).toEqual(['chromium', 'fonts-liberation', 'chromium-headless-shell']);
  });

  it('otherwise stops with the exact command to run', () => {
    const plan = systemPlan({ ...all, hasFfmpeg: false });
    expect(plan.action).toBe('stop');
    expect(plan.message).toContain('ffmpeg (the live streaming tests)');
    expect(plan.message).toContain(SYSTEM_PACKAGES_COMMAND);
    expect(SYSTEM_PACKAGES_COMMAND).toBe(
      'sudo apt-get install -y chromium fonts-liberation ffmpeg',
    );
    expect(systemPlan({ ...all, hasChromium: false, isRoot: true, hasAptGet: false }).action).toBe(
      'stop',
    );
  });
});

describe('test:repeat arguments', () => {
  it('takes files and layers and --times N', () => {
    expect(parseRepeatArgs(['a.int.test.ts', '--times', '5', 'e2e/shell.spec.ts'])).toEqual({
      targets: ['a.int.test.ts', 'e2e/shell.spec.ts'],
      times: 5,
    });
    expect(parseRepeatArgs(['integration', '--times=3'])).toEqual({
      targets: ['integration'],
      times: 3,
    });
  });

  it('refuses a missing or bad count, no files, and unknown options, with the usage', () => {
    expect(() => parseRepeatArgs(['a.test.ts'])).toThrow(/--times must be a whole number/);
    expect(() => parseRepeatArgs(['a.test.ts', '--times', '0'])).toThrow(/--times/);
    expect(() => parseRepeatArgs(['a.test.ts', '--times', '2.5'])).toThrow(/--times/);
    expect(() => parseRepeatArgs(['--times', '2'])).toThrow(/Name the test files/);
    expect(() => parseRepeatArgs(['a.test.ts', '--times', '2', '--bail'])).toThrow(
      /Unknown option --bail[\s\S]*Usage: npm run test:repeat/,
    );
  });

  it('sends vitest files to vitest and journeys to Playwright; layer names stand for a layer', () => {
    expect(
      planRepeat([
        'src/server/x.int.test.ts',
        'src/web/y.test.tsx',
        'e2e/shell.spec.ts',
        'integration',
        'web',
        'browser',
      ]),
    ).toEqual({
      vitestProjects: ['integration', 'web', 'web-isolated'],
      vitestFiles: ['src/server/x.int.test.ts', 'src/web/y.test.tsx'],
      browserFiles: ['e2e/shell.spec.ts'],
      wholeBrowser: true,
    });
  });
});

describe('test:repeat reports', () => {
  it('reads vitest JSON: failed tests by file and title, and a file that failed outside its tests', () => {
    const report = {
      testResults: [
        {
          name: '/repo/src/a.int.test.ts',
          status: 'failed',
          assertionResults: [
            { ancestorTitles: ['campaign'], title: 'sends', status: 'failed' },
            { ancestorTitles: ['campaign'], title: 'pauses', status: 'passed' },
            { ancestorTitles: [], title: 'later', status: 'skipped' },
          ],
        },
        {
          name: '/repo/src/b.int.test.ts',
          status: 'failed',
          message: 'Hook timed out in 60000ms.\n  at beforeAll',
          assertionResults: [],
        },
      ],
    };
    expect(vitestResults(report, '/repo')).toEqual({
      passed: 1,
      failed: [
        'src/a.int.test.ts > campaign > sends',
        'src/b.int.test.ts (the file failed: Hook timed out in 60000ms.)',
      ],
    });
  });

  it('reads Playwright JSON through nested describes; flaky counts as passed', () => {
    const report = {
      suites: [
        {
          title: 'shell.spec.ts',
          file: 'shell.spec.ts',
          specs: [{ title: 'home', tests: [{ status: 'expected' }] }],
          suites: [
            {
              title: 'search',
              specs: [
                { title: 'a blank term does nothing', tests: [{ status: 'unexpected' }] },
                { title: 'finds', tests: [{ status: 'flaky' }] },
                { title: 'later', tests: [{ status: 'skipped' }] },
              ],
            },
          ],
        },
      ],
      errors: [],
    };
    expect(playwrightResults(report)).toEqual({
      passed: 2,
      failed: ['shell.spec.ts > search > a blank term does nothing'],
    });
  });

  it('names each failed test with the rounds it failed in', () => {
    const { text, ok } = repeatReport([
      { passed: 10, failed: [] },
      { passed: 9, failed: ['a > sends'] },
      { passed: 9, failed: ['a > sends'] },
    ]);
    expect(ok).toBe(false);
    expect(text).toBe(
      [
        'round 1: 10 passed, 0 failed',
        'round 2: 9 passed, 1 failed',
        '  ✗ a > sends',
        'round 3: 9 passed, 1 failed',
        '  ✗ a > sends',
        '',
        'Failed:',
        '  a > sends: rounds 2, 3 (2 of 3)',
      ].join('\n'),
    );
  });

  it('is stable only when every round passed and none broke before reporting', () => {
    expect(repeatReport([{ passed: 3, failed: [] }]).ok).toBe(true);
    const broken = repeatReport([
      { passed: 3, failed: [] },
      { passed: 0, failed: [], error: 'vitest ended with exit code 1, no report' },
    ]);
    expect(broken.ok).toBe(false);
    expect(broken.text).toContain('round 2: 0 passed, 0 failed (vitest ended with exit code 1');
    expect(broken.text).toContain('1 round(s) ended in error before reporting any test');
  });
});
