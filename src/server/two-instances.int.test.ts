// Two API processes and a separate worker on one database, as a deployment runs them behind a
// load balancer (docs/architecture.md "Scaling out"). Real processes started from the TypeScript
// entry points, so nothing here shares memory with another instance except through PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { ServerFrame } from '../contracts/realtime';
import { connectDatabase, withDatabase, type DatabaseHandle } from './db/client';
import { findFreePort } from './db/embedded';
import { MIGRATIONS_DIR, PACKAGE_ROOT } from './platform/paths';
import { withAdminClient } from './test/database';
import { createEvent, createTicketType, createUser } from './test/factories';

// tsx, with Lingui's macros expanded as everywhere the server runs (scripts/lingui-register.mjs).
const LINGUI_HOOKS = path.join(PACKAGE_ROOT, 'scripts/lingui-register.mjs');

// Same for every instance, as a deployment sets them: the site's one address (Origin checks,
// links), the secret that signs ticket codes and payment webhooks, and the push keys.
const PUBLIC_URL = 'http://mea.test';
const SHARED_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PUBLIC_URL,
  SEED_DEMO: 'false',
  SESSION_SECRET: randomBytes(32).toString('base64url'),
  ...(() => {
    const keys = webpush.generateVAPIDKeys();
    return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
  })(),
  // Each process remembers a session this long; a sign-out elsewhere must not wait for it.
  SESSION_CACHE_MS: '10000',
  RATE_LIMIT_MULTIPLIER: '100',
};

interface Proc {
  child: ChildProcess;
  output: () => string;
}

