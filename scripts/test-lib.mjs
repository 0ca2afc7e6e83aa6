// The logic of `npm test` (scripts/test-all.mjs), `npm run test:repeat` (scripts/test-repeat.mjs)
// and the CI summary (scripts/test-summary.mjs), kept free of processes and files so that
// scripts/test-lib.test.ts can check it.

// Colour codes (ESC [ … m) are stripped so the counts can be matched.
const ESC = String.fromCharCode(27);
const COLOURS = new RegExp(`${ESC}\\[[0-9;]*m`, 'g');

/** Passed, failed and skipped tests in the output of vitest and Playwright runs. */
export function countTests(text) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const line of text.replaceAll(COLOURS, '').split('\n')) {
    // vitest: "      Tests  112 passed (112)" or "Tests  1 failed | 111 passed (112)"
    const vitest = line.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/);
    if (vitest?.[1]) {
      passed += Number(vitest[1].match(/(\d+) passed/)?.[1] ?? 0);
      failed += Number(vitest[1].match(/(\d+) failed/)?.[1] ?? 0);
      skipped += Number(vitest[1].match(/(\d+) skipped/)?.[1] ?? 0);
      continue;
    }
    // Playwright: "  27 passed (55.9s)", "  2 failed", "  1 skipped", "  1 flaky"
    const playwright = line.match(/^\s+(\d+) (passed|failed|skipped|flaky)( \(.+\))?\s*$/);
    if (playwright) {
      const n = Number(playwright[1]);
      if (playwright[2] === 'passed' || playwright[2] === 'flaky') passed += n;
      else if (playwright[2] === 'failed') failed += n;
      else skipped += n;
    }
  }
  return { passed, failed, skipped };
}

/**
 * The failed tests named in a vitest or Playwright log, each with the first line of its error,
 * so the end of a long CI log says which test failed and why without scrolling back.
 */
export function failedTests(text) {
  const lines = text.replaceAll(COLOURS, '').split('\n');
  const found = new Map();
  lines.forEach((line, i) => {
    // vitest: " FAIL   integration  src/x.int.test.ts > group > name"
    // Playwright: "  1) [chromium] › e2e/x.spec.ts:3:1 › name ────" (the rule only on a terminal;
    // retries repeat the header)
    const name =
      line.match(/^\s*FAIL\s+(.+\s>\s.+)$/)?.[1] ??
      line.match(/^\s+\d+\) (\S.* › .+?)\s*─*\s*$/)?.[1];
    if (!name) return;
    const key = name.replace(/\s+/g, ' ').trim();
    if (found.has(key)) return;
    const error = lines
      .slice(i + 1, i + 15)
      .map((l) => l.trim())
      .find((l) => /error|expected|timed out|timeout/i.test(l));
    found.set(key, error ? error.slice(0, 240) : '');
  });
  return [...found].map(([name, error]) => (error ? `${name}\n    ${error}` : name));
}

/** "N passed, N failed" (and skipped when there are any). */
export function countsText({ passed, failed, skipped = 0 }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

/**
 * The one closing line of `npm test`: the whole run's counts, then each layer's. A layer that
 * ended in error without a failed test to show for it (a build that broke, a crash at start-up)
 * says so, so a run is never reported green when a layer did not run.
 */
export function wholeRunLine(layers) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const parts = layers.map((layer) => {
    total.passed += layer.counts.passed;
    total.failed += layer.counts.failed;
    total.skipped += layer.counts.skipped ?? 0;
    const broke = layer.exitCode !== 0 && layer.counts.failed === 0;
    return `${layer.name} ${countsText(layer.counts)}${broke ? `, ended with exit code ${layer.exitCode} (see its output)` : ''}`;
  });
  return `${countsText(total)} (${parts.join('; ')})`;
}

/** `npm test`'s time budget on the 2-core CI machine (decision 064). */
const TEST_BUDGET_MINUTES = 15;

/**
 * The line after the counts: each layer's wall time and the whole run's against the budget, so a
 * run that creeps past it says so without anyone timing it.
 */
export function timeLine(layers, totalMs) {
  const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
  const parts = layers.map((layer) => `${layer.name} ${minutes(layer.ms)}`).join(', ');
  const over = totalMs > TEST_BUDGET_MINUTES * 60_000 ? ', over the budget' : '';
  return `time: ${parts}; whole run ${minutes(totalMs)} (budget ${TEST_BUDGET_MINUTES} min${over})`;
}

/** The Debian packages the tests drive, and the command that installs them. */
export const SYSTEM_PACKAGES_COMMAND = 'sudo apt-get install -y chromium fonts-liberation ffmpeg';

/**
 * What `npm test` does about missing system packages: nothing, install them (as .ci/run does:
 * root with apt-get), or stop at once with the command to run.
 *
 * Chromium's headless shell is optional: the journeys use it when it is there (about a third less
 * CPU than the full browser, decision 097) and the full Chromium otherwise, so only root with
 * apt-get installs it and nobody is stopped for it.
 */
export function systemPlan({ hasChromium, hasHeadlessShell, hasFfmpeg, isRoot, hasAptGet }) {
  const packages = [];
  const missing = [];
  if (!hasChromium) {
    packages.push('chromium', 'fonts-liberation');
    missing.push('Chromium at /usr/bin/chromium (the browser tests)');
  }
  if (!hasFfmpeg) {
    packages.push('ffmpeg');
    missing.push('ffmpeg (the live streaming tests)');
  }
  const canInstall = isRoot && hasAptGet;
  if (!hasHeadlessShell && canInstall) packages.push('chromium-headless-shell');
  if (!packages.length) return { action: 'ok', packages };
  if (canInstall) return { action: 'install', packages };
  return {
    action: 'stop',
    packages,
    message: `npm test needs ${missing.join(' and ')}. Install with:\n\n  ${SYSTEM_PACKAGES_COMMAND}\n`,
  };
}

