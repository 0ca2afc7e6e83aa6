import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { Stream, WatchGrant } from '../../../contracts/streaming';
import { streamNotifications } from '../../db/schema/notifications';
import { streams } from '../../db/schema/streaming';
import { subscriptionPlans, subscriptions } from '../../db/schema/subscriptions';
import { must } from '../../platform/must';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// What the streaming API tests share: one listening app per test file (the broadcast socket and
// the RTMP port are real), its people signed in, and the calls they make.

export const run = promisify(execFile);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * Starts the app before the file's tests and closes it after them. The people are `organizer`
 * (free tier), `planned` (an organizer on a plan with has_recording), `holder`, `other`, `coder`
 * and `admin`. With `clip`, ffmpeg makes a short webm like a browser's MediaRecorder first
 * (`app.webm`). `app.t` and the rest are set when the file's tests start.
 */
export function useStreamingApp(options: { clip?: boolean } = {}) {
  const app = { people: {}, cookies: {} } as {
    t: TestApp;
    base: string;
    rtmpPort: number;
    tmp: string;
    webm: string;
    people: Record<string, CreatedUser>;
    cookies: Record<string, string>;
  };
  const { people, cookies } = app;

  beforeAll(async () => {
    app.rtmpPort = await freePort();
    app.t = await createTestApp({
      env: {
        RATE_LIMIT_MULTIPLIER: '100',
        STREAM_END_GRACE_MS: '1500',
        RTMP_PORT: String(app.rtmpPort),
        // Long enough that the locked-table check cannot outlast it on a busy machine.
        STREAM_ROW_CACHE_MS: '5000',
      },
    });
    const { t } = app;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    app.base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    for (const name of ['organizer', 'planned', 'holder', 'other', 'coder', 'admin'])
      people[name] = await createUser(t.db, {
        userType: name === 'organizer' || name === 'planned' ? 'organizer' : 'attendee',
        roles: name === 'admin' ? ['admin'] : [],
      });
    for (const [name, user] of Object.entries(people)) cookies[name] = await t.sessionCookie(user);
    // "planned" has a plan with has_recording (spec §6); "organizer" is on the free tier.
    const [plan] = await t.db
      .insert(subscriptionPlans)
      .values({ name: 'Studio', priceMonthly: 2900, hasRecording: true })
      .returning();
    const now = t.clock.now();
    await t.db.insert(subscriptions).values({
      userId: must(people.planned, 'planned').id,
      planId: must(plan, 'plan').id,
      status: 'active',
      provider: 'local',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    });
    app.tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-stream-test-'));
    if (!options.clip) return;
    // A short, small webm like a browser's MediaRecorder makes (VP8 + Opus).
    app.webm = path.join(app.tmp, 'clip.webm');
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=15',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440',
      '-t',
      '5',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-b:v',
      '300k',
      '-c:a',
      'libopus',
      '-f',
      'webm',
      app.webm,
    ]);
  }, 120_000);
  afterAll(async () => {
    await app.t?.close();
    if (app.tmp) await fs.rm(app.tmp, { recursive: true, force: true });
  });

  const call = (
    who: string | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app.t.app.inject({ method, url, headers: who ? { cookie: cookies[who] ?? '' } : {}, payload });

  const inHours = (hours: number) =>
    new Date(app.t.clock.now().getTime() + hours * 3600_000).toISOString();

  async function newStream(
    owner: 'organizer' | 'planned',
    input: Record<string, unknown> = {},
  ): Promise<{ eventId: string; stream: Stream }> {
    const event = await createEvent(app.t.db, {
      userId: must(people[owner], owner).id,
      createdAt: app.t.clock.now(),
      eventStatus: 'published',
    });
    const response = await call(owner, 'POST', `/api/events/${event.id}/streams`, {
      title: 'Main stage live',
      scheduledStart: inHours(1),
      access: 'ticket_holders',
      chatEnabled: true,
      recordingEnabled: false,
      ...input,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { eventId: event.id, stream: response.json<Stream>() };
  }

  async function newStreamEvent() {
    const event = await createEvent(app.t.db, {
      userId: must(people.organizer, 'organizer').id,
      createdAt: app.t.clock.now(),
      eventStatus: 'published',
    });
    return event.id;
  }

  async function register(who: string, eventId: string) {
    const response = await call(who, 'POST', `/api/events/${eventId}/register`, {});
    expect(response.statusCode, response.body).toBe(201);
  }

  const activate = (streamId: string) =>
    app.t.db
      .update(streams)
      .set({ activatedAt: app.t.clock.now() })
      .where(eq(streams.id, streamId));

  async function watchUrl(who: string | null, streamId: string) {
    const response = await call(who, 'POST', `/api/streams/${streamId}/watch`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WatchGrant>();
  }

  const until = <T>(find: () => Promise<T | undefined | null | false>, ms = 20_000) =>
    vi.waitFor(
      async () => {
        const found = await find();
        if (!found) throw new Error('timed out');
        return found;
      },
      { timeout: ms, interval: 100 },
    );

  const noticesOf = (userId: string, streamId: string, type: string) =>
    app.t.db
      .select()
      .from(streamNotifications)
      .where(
        and(
          eq(streamNotifications.userId, userId),
          eq(streamNotifications.notificationType, type as 'stream_started'),
        ),
      )
      .then((rows) =>
        rows.filter((r) => (r.metadata as { stream_id?: string }).stream_id === streamId),
      );

  return {
    app,
    people,
    cookies,
    call,
    inHours,
    newStream,
    newStreamEvent,
    register,
    activate,
    watchUrl,
    until,
    noticesOf,
  };
}
