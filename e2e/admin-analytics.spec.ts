import { createConfirmedAccount } from './accounts';
import {
  closeToasts,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
  expectNoSideScroll,
} from './fixtures';

// The admin console's analytics charts and event transfer.

const SHOTS = 'test-results/screenshots';

test('an admin reads the analytics charts and transfers an event to another organizer', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // An organizer's published event, seen once by a signed-out visitor.
  await signIn(page, 'organizer');
  const title = `Handover Night ${Date.now()}`;
  const created = await page.request.post('/api/events', {
    data: {
      title,
      category: 'Music',
      description: 'An evening that changes hands.',
      startsAt: '2031-11-12T20:00:00.000Z',
      timezone: 'UTC',
      city: 'Brooklyn',
      venueName: 'Blue Room',
      isFree: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/events/${id}/publish`)).status()).toBe(200);
  await page.request.post('/api/auth/sign-out');
  const viewed = page.waitForRequest((r) => r.url().endsWith('/api/event-views'));
  await page.goto(`/event/${id}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await viewed;
  const newOwner = await createConfirmedAccount(page, { userType: 'organizer', label: 'heir' });

  // The analytics page draws every breakdown and keeps its numbers in tables.
  await signIn(page, 'admin');
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: /From event page views to orders/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sign-ups by account type' })).toBeVisible();
  expect(await page.locator('canvas').count()).toBeGreaterThanOrEqual(2);
  await closeToasts(page);
  await screenshot(page, `${SHOTS}/admin-analytics.png`, { fullPage: true });
  await expectNoAxeViolations(page);

  // Transfer the event from the events list.
  await page.goto('/admin/events');
  await page.getByLabel('Search by title, organizer email or id').fill(title);
  // The list refetches for the search: act once it shows just this event.
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await page.getByRole('button', { name: `Transfer ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Transfer ${title}` });
  await dialog.getByLabel('Find the new owner by name or email').fill(newOwner.email);
  await dialog.getByRole('radio', { name: new RegExp(newOwner.email) }).check();
  await dialog.getByLabel(/Reason told to both owners/).fill('The organizer retired');
  await expectNoAxeViolations(page);
  await screenshot(page, `${SHOTS}/admin-transfer.png`);
  await dialog.getByRole('button', { name: 'Transfer event' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText(newOwner.email);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/analytics');
  await expect(page.getByRole('table', { name: 'Sign-ups by account type' })).toBeVisible();
  await expectNoSideScroll(page);
  await screenshot(page, `${SHOTS}/admin-analytics-390.png`, { fullPage: true });
});
