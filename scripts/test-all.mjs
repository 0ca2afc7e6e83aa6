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
  // The journeys run on the build that was made beside the unit layer (see below).
  { name: 'browser', script: 'test:e2e:run', needsBuild: true },
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
    hasHeadlessShell: executable('/usr/bin/chromium-headless-shell'),
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

/**
 * Runs an npm script; its output is shown as it comes (`echo`) or kept until asked for (the
 * build beside the unit layer, whose lines would otherwise interleave with the tests').
 */
function runScript(script, echo) {
  const started = Date.now();
  return new Promise((resolve) => {
    // Colours survive the pipe when the output goes to a terminal.
    const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn('npm', ['run', '--silent', script], {
      env,
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    let output = '';
    for (const [stream, sink] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      stream.on('data', (chunk) => {
        output += chunk;
        if (echo) sink.write(chunk);
      });
    }
    child.on('close', (code, signal) => {
      resolve({ output, exitCode: code ?? (signal ? 1 : 0), ms: Date.now() - started });
    });
  });
}

/** Runs one layer's npm script and reads its counts and failures from the output. */
async function runLayer(layer) {
  const { output, exitCode, ms } = await runScript(layer.script, true);
  return {
    name: layer.name,
    counts: countTests(output),
    failures: failedTests(output),
    exitCode,
    ms,
  };
}

const runStarted = Date.now();
ensureSystemPackages();
// The production build the journeys run on is made while the unit layer runs: that layer keeps
// one core busy (one vitest worker, decision 064) and the build mostly the other, so the
// build's half-minute comes off the whole run instead of being added to the browser layer.
const build = runScript('build', false);
const results = [];
for (const layer of LAYERS) {
  console.log(`\n== ${layer.name} (npm run ${layer.script})\n`);
  if (layer.needsBuild) {
    const built = await build;
    process.stdout.write(built.output);
    console.log(`\n(the build took ${(built.ms / 1000).toFixed(0)} s beside the unit layer)\n`);
    if (built.exitCode !== 0) {
      results.push({
        name: layer.name,
        counts: countTests(''),
        failures: [],
        exitCode: built.exitCode,
        ms: 0,
      });
      continue;
    }
  }
  results.push(await runLayer(layer));
}
const failures = results.flatMap((r) => r.failures.map((f) => `  ${r.name} › ${f}`));
if (failures.length) console.log(`\nFailed tests:\n${failures.join('\n')}`);
console.log(`\n${wholeRunLine(results)}`);
console.log(timeLine(results, Date.now() - runStarted));
process.exitCode = results.some((r) => r.exitCode !== 0 || r.counts.failed > 0) ? 1 : 0;
