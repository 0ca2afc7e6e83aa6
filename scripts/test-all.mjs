// `npm test`: the unit and web tests, the integration tests and the browser journeys, each run
// even when an earlier one failed (a failure in one layer never hides the state of the others),
// then one line with the whole run's counts and each layer's. Exits non-zero if anything failed.
//
// First it makes sure of the Debian packages the tests drive (Chromium, ffmpeg): installed here
// when running as root with apt-get (as .ci/run does), otherwise it stops at once with the
// command to run, rather than minutes later in the middle of the browser layer.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { countTests, failedTests, systemPlan, timeLine, wholeRunLine } from './test-lib.mjs';

const LAYERS = [
  { name: 'unit+web', script: 'test:unit' },
  { name: 'integration', script: 'test:integration' },
  { name: 'browser', script: 'test:e2e' },
];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  if (command.includes('/')) return executable(command);
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && executable(path.join(dir, command)));
}

function systemState() {
  return {
    hasChromium: executable('/usr/bin/chromium'),
    hasFfmpeg: onPath(process.env.FFMPEG_PATH || 'ffmpeg'),
    isRoot: process.getuid?.() === 0,
    hasAptGet: onPath('apt-get'),
  };
}

function ensureSystemPackages() {
  const plan = systemPlan(systemState());
  if (plan.action === 'ok') return;
  if (plan.action === 'stop') {
    console.error(plan.message);
    process.exit(1);
  }
  console.log(`== installing Debian packages: ${plan.packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...plan.packages],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit code ${result.status})`);
      process.exit(1);
    }
  }
  if (systemPlan(systemState()).action !== 'ok') {
    console.error('The Debian packages were installed but are still not found.');
    process.exit(1);
  }
}

/** Runs one layer's npm script, showing its output as it comes and keeping it for the counts. */
function runLayer(layer) {
  const started = Date.now();
  return new Promise((resolve) => {
    // Colours survive the pipe when the output goes to a terminal.
    const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn('npm', ['run', '--silent', layer.script], {
      env,
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code, signal) => {
      resolve({
        name: layer.name,
        counts: countTests(output),
        failures: failedTests(output),
        exitCode: code ?? (signal ? 1 : 0),
        ms: Date.now() - started,
      });
    });
  });
}

const runStarted = Date.now();
ensureSystemPackages();
const results = [];
for (const layer of LAYERS) {
  console.log(`\n== ${layer.name} (npm run ${layer.script})\n`);
  results.push(await runLayer(layer));
}
const failures = results.flatMap((r) => r.failures.map((f) => `  ${r.name} › ${f}`));
if (failures.length) console.log(`\nFailed tests:\n${failures.join('\n')}`);
console.log(`\n${wholeRunLine(results)}`);
console.log(timeLine(results, Date.now() - runStarted));
process.exitCode = results.some((r) => r.exitCode !== 0 || r.counts.failed > 0) ? 1 : 0;
