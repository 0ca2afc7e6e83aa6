// The flake finder: `npm run test:repeat -- <files or layers> --times N` runs the given test
// files N times, one round after another, and reports which tests failed in which round
// (scripts/test-lib.mjs has the argument and report logic). Exits non-zero if any round failed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  parseRepeatArgs,
  planRepeat,
  playwrightResults,
  repeatReport,
  vitestResults,
} from './test-lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

let args;
try {
  args = parseRepeatArgs(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const plan = planRepeat(args.targets);
const runsVitest = plan.vitestProjects.length > 0 || plan.vitestFiles.length > 0;
const runsBrowser = plan.wholeBrowser || plan.browserFiles.length > 0;
const work = mkdtempSync(path.join(tmpdir(), 'mea-test-repeat-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

function run(command, commandArgs, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, env, stdio: 'inherit' });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function vitestRound(n) {
  const output = path.join(work, `vitest-${n}.json`);
  const projects = plan.vitestProjects.flatMap((p) => ['--project', p]);
  const code = await run('npx', [
    'vitest',
    'run',
    ...projects,
    ...plan.vitestFiles,
    '--reporter=dot',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  const report = readJson(output);
  if (!report)
    return { passed: 0, failed: [], error: `vitest ended with exit code ${code}, no report` };
  const results = vitestResults(report, root.replace(/\/$/, ''));
  return code !== 0 && !results.failed.length
    ? { ...results, error: `vitest ended with exit code ${code}` }
    : results;
}

async function browserRound(n) {
  const output = path.join(work, `playwright-${n}.json`);
  const code = await run(
    'npx',
    [
      'playwright',
      'test',
      '-c',
      'e2e/playwright.config.ts',
      ...(plan.wholeBrowser ? [] : plan.browserFiles),
      '--reporter=dot,json',
    ],
    { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: output },
  );
  const report = readJson(output);
  if (!report)
    return { passed: 0, failed: [], error: `playwright ended with exit code ${code}, no report` };
  const results = playwrightResults(report);
  return code !== 0 && !results.failed.length
    ? { ...results, error: `playwright ended with exit code ${code}` }
    : results;
}

// The journeys run against the production build: built once, not once per round.
if (runsBrowser) {
  console.log('== npm run build');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const rounds = [];
for (let n = 1; n <= args.times; n++) {
  console.log(`\n== round ${n} of ${args.times}`);
  const round = { passed: 0, failed: [] };
  for (const part of [runsVitest && vitestRound, runsBrowser && browserRound].filter(Boolean)) {
    const result = await part(n);
    round.passed += result.passed;
    round.failed.push(...result.failed);
    if (result.error) round.error = [round.error, result.error].filter(Boolean).join('; ');
  }
  rounds.push(round);
}
const report = repeatReport(rounds);
console.log(`\n== test:repeat: ${args.targets.join(' ')}, ${args.times} rounds\n${report.text}`);
process.exitCode = report.ok ? 0 : 1;
