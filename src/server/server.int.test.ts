import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from './config';
import { findFreePort } from './db/embedded';
import { PACKAGE_ROOT } from './platform/paths';
import { startServer } from './server';
import { createTestDatabase } from './test/database';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

function readResponse(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('close', () => resolve(data));
  });
}

describe('graceful shutdown', () => {
  it('finishes a request that is in flight, refuses new connections, then stops', async () => {
    const database = await createTestDatabase(inject('databaseServerUrl'));
    cleanups.push(() => database.drop());
    const port = await findFreePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
    });
    const server = await startServer(config, { webDir: '/nonexistent-web-build' });

    // A request whose body is still arriving when the shutdown starts.
    const body = JSON.stringify({ email: 'someone@example.test', password: 'whatever-123' });
    const inFlight = await connect(port);
    const response = readResponse(inFlight);
    // The server has read the request's head and waits for the rest of its body.
    const started = once(server.app.server, 'request');
    inFlight.write(
      `POST /api/auth/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await started;

    const stopped = server.shutdown();
    // New connections are refused once the listener has closed.
    await expect
      .poll(() =>
        connect(port).then(
          (socket) => {
            socket.destroy();
            return 'accepted';
          },
          (error: NodeJS.ErrnoException) => error.code,
        ),
      )
      .toBe('ECONNREFUSED');

    inFlight.write(body.slice(10));
    const raw = await response;
    expect(raw).toMatch(/^HTTP\/1\.1 401 /);
    expect(raw).toContain('"message":"Invalid email or password"');
    await stopped;
  });
});

describe('the main process', () => {
  // tsx, and Lingui's macros expanded as in every other way the server runs.
  const tsxMain = [
    '--import',
    'tsx',
    '--import',
    path.join(PACKAGE_ROOT, 'scripts/lingui-register.mjs'),
    path.join(PACKAGE_ROOT, 'src/server/main.ts'),
  ];

  // tsx compiles the server before it reads the configuration: slow on a loaded machine.
  it('fails fast with a readable list of configuration problems', async () => {
    const child = spawn(process.execPath, tsxMain, {
      env: { ...process.env, PORT: 'abc', CONTACT_EMAIL: 'not-an-email', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toContain('  - PORT must be a whole number between 1 and 65535 (got "abc")');
    expect(stderr).toContain('  - CONTACT_EMAIL must be an email address (got "not-an-email")');
  }, 60_000);

  it('starts on embedded PostgreSQL and stops everything cleanly on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-main-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const port = await findFreePort();
    const child = spawn(process.execPath, tsxMain, {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk.toString()));
    const exited = once(child, 'exit');
    // A failed check must not leave the server (and its PostgreSQL) running after the test.
    cleanups.push(async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    });

    await expect
      .poll(
        async () =>
          (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status,
        // A cold start on a loaded machine (embedded PostgreSQL's initdb, tsx) takes a while.
        { timeout: 50_000, interval: 250 },
      )
      .toBe(200);
    expect(stdout).toContain(`running at http://localhost:${port}`);
    expect(stdout).toContain('admin@mea.events');

    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const postgresPid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
    expect(postgresPid).toBeGreaterThan(0);

    // Stop while the demo replays' ffmpeg runs in the background (it starts after start), so
    // the check below sees whether stopping waits for it.
    const live = path.join(dataDir, 'live');
    const demoFolders = async () =>
      (existsSync(live) ? await fs.readdir(live) : []).filter((name) => name.startsWith('demo-'));
    await expect
      .poll(async () => (await demoFolders()).length, { timeout: 30_000, interval: 50 })
      .toBeGreaterThan(0);

    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(stdout).toContain('Stopped cleanly.');
    expect(existsSync(pidFile)).toBe(false);
    expect(() => process.kill(postgresPid, 0)).toThrow();
    // That ffmpeg was stopped and its folder removed before the server said it stopped: nothing
    // writes into the data directory after it.
    expect(await demoFolders()).toEqual([]);
  }, 120_000);
});