function startProcess(entry: string, env: Record<string, string>): Proc {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', LINGUI_HOOKS, path.join(PACKAGE_ROOT, entry)],
    {
      env: { ...process.env, ...SHARED_ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function waitUntil(proc: Proc, ready: () => Promise<boolean>, what: string) {
  let exited = '';
  await vi
    .waitFor(
      async () => {
        if (proc.child.exitCode !== null) {
          exited = `${what} exited (${proc.child.exitCode}):\n${proc.output()}`;
          return;
        }
        if (!(await ready().catch(() => false))) throw new Error('not ready');
      },
      { timeout: 110_000, interval: 200 },
    )
    .catch(() => {
      throw new Error(`${what} did not start:\n${proc.output()}`);
    });
  if (exited) throw new Error(exited);
}

async function stopProcess(proc: Proc) {
  if (proc.child.exitCode !== null) return;
  const exited = once(proc.child, 'exit');
  proc.child.kill('SIGTERM');
  await exited;
}

const headers = (cookie?: string) => ({
  'content-type': 'application/json',
  origin: PUBLIC_URL,
  ...(cookie ? { cookie } : {}),
});

async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function sessionEmail(base: string, cookie: string): Promise<string | null> {
  const response = await fetch(`${base}/api/auth/session`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { user: { email: string } | null };
  return body.user?.email ?? null;
}

/** A realtime socket that keeps its frames; resolves once the server said `ready`. */
async function openSocket(base: string, cookie: string) {
  const frames: ServerFrame[] = [];
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/realtime`, {
    headers: { cookie, origin: PUBLIC_URL },
  });
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as ServerFrame));
  const waitFor = <T>(find: (frames: ServerFrame[]) => T | undefined, ms = 5000) =>
    vi.waitFor(
      () => {
        const found = find(frames);
        if (found === undefined) throw new Error(`timed out; frames: ${JSON.stringify(frames)}`);
        return found;
      },
      { timeout: ms, interval: 25 },
    );
  await waitFor((f) => (f.some((frame) => frame.type === 'ready') ? true : undefined));
  return { socket, frames, waitFor };
}

let databaseUrl: string;
let db: DatabaseHandle;
let dropDatabase: () => Promise<void>;
const instances: { base: string; proc: Proc }[] = [];
let worker: Proc;
let dataDir: string;

beforeAll(async () => {
  // An empty database (not the migrated template): both instances and the worker migrate it.
  const serverUrl = inject('databaseServerUrl');
  const name = `two_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  databaseUrl = withDatabase(serverUrl, name);
  dropDatabase = () =>
    withAdminClient(serverUrl, (client) =>
      client.query(`drop database if exists ${name} with (force)`),
    ).then(() => {});
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-two-'));

  // The API instances leave the jobs to the worker (RUN_WORKERS=false), except the first, which
  // works them too: two consumers of every queue, so "run once" is something to prove.
  const ports = [await findFreePort(), await findFreePort()];
  const started = ports.map((port, i) => ({
    base: `http://127.0.0.1:${port}`,
    proc: startProcess('src/server/main.ts', {
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dataDir, `api-${i}`),
      RUN_WORKERS: i === 0 ? 'true' : 'false',
    }),
  }));
  instances.push(...started);
  worker = startProcess('src/server/worker.ts', {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dataDir, 'worker'),
  });
  await Promise.all([
    ...started.map(({ base, proc }, i) =>
      waitUntil(proc, async () => (await fetch(`${base}/api/health`)).ok, `instance ${i}`),
    ),
    waitUntil(worker, async () => worker.output().includes('Worker running.'), 'worker'),
  ]);
  db = connectDatabase(databaseUrl, { max: 4 });
}, 120_000);

afterAll(async () => {
  await Promise.all([
    ...instances.map(({ proc }) => stopProcess(proc)),
    worker && stopProcess(worker),
  ]);
  await db?.close();
  await dropDatabase?.();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}, 30_000);

const a = () => instances[0]?.base ?? '';
const b = () => instances[1]?.base ?? '';

describe('two API instances and a worker on one database', () => {
  it('applied each migration once although all three started on an empty database together', async () => {
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    const { rows } = await db.db.execute<{ applied: number; distinct: number }>(
      sql`select count(*)::int as applied, count(distinct hash)::int as distinct
          from drizzle.__drizzle_migrations`,
    );
    expect(rows[0]).toEqual({ applied: journal.entries.length, distinct: journal.entries.length });
    for (const { proc } of instances) expect(proc.child.exitCode).toBeNull();
    expect(worker.child.exitCode).toBeNull();
  });

  it('a session made on one instance works on the other, and signing out there ends it', async () => {
    const user = await createUser(db.db);
    const cookie = await signIn(a(), user.email, user.password);
    expect(await sessionEmail(b(), cookie)).toBe(user.email);
    // Now both processes hold it in their session cache.
    expect(await sessionEmail(a(), cookie)).toBe(user.email);

    const signOut = await fetch(`${b()}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie, origin: PUBLIC_URL },
    });
    expect(signOut.status).toBeLessThan(300);
    expect(await sessionEmail(b(), cookie)).toBeNull();
    // The other instance hears of it through PostgreSQL (the session channel), far sooner than
    // its cache entry would expire: the time its listener takes (polled for up to 5 s, for a
    // loaded machine).
    await expect.poll(() => sessionEmail(a(), cookie), { timeout: 5000, interval: 50 }).toBeNull();
  });

  it('a notification and a message created through one instance reach a socket on the other', async () => {
    const [alice, bob] = [await createUser(db.db), await createUser(db.db)];
    const aliceOnA = await signIn(a(), alice.email, alice.password);
    const bobOnA = await signIn(a(), bob.email, bob.password);
    const bobSocket = await openSocket(b(), bobOnA);

    const created = await fetch(`${a()}/api/notifications`, {
      method: 'POST',
      headers: headers(bobOnA),
      body: JSON.stringify({
        userId: bob.id,
        type: 'test',
        title: 'Across instances',
        message: 'Written on A, read on B',
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const received = await bobSocket.waitFor((frames) => {
      for (const frame of frames)
        if (frame.type === 'notifications')
          for (const event of frame.events) if (event.notification.id === id) return event;
      return undefined;
    });
    expect(received.op).toBe('INSERT');
    expect(received.notification.title).toBe('Across instances');

    const chat = await fetch(`${a()}/api/chats/open`, {
      method: 'POST',
      headers: headers(aliceOnA),
      body: JSON.stringify({ ref: bob.id }),
    });
    expect(chat.status).toBe(200);
    const { id: chatId } = (await chat.json()) as { id: string };
    const sent = await fetch(`${a()}/api/chats/${chatId}/messages`, {
      method: 'POST',
      headers: headers(aliceOnA),
      body: JSON.stringify({ body: 'Hello from instance A', clientId: randomUUID() }),
    });
    expect(sent.status).toBe(201);
    const message = await bobSocket.waitFor((frames) => {
      for (const frame of frames)
        if (frame.type === 'messages')
          for (const event of frame.events)
            if (event.message.body === 'Hello from instance A') return event.message;
      return undefined;
    });
    expect(message.chatId).toBe(chatId);
    bobSocket.socket.close();
  });

  it('a flash sale split across both instances sells the capacity exactly, never more', async () => {
    const capacity = 15;
    const organizer = await createUser(db.db, { userType: 'organizer' });
    const event = await createEvent(db.db, { userId: organizer.id, isFree: false });
    const type = await createTicketType(db.db, {
      eventId: event.id,
      quantity: capacity,
      priceCents: 2500,
    });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => createUser(db.db)));
    const cookies = await Promise.all(
      buyers.map((buyer, i) => signIn(i % 2 ? b() : a(), buyer.email, buyer.password)),
    );
    // Five attempts per ticket, alternating instances, all at once.
    const statuses = await Promise.all(
      Array.from({ length: capacity * 5 }, (_, i) =>
        fetch(`${i % 2 ? b() : a()}/api/orders`, {
          method: 'POST',
          headers: { ...headers(cookies[i % cookies.length]), 'idempotency-key': randomUUID() },
          body: JSON.stringify({ items: [{ ticketTypeId: type.id, quantity: 1 }] }),
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(capacity);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const { rows } = await db.db.execute<{ held: number; remaining: number }>(sql`
      select (select coalesce(sum(quantity), 0)::int from order_items where ticket_type_id = ${type.id}) as held,
        (select remaining from ticket_types where id = ${type.id}) as remaining`);
    expect(rows[0]).toEqual({ held: capacity, remaining: 0 });
  });

  it('each job queued through either instance is run exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(db.db)));
    for (const [i, user] of users.entries()) {
      const response = await fetch(`${i % 2 ? b() : a()}/api/auth/password-reset/request`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ email: user.email }),
      });
      expect(response.status).toBe(200);
    }
    const emails = users.map((u) => u.email);
    const count = async () => {
      const { rows } = await db.db.execute<{ to: string; n: number }>(
        sql`select "to", count(*)::int as n from captured_emails
            where "to" in ${emails} group by "to"`,
      );
      return rows;
    };
    await expect
      .poll(async () => (await count()).length, { timeout: 15_000, interval: 200 })
      .toBe(users.length);
    // Both processes idle: no mail job is waiting, due or running, so no second delivery is on
    // its way.
    await expect
      .poll(
        async () => {
          const { rows } = await db.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pgboss.job
                where name like 'mail.%' and state in ('created', 'retry', 'active')`,
          );
          return rows[0]?.n;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(0);
    const rows = await count();
    expect(rows.map((r) => r.to).sort()).toEqual([...emails].sort());
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });
});
