import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import {
  addTicketTypeThroughApi,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
  expectNoSideScroll,
} from './fixtures';
import { getDemoAccount } from '../src/server/db/seed/demo-accounts';

// An organizer exports an event's attendees as Excel from the event's ticket pages; the file
// opens and holds the people who registered.

const SHOTS = 'test-results/screenshots';

test('an organizer downloads the attendees as Excel and the file has them', async ({
  page,
  browser,
}) => {
  await signIn(page, 'organizer');
  const title = `Export Night ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(page, {
    title,
    description: 'An evening to export.',
    isFree: true,
  });
  await addTicketTypeThroughApi(page, eventId, { name: 'Free entry', priceCents: 0 });
  const guest = await browser.newPage();
  await signIn(guest, 'attendee');
  const registered = await guest.request.post(`/api/events/${eventId}/register`, { data: {} });
  expect(registered.status(), await registered.text()).toBe(201);
  await guest.close();

  await page.goto(`/event/${eventId}/exports`);
  await expect(page.getByRole('heading', { name: 'Exports', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Exports' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'No exports yet' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('radio', { name: 'Attendees, with their answers' }).check();
  await page.getByRole('radio', { name: 'Excel (.xlsx)' }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^attendees-export-night-[\w-]+\.xlsx$/);
  await expect(page.getByText('Your export is ready').first()).toBeVisible();

  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[0]?.slice(0, 3)).toEqual(['Name', 'Email', 'Ticket']);
  expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual([
    [getDemoAccount('attendee').fullName, getDemoAccount('attendee').email, 'Free entry'],
  ]);

  // The recent list offers the file again; the page fits a phone.
  await expect(page.getByRole('link', { name: 'Download', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${SHOTS}/exports-390.png`, { fullPage: true });
  await expectNoSideScroll(page);
});
