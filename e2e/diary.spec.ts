import { readFileSync } from 'node:fs';
import { expect, screenshot, test } from './fixtures';

// Diary calendar. The demo attendee holds a ticket for "Rooftop Jazz Evening", which
// the demo seed dates two days ago.
const EVENT = 'Rooftop Jazz Evening';

test.describe('my diary calendar', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the calendar shows my event, the .ics downloads, and a feed link works until turned off', async ({
    page,
    signIn,
    expectNoAxeViolations,
  }) => {
    await signIn(page, 'attendee');
    await page.goto('/event-diary');
    await expect(page.getByRole('heading', { name: 'My Diary', level: 1 })).toBeVisible();

    // Month view first; the event may fall in the previous month early in a month.
    const month = page.getByRole('table', { name: /^My events in/ });
    await expect(month).toBeVisible();
    if (!(await month.getByRole('link', { name: EVENT }).isVisible()))
      await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(month.getByRole('link', { name: EVENT })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('tab', { name: 'List' }).click();
    await page.getByLabel('Search my diary').fill('rooftop jazz');
    await expect(page.getByText('1 event matches “rooftop jazz”')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Timeline' }).getByRole('heading', { name: EVENT }),
    ).toBeVisible();
    await page.getByLabel('Search my diary').fill('');

    await page.getByRole('tab', { name: 'Week' }).click();
    await expect(page.getByRole('button', { name: 'Previous week' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The calendar file holds the event.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download calendar (.ics)' }).click(),
    ]);
    const ics = readFileSync((await download.path()) ?? '', 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`SUMMARY:${EVENT}`);

    // A private feed link: shown once, served to anyone holding it, 404 once turned off.
    await page.getByRole('button', { name: /Create calendar link|Make a new link/ }).click();
    const link = page.getByLabel('Your private calendar link (shown once)');
    await expect(link).toHaveValue(/\/api\/diary\/feed\/.+\/diary\.ics$/);
    const url = new URL(await link.inputValue());
    const feed = await page.request.get(url.pathname);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain(`SUMMARY:${EVENT}`);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Turn off calendar link' }).click();
    await expect(page.getByRole('button', { name: 'Create calendar link' })).toBeVisible();
    expect((await page.request.get(url.pathname)).status()).toBe(404);

    // The narrow screen keeps the calendar inside the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Month' }).click();
    await screenshot(page, 'test-results/diary-390.png', { fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
