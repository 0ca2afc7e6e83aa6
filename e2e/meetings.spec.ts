import type { Browser, Page } from '@playwright/test';
import { getDemoAccount } from '../src/server/db/seed/demo-accounts';
import {
  expect,
  expectNoAxeViolations,
  PUSH_PROMPT_DISMISSED_KEY,
  signIn,
  test,
  type DemoKey,
} from './fixtures';

// Meetings: three people in a peer-mesh room with Chromium's fake camera and microphone
// (launch flags in playwright.config.ts). Each page's RTCPeerConnections are collected by an init
// script so the journey can read getStats (frames decoded) as the browser counts them. The three
// act at once wherever the journey does not need an order (joining after the host, the checks
// each of them makes), so its length is the slowest person's, not the sum; and the fake cameras
// send 320×180 at 15 fps (the room asks for 640×360), a quarter of the encoding and decoding for
// three browsers on a shared machine.

async function person(browser: Browser, key: DemoKey) {
  const context = await browser.newContext();
  await context.addInitScript((storageKey) => {
    window.localStorage.setItem(storageKey, 'journey');
    const Native = window.RTCPeerConnection;
    const all: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = all;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        all.push(this);
      }
    } as typeof RTCPeerConnection;
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = (constraints) => {
      const video = constraints?.video;
      if (!video) return getUserMedia(constraints);
      const deviceId = typeof video === 'object' ? video.deviceId : undefined;
      return getUserMedia({
        ...constraints,
        video: { ...(deviceId ? { deviceId } : {}), width: 320, height: 180, frameRate: 15 },
      });
    };
  }, PUSH_PROMPT_DISMISSED_KEY);
  const page = await context.newPage();
  await signIn(page, key);
  return { context, page, name: getDemoAccount(key).fullName };
}

/** Video frames decoded from each open connection of the page (one per other person). */
async function framesDecoded(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter(
      (pc) => pc.connectionState !== 'closed',
    );
    const counts: number[] = [];
    for (const pc of pcs) {
      let frames = 0;
      (await pc.getStats()).forEach(
        (r: { type: string; kind?: string; framesDecoded?: number }) => {
          if (r.type === 'inbound-rtp' && r.kind === 'video') frames += r.framesDecoded ?? 0;
        },
      );
      counts.push(frames);
    }
    return counts;
  });
}

async function expectVideoFromEveryone(page: Page, others: number) {
  await expect
    .poll(
      async () => {
        const counts = await framesDecoded(page);
        return counts.length === others && counts.every((n) => n > 0);
      },
      { timeout: 30_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
}

const tile = (page: Page, name: string) =>
  page
    .getByRole('list', { name: "Participants' video" })
    .getByRole('listitem', { name, exact: true });

test('three people meet: video both ways, mute shows, screen share arrives, the host removes one', async ({
  browser,
}) => {
  // Three browsers with live video on a shared 2-core machine.
  test.setTimeout(120_000);
  const [host, guest, third] = await Promise.all([
    person(browser, 'organizer'),
    person(browser, 'attendee'),
    person(browser, 'vendor'),
  ]);

  // The host starts a room from /meameet and lands on its pre-join page.
  await host.page.goto('/meameet');
  await host.page.getByLabel('Title').fill('Journey call');
  await host.page.getByRole('button', { name: 'Create meeting' }).click();
  await expect(host.page).toHaveURL(/\/meameet\/[0-9a-f-]{36}$/);
  const url = host.page.url();
  await expect(host.page.getByLabel('Your camera preview')).toBeVisible();
  await expect(host.page.getByLabel('Camera', { exact: true })).toBeVisible();
  // The guests open the link (their own pre-join pages) while axe checks the host's.
  await Promise.all([
    expectNoAxeViolations(host.page),
    ...[guest, third].map((who) => who.page.goto(url)),
  ]);
  await host.page.getByRole('button', { name: 'Join now' }).click();
  await Promise.all(
    [guest, third].map((who) => who.page.getByRole('button', { name: 'Join now' }).click()),
  );
  await Promise.all(
    [host, guest, third].map(async (who) => {
      await expect(who.page.getByText('3 in the meeting')).toBeVisible({ timeout: 20_000 });
      await expectVideoFromEveryone(who.page, 2);
    }),
  );

  // The guest mutes; the other two see it on the guest's tile.
  await guest.page.getByRole('button', { name: 'Mute', exact: true }).click();
  await Promise.all(
    [host, third].map((who) =>
      expect(tile(who.page, guest.name).getByText('Muted')).toBeAttached({ timeout: 20_000 }),
    ),
  );

  // The third person shares their screen; the others see them presenting and frames keep coming.
  await third.page.getByRole('button', { name: 'Share screen' }).click();
  await Promise.all(
    [host, guest].map(async (who) => {
      // A state frame through the server and PostgreSQL: seconds on a saturated machine.
      await expect(tile(who.page, third.name).getByText('presenting')).toBeVisible({
        timeout: 20_000,
      });
      const before = (await framesDecoded(who.page)).reduce((a, b) => a + b, 0);
      await expect
        .poll(async () => (await framesDecoded(who.page)).reduce((a, b) => a + b, 0), {
          timeout: 10_000,
        })
        .toBeGreaterThan(before + 10);
    }),
  );

  // The host removes the third person, who is told; the room is two again.
  await host.page.getByRole('button', { name: 'People' }).click();
  await host.page.getByRole('button', { name: `Remove ${third.name}` }).click();
  await expect(third.page.getByText('The host removed you from this meeting.')).toBeVisible({
    timeout: 20_000,
  });
  await Promise.all(
    [host, guest].map((who) => expect(who.page.getByText('2 in the meeting')).toBeVisible()),
  );
  await expectNoAxeViolations(host.page);

  await Promise.all([host, guest, third].map((who) => who.context.close()));
});
