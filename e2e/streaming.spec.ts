import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { createConfirmedAccount, signInByApi } from './accounts';
import {
  createEventThroughApi,
  closeToasts,
  expect,
  expectNoAxeViolations,
  payOnTestProvider,
  PUSH_PROMPT_DISMISSED_KEY,
  screenshot,
  signIn,
  test,
} from './fixtures';

// Live streaming, with Chromium's fake camera and microphone (playwright.config.ts):
// the organizer goes live from the browser → a ticket holder is told live and watches → someone
// without a ticket gets the no-access panel and the holder's playlist address answers 403 for
// them → the organizer stops → stream ended → the replay plays. And the add-on checkout of an
// organizer without a plan.
//
// Kept short on a shared 2-core machine: the server runs 1 s segments at 320 px in this suite
// (STREAM_SEGMENT_SECONDS, STREAM_MAX_WIDTH in playwright.config.ts), the organizer's fake camera
// is asked for 320×180 (smallCamera), and the accounts are made while the organizer sets up.

const SHOTS = 'test-results/screenshots';
async function shot(page: Page, name: string) {
  await screenshot(page, `${SHOTS}/${name}.png`, { fullPage: true });
}

interface Member {
  context: BrowserContext;
  page: Page;
}

async function newContext(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    (key) => window.localStorage.setItem(key, 'journey'),
    PUSH_PROMPT_DISMISSED_KEY,
  );
  return context;
}

/**
 * The set-up page asks for a 720p camera; here the fake one gives 320×180 at 15 fps, so the
 * browser's VP8 encoder, ffmpeg and the viewer's decoder all do a fraction of the work. Every
 * other step (MediaRecorder → socket → ffmpeg → HLS → hls.js) is the real one.
 */
async function smallCamera(context: BrowserContext) {
  await context.addInitScript(() => {
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = (constraints) =>
      getUserMedia(
        constraints?.video
          ? { ...constraints, video: { width: 320, height: 180, frameRate: 15 } }
          : constraints,
      );
  });
}

/** A fresh confirmed account signed in within its own browser context. */
async function member(
  browser: Browser,
  label: string,
  userType: 'attendee' | 'organizer' = 'attendee',
  viewport?: { width: number; height: number },
): Promise<Member> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  const account = await createConfirmedAccount(page, { label, userType });
  await signInByApi(page, account.email);
  return { context, page };
}

/** Resolves once the page's realtime socket said `ready` (set up before the page loads). */
function realtimeReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/api/realtime')) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"type":"ready"')) resolve();
      });
    });
  });
}

function publishFreeEvent(page: Page, title: string): Promise<string> {
  return createEventThroughApi(page, {
    title,
    description: 'An evening streamed live for the streaming journey.',
    isFree: true,
  });
}

