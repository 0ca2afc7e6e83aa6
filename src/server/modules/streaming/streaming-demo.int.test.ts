import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../db/schema/streaming';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { must } from '../../platform/must';
import { createUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { LiveStreams } from './live';
import { seedDemoReplays } from './recordings.service';
import { seedStreaming } from './streaming.seed';
import { useStreamingApp } from './streaming.test-kit';

// The demo streams: the seed, and the replay ffmpeg makes for the ended one after start.

const { app, call, watchUrl } = useStreamingApp();
let t: TestApp;
let tmp: string;
beforeAll(() => ({ t, tmp } = app));

describe('demo data', () => {
  it('seeds a scheduled stream and an ended one whose replay is made with ffmpeg, once', async () => {
    const demo = await createUser(t.db, {
      email: getDemoAccount('organizer').email,
      userType: 'organizer',
    });
    // The demo organizer owns no catalogue event: the seed gives them two of their own.
    const now = t.clock.now();
    const params = { now, joinedAt: now };
    await t.db.transaction((tx) => seedStreaming(tx, params));
    await t.db.transaction((tx) => seedStreaming(tx, params));
    const seeded = await t.db.select().from(streams).where(eq(streams.ownerId, demo.id));
    expect(seeded.map((s) => s.status).sort()).toEqual(['ended', 'scheduled']);
    expect(seeded.some((s) => s.status === 'live')).toBe(false);
    const ended = must(
      seeded.find((s) => s.status === 'ended'),
      'ended',
    );
    // What the app runs in the background after start (SEED_DEMO).
    const live = new LiveStreams(
      { ffmpegPath: 'ffmpeg', liveRoot: path.join(tmp, 'live'), log: () => {}, graceMs: 0 },
      { onSegment: () => {}, onEnd: async () => {} },
    );
    const deps = {
      db: t.db,
      clock: t.clock,
      config: t.config,
      files: t.files,
      ticketing: { orders: undefined as never },
      realtime: t.app.realtime,
      live,
      logError: (error: unknown) => {
        throw error;
      },
    };
    // Stopping the server while ffmpeg makes a replay: it is killed and its folder removed,
    // and the stream keeps no replay (the next start makes it).
    const folder = path.join(tmp, 'live', `demo-${ended.id}`);
    const stop = new AbortController();
    const stopped = seedDemoReplays(deps, stop.signal).catch((error: unknown) => error);
    await expect.poll(() => existsSync(folder), { timeout: 30_000, interval: 20 }).toBe(true);
    stop.abort();
    expect(await stopped).toMatchObject({ name: 'AbortError' });
    expect(existsSync(folder)).toBe(false);
    const [aborted] = await t.db.select().from(streams).where(eq(streams.id, ended.id));
    expect(aborted?.recordingKey).toBeNull();

    await seedDemoReplays(deps, new AbortController().signal);
    const [withReplay] = await t.db.select().from(streams).where(eq(streams.id, ended.id));
    expect(withReplay?.recordingKey).toMatch(/^stream-replays\//);
    const grant = await watchUrl(null, ended.id);
    const playlist = await call(null, 'GET', grant.playlistUrl);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
  }, 90_000);
});
