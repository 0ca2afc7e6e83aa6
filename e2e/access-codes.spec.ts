import { readFile } from 'node:fs/promises';
import {
  addTicketTypeThroughApi,
  closeToasts,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  newJourneyContext,
  payOnTestProvider,
  screenshot,
  signIn,
  test,
  expectNoSideScroll,
} from './fixtures';

// An organizer generates single-use access codes for a hidden ticket type and downloads them;
// a sponsor's guest opens the link with a code, sees the hidden type, buys it, and the code
// shows as used.

const SHOTS = 'test-results/screenshots';

test('an organizer generates 3 single-use codes; a guest buys the hidden type through a link', async ({
  page,
  browser,
}) => {
  await signIn(page, 'organizer');
  const eventId = await createEventThroughApi(page, {
    title: `Sponsor Night ${Date.now().toString(36)}`,
    description: 'An evening with seats set aside for sponsors.',
  });
  await addTicketTypeThroughApi(page, eventId, { name: 'General', priceCents: 2500 });
  await addTicketTypeThroughApi(page, eventId, {
    name: 'Sponsor guest',
    priceCents: 1000,
    isHidden: true,
  });

  await page.goto(`/event/${eventId}/access-codes`);
  await expect(page.getByRole('heading', { name: 'Access codes', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No access codes yet' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Prefix' }).fill('SPONSOR');
  await page.getByRole('spinbutton', { name: 'How many codes' }).fill('3');
  await page.getByRole('checkbox', { name: 'Sponsor guest' }).check();
  await page.getByRole('button', { name: 'Generate codes' }).click();
  const list = page.getByRole('list', { name: 'Access codes' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByText('Used 0/1')).toHaveCount(3);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download these codes (CSV)' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const rows = csv.trim().split('\r\n');
  expect(rows).toHaveLength(4);
  const code = /^"(SPONSOR-[A-Z0-9]{8})"/.exec(rows[1] ?? '')?.[1] ?? '';
  expect(code).not.toBe('');
  expect(rows[1]).toContain(`/event/${eventId}?code=${code}`);
  await closeToasts(page);
  await expectNoAxeViolations(page);

  // The guest follows the link: the hidden type shows, and the code goes along to checkout.
  const guestContext = await newJourneyContext(browser);
  const guest = await guestContext.newPage();
  await signIn(guest, 'attendee');
  await guest.goto(`/event/${eventId}?code=${code}`);
  const tickets = guest.getByRole('region', { name: 'Tickets' });
  await expect(tickets.getByText('Sponsor guest')).toBeVisible();
  await expect(tickets.getByText('Hidden tickets unlocked.')).toBeVisible();
  await expectNoAxeViolations(guest);
  await tickets.getByRole('link', { name: 'Get tickets' }).click();
  await expect(guest.getByRole('heading', { name: 'Get tickets', level: 1 })).toBeVisible();
  await guest.getByRole('button', { name: 'More Sponsor guest' }).click();
  await guest.getByRole('button', { name: 'Buy now' }).click();
  await payOnTestProvider(guest);
  await guestContext.close();

  // The organizer sees the code used.
  await page.reload();
  const used = list.getByRole('listitem').filter({ hasText: code });
  await expect(used.getByText('Used 1/1')).toBeVisible();
  await expect(used.getByText('Used up')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page);
  await screenshot(page, `${SHOTS}/access-codes-390.png`, { fullPage: true });
});