/** The video plays: its clock moves on and frames were decoded. */
async function expectPlaying(video: Locator) {
  const clock = () => video.evaluate((v) => (v as HTMLVideoElement).currentTime);
  const intervals = [100, 250, 500];
  await expect.poll(clock, { timeout: 45_000, intervals }).toBeGreaterThan(0.2);
  const before = await clock();
  await expect.poll(clock, { timeout: 20_000, intervals }).toBeGreaterThan(before + 1);
  const frames = await video.evaluate(
    (v) => (v as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames,
  );
  expect(frames).toBeGreaterThan(0);
}

test.describe('live streaming', () => {
  test('the organizer goes live from the browser; a ticket holder is told and watches; others cannot; the replay plays after the end', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    // The demo organizer is on the Pro plan: streaming and recording are included. The viewers'
    // accounts are made meanwhile.
    const people = Promise.all([
      member(browser, 'viewer'),
      member(browser, 'outsider', 'attendee', { width: 390, height: 844 }),
    ]);
    const organizerContext = await newContext(browser);
    await smallCamera(organizerContext);
    const organizer = await organizerContext.newPage();
    await signIn(organizer, 'organizer');
    const title = `Stream ${Math.random().toString(36).slice(2, 8)} Night`;
    const eventId = await publishFreeEvent(organizer, title);
    const [holder, outsider] = await people;
    const registered = await holder.page.request.post(`/api/events/${eventId}/register`, {
      data: {},
    });
    expect(registered.status(), await registered.text()).toBe(201);

    // The organizer finds the set-up from the event page and creates the stream.
    await organizer.goto(`/event/${eventId}`);
    await organizer.getByRole('link', { name: 'Live stream' }).click();
    await expect(organizer).toHaveURL(new RegExp(`/event/${eventId}/stream$`));
    await expect(organizer.getByRole('heading', { name: 'Set up the stream' })).toBeVisible();
    await organizer.getByLabel('Stream title').fill(`${title} live`);
    await expect(organizer.getByLabel('Who may watch')).toHaveValue('ticket_holders');
    await organizer.getByLabel('Record the stream and keep the replay').check();
    await organizer.getByRole('button', { name: 'Create the stream' }).click();
    await expect(
      organizer.getByRole('heading', { name: 'Go live from the browser' }),
    ).toBeVisible();
    await expect(organizer.getByRole('heading', { name: /Stream from OBS/ })).toBeVisible();
    const streamId = /\/stream\/watch\/([\w-]+)/.exec(
      (await organizer.getByRole('link', { name: 'Watch page' }).getAttribute('href')) ?? '',
    )?.[1];
    expect(streamId).toBeTruthy();
    const watchPath = `/stream/watch/${streamId}`;

    await Promise.all([
      // The organizer's page passes axe and the camera preview starts…
      (async () => {
        await closeToasts(organizer);
        await expectNoAxeViolations(organizer);
        await organizer.getByRole('button', { name: 'Start preview' }).click();
        await expect(organizer.getByRole('status').filter({ hasText: 'Preview on' })).toBeVisible();
      })(),
      // …while the ticket holder waits on the watch page: countdown and chat.
      (async () => {
        const holderSocket = realtimeReady(holder.page);
        await holder.page.goto(watchPath);
        await expect(holder.page.getByRole('timer')).toContainText(/Starts in|Starting soon/);
        await expect(holder.page.getByRole('complementary', { name: 'Live chat' })).toBeVisible();
        await holderSocket;
      })(),
    ]);

    // Go live with the (small) fake camera.
    await organizer.getByRole('button', { name: 'Go live' }).click();
    await expect(organizer.getByText('You are live.')).toBeVisible({ timeout: 45_000 });

    // The holder is told live (stream_started) and the video plays.
    await expect(
      holder.page.getByTestId('stream-toast').filter({ hasText: 'Live now' }),
    ).toBeVisible({ timeout: 30_000 });
    const live = holder.page.locator('video[aria-label="Live stream"]');
    await expect(live).toBeVisible({ timeout: 20_000 });
    await expectPlaying(live);
    await expect(holder.page.getByText(/\d+ watching/)).toBeVisible();

    await Promise.all([
      // The live watch page passes axe…
      (async () => {
        await closeToasts(holder.page);
        await shot(holder.page, 'stream-watch-live');
        await expectNoAxeViolations(holder.page);
      })(),
      // …and someone without a ticket gets the no-access panel, and the holder's own playlist
      // address does not play for them.
      (async () => {
        const grant = await holder.page.request.post(`/api/streams/${streamId}/watch`);
        expect(grant.status(), await grant.text()).toBe(200);
        const { playlistUrl } = (await grant.json()) as { playlistUrl: string };
        expect((await holder.page.request.get(playlistUrl)).status()).toBe(200);
        expect((await outsider.page.request.get(playlistUrl)).status()).toBe(403);
        await outsider.page.goto(watchPath);
        const panel = outsider.page.getByTestId('stream-no-access');
        // A busy machine (browsers playing, ffmpeg encoding) may take a while to load the page.
        await expect(
          panel.getByRole('heading', { name: 'You do not have access to this stream' }),
        ).toBeVisible({ timeout: 30_000 });
        await expect(panel.getByRole('link', { name: 'Get access' })).toHaveAttribute(
          'href',
          `/stream-access?stream=${streamId}`,
        );
        await expect(outsider.page.locator('video')).toHaveCount(0);
        await shot(outsider.page, 'stream-no-access-390');
        await expectNoAxeViolations(outsider.page);
        await outsider.context.close();
      })(),
    ]);

    // The organizer stops: the stream ends for the holder, and the recording becomes the replay.
    await organizer.getByRole('button', { name: 'Stop broadcast' }).click();
    await expect(
      holder.page.getByTestId('stream-toast').filter({ hasText: 'Stream ended' }),
    ).toBeVisible({ timeout: 60_000 });
    await expect(holder.page.getByRole('heading', { name: 'Stream ended' })).toBeVisible({
      timeout: 20_000,
    });
    const replay = holder.page.locator('video[aria-label="Stream replay"]');
    await expect(replay).toBeVisible({ timeout: 30_000 });
    await expectPlaying(replay);

    // spec §4: the holder's unread stream notifications, newest first; dismissing one marks it
    // read, so it stays gone after a reload.
    await holder.page.goto('/notifications');
    const streams = holder.page.getByRole('region', { name: 'Live streams' });
    const items = streams.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Stream ended');
    await expect(items.last()).toContainText('Live now');
    await items
      .first()
      .getByRole('button', { name: /^Dismiss/ })
      .click();
    await expect(items).toHaveCount(1);
    await holder.page.reload();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Live now');

    await organizerContext.close();
    await holder.context.close();
  });

  test('an organizer without a plan activates streaming through checkout', async ({ browser }) => {
    const host = await member(browser, 'caster', 'organizer', { width: 390, height: 844 });
    const eventId = await publishFreeEvent(
      host.page,
      `Addon ${Math.random().toString(36).slice(2, 8)} Show`,
    );
    await host.page.goto(`/event/${eventId}/stream`);
    await host.page.getByLabel('Stream title').fill('Opening night');
    // No plan with recording: the box is off, and the page says why.
    await expect(host.page.getByLabel('Record the stream and keep the replay')).toBeDisabled();
    await expect(host.page.getByText('Recording needs a plan with recording.')).toBeVisible();
    await host.page.getByRole('button', { name: 'Create the stream' }).click();
    await expect(host.page.getByRole('heading', { name: 'Activate streaming' })).toBeVisible();
    await expect(host.page.getByRole('button', { name: 'Start preview' })).toBeDisabled();
    await closeToasts(host.page);
    await shot(host.page, 'stream-setup-390');
    await expectNoAxeViolations(host.page);

    await host.page.getByRole('button', { name: /^Activate streaming/ }).click();
    // The card form is the tickets journeys'; the add-on's checkout and return are this one's.
    await payOnTestProvider(host.page);
    await expect(host.page).toHaveURL(/\/streaming\/success\?/);
    await expect(host.page.getByRole('heading', { name: 'Streaming Activated!' })).toBeVisible();
    await expectNoAxeViolations(host.page);
    await host.page.getByRole('link', { name: 'Set up the stream' }).click();
    await expect(
      host.page.getByRole('heading', { name: 'Go live from the browser' }),
    ).toBeVisible();
    await expect(host.page.getByRole('heading', { name: 'Activate streaming' })).toHaveCount(0);
    await host.context.close();
  });
});
