import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConfirmedAccount, signInByApi } from './accounts';
import { writeQrCameraClip } from './fake-camera';
import {
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  newJourneyContext,
  screenshot,
  test,
} from './fixtures';

// The check-in app (decision 066): the organizer downloads the list on a phone-sized screen, the
// network goes, guests are still checked in by code and by name (with the answers the organizer
// shows at the door, decision 092), and the scans reach the server once the network is back.
// A third guest is admitted through the camera: Chromium plays a clip of her ticket's QR code as
// the camera (decision 151). Linux Chromium has no BarcodeDetector, so this proves the jsQR path.

// One clip per worker, read by Chromium when the page starts the camera; only this file's browser
// gets it, the other journeys keep the generated camera.
const cameraClip = path.join(tmpdir(), `mea-door-camera-${process.pid}.y4m`);
test.use({
  launchOptions: [
    async ({ launchOptions }, use) => {
      const args = [
        ...(launchOptions.args ?? []),
        `--use-file-for-fake-video-capture=${cameraClip}`,
      ];
      await use({ ...launchOptions, args });
      rmSync(cameraClip, { force: true });
    },
    { scope: 'worker' },
  ],
});

test('the check-in app keeps admitting guests offline, by camera too, and syncs when the network returns', async ({
  page,
  context,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const owner = await createConfirmedAccount(page, { userType: 'organizer', label: 'door-owner' });
  await signInByApi(page, owner.email);
  const title = `Door Night ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(page, {
    title,
    description: 'An evening for the check-in app journey.',
    isFree: true,
  });

  // The organizer asks a question and shows its answer at the door.
  const asked = await page.request.post(`/api/events/${eventId}/questions`, {
    data: { scope: 'order', type: 'short_text', label: 'Dietary needs', showAtCheckIn: true },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const dietId = ((await asked.json()) as { id: string }).id;

  // Two guests register; the first keeps the code mailed before the door was prepared.
  const guestContext = await newJourneyContext(browser);
  const guest = await guestContext.newPage();
  const ticketOf = async (label: string, diet = '') => {
    const account = await createConfirmedAccount(guest, { label });
    await signInByApi(guest, account.email);
    const registered = await guest.request.post(`/api/events/${eventId}/register`, {
      data: diet ? { answers: { order: { [dietId]: diet } } } : {},
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const order = (await registered.json()) as { tickets: { id: string }[] };
    return { id: order.tickets[0]?.id ?? '', name: account.fullName };
  };
  const codeOf = async (ticketId: string) =>
    ((await (await guest.request.get(`/api/tickets/${ticketId}`)).json()) as { code: string }).code;
  const ada = await ticketOf('door-ada', 'Vegetarian');
  const adaMailedCode = await codeOf(ada.id);
  const ben = await ticketOf('door-ben');
  const cleo = await ticketOf('door-cleo');

  await page.goto(`/event/${eventId}/check-in`);
  await page.getByRole('link', { name: 'Open the check-in app' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an event' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: 'Download list' }).click();
  await expectNoAxeViolations(page);
  await screenshot(page, '/tmp/door-picker.png');
  await card.getByRole('button', { name: 'Download and start' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('checked-in')).toHaveText('0 / 3');
  await page.getByLabel('Gate').fill('Gate B');

  // The ticket now shows a code signed with the event's key (the organizer reads it too).
  const signed = await page.request.get(`/api/tickets/${ada.id}`);
  const adaSignedCode = ((await signed.json()) as { code: string }).code;
  expect(adaSignedCode.split('.')).toHaveLength(4);
  const cleoSigned = await page.request.get(`/api/tickets/${cleo.id}`);
  // The camera will show what her ticket page and PDF show: the signed code as a QR code.
  writeQrCameraClip(cameraClip, ((await cleoSigned.json()) as { code: string }).code);
  await guestContext.close();

  await context.setOffline(true);
  await expect(page.getByText('Offline')).toBeVisible();
  const code = page.getByLabel('Ticket code or name');
  const next = page.getByRole('button', { name: 'Next guest' });

  await code.fill(adaMailedCode);
  await code.press('Enter');
  const verdict = page.getByRole('alert');
  await expect(verdict).toContainText('Admitted');
  await expect(verdict).toContainText(ada.name);
  // Her answer comes from the list: no network needed.
  await expect(page.getByText('Dietary needs:')).toBeVisible();
  await expect(page.getByText('Vegetarian')).toBeVisible();
  await screenshot(page, '/tmp/door-admitted.png');
  await next.click();

  await code.fill(adaSignedCode);
  await code.press('Enter');
  await expect(verdict).toContainText('Already checked in');
  await expect(verdict).toContainText('by Gate B');
  await expectNoAxeViolations(page);
  await next.click();

  await code.fill(`${adaSignedCode.slice(0, -6)}AAAAAA`);
  await code.press('Enter');
  await expect(verdict).toContainText('Unknown code');
  await next.click();

  await code.fill('door-ben');
  await page.getByRole('button', { name: new RegExp(ben.name) }).click();
  await expect(verdict).toContainText('Admitted');
  await next.click();

  // Cleo holds her phone up to the camera.
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  await expect(page.getByLabel(/^Camera view/)).toBeVisible();
  await expect(verdict).toContainText('Admitted', { timeout: 15_000 });
  await expect(verdict).toContainText(cleo.name);
  await screenshot(page, '/tmp/door-camera-admitted.png');
  await next.click();
  await page.getByRole('button', { name: 'Stop camera' }).click();
  await expect(page.getByTestId('pending')).toHaveText('3');
  await expectNoAxeViolations(page);

  // Still offline, the app opens again from its service worker, its list and scans kept.
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('pending')).toHaveText('3');

  // The network returns: the scans go to the server, whose counters come back.
  await context.setOffline(false);
  await expect(page.getByTestId('pending')).toHaveText('0');
  await expect(page.getByTestId('checked-in')).toHaveText('3 / 3');
  await expect(page.getByText('Gate B: 3')).toBeVisible();
  const attendees = await page.request.get(`/api/events/${eventId}/attendees`);
  expect(((await attendees.json()) as { sales: { checkedIn: number } }).sales.checkedIn).toBe(3);
});