const LAYERS = ['unit', 'web', 'integration', 'browser'];
/** The web layer is two vitest projects: files sharing one module graph, and files with their own. */
const LAYER_PROJECTS = { web: ['web', 'web-isolated'] };
export const REPEAT_USAGE = `Usage: npm run test:repeat -- <test files or layers> --times N

Runs the given test files N times and reports which tests failed in which round. Files are
vitest files (unit, web or integration, by their project) or Playwright journeys (e2e/*.spec.ts);
a layer name (unit, web, integration, browser) stands for all of its files.
  npm run test:repeat -- src/server/modules/marketing/marketing-smtp.int.test.ts --times 5
  npm run test:repeat -- integration --times 5`;

/** `<files or layers> --times N` (or --times=N), as test-repeat.mjs takes them. */
export function parseRepeatArgs(argv) {
  const targets = [];
  let times;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--times' || arg === '-n') times = argv[++i];
    else if (arg.startsWith('--times=')) times = arg.slice('--times='.length);
    else if (arg === '--help' || arg === '-h') throw new Error(REPEAT_USAGE);
    else if (arg.startsWith('-')) throw new Error(`Unknown option ${arg}\n\n${REPEAT_USAGE}`);
    else targets.push(arg);
  }
  const n = Number(times);
  if (times === undefined || !Number.isInteger(n) || n < 1)
    throw new Error(`--times must be a whole number of rounds, 1 or more\n\n${REPEAT_USAGE}`);
  if (!targets.length) throw new Error(`Name the test files to repeat\n\n${REPEAT_USAGE}`);
  return { targets, times: n };
}

/** The vitest projects and Playwright files the targets name. */
export function planRepeat(targets) {
  const plan = { vitestProjects: [], vitestFiles: [], browserFiles: [], wholeBrowser: false };
  for (const target of targets) {
    if (LAYERS.includes(target)) {
      if (target === 'browser') plan.wholeBrowser = true;
      else
        for (const project of LAYER_PROJECTS[target] ?? [target])
          if (!plan.vitestProjects.includes(project)) plan.vitestProjects.push(project);
    } else if (target === 'e2e' || /(^|\/)e2e\//.test(target) || target.endsWith('.spec.ts'))
      plan.browserFiles.push(target);
    else plan.vitestFiles.push(target);
  }
  return plan;
}

/** A vitest JSON report (--reporter=json): how many passed, and the names of those that failed. */
export function vitestResults(report, root = '') {
  let passed = 0;
  const failed = [];
  for (const file of report.testResults ?? []) {
    const name = relative(file.name, root);
    const tests = file.assertionResults ?? [];
    for (const test of tests) {
      if (test.status === 'passed') passed++;
      else if (test.status === 'failed')
        failed.push(`${name} > ${[...(test.ancestorTitles ?? []), test.title].join(' > ')}`);
    }
    // A file that failed outside its tests (an import, a beforeAll) has no failed test to name.
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed'))
      failed.push(`${name} (the file failed: ${firstLine(file.message)})`);
  }
  return { passed, failed };
}

/** A Playwright JSON report (--reporter=json): how many passed, and the names of those that failed. */
export function playwrightResults(report) {
  let passed = 0;
  const failed = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = [...path, spec.title].join(' > ');
        if (test.status === 'expected' || test.status === 'flaky') passed++;
        else if (test.status === 'unexpected') failed.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.file ?? suite.title]);
  for (const error of report.errors ?? []) failed.push(`(run error: ${firstLine(error.message)})`);
  return { passed, failed };
}

/**
 * The flake finder's report: each round's counts and failures, then each failed test with the
 * rounds it failed in. `rounds`: [{ passed, failed: [names], error?: string }].
 */
export function repeatReport(rounds) {
  const lines = [];
  const failedIn = new Map();
  rounds.forEach((round, i) => {
    const n = i + 1;
    lines.push(
      `round ${n}: ${round.passed} passed, ${round.failed.length} failed${round.error ? ` (${round.error})` : ''}`,
    );
    for (const name of round.failed) {
      lines.push(`  ✗ ${name}`);
      failedIn.set(name, [...(failedIn.get(name) ?? []), n]);
    }
  });
  const broken = rounds.filter((r) => r.error && !r.failed.length).length;
  if (!failedIn.size && !broken) {
    lines.push(`Stable: ${rounds.length} rounds, every test passed in every round.`);
    return { text: lines.join('\n'), ok: true };
  }
  lines.push('', 'Failed:');
  for (const [name, where] of failedIn)
    lines.push(
      `  ${name}: round${where.length > 1 ? 's' : ''} ${where.join(', ')} (${where.length} of ${rounds.length})`,
    );
  if (broken) lines.push(`  ${broken} round(s) ended in error before reporting any test`);
  return { text: lines.join('\n'), ok: false };
}

function relative(file, root) {
  return root && file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

function firstLine(text) {
  return String(text ?? 'no message')
    .replaceAll(COLOURS, '')
    .trim()
    .split('\n')[0];
}
