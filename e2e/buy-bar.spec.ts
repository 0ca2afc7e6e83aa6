import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { createConfirmedAccount, signInByApi } from './accounts';
import {
  expect,
  expectNoAxeViolations,
  payOnTestProvider,
  PUSH_PROMPT_DISMISSED_KEY,
  screenshot,
  signIn,
  test,
} from './fixtures';

// Buying from the event page on a phone: the price and "Get tickets" on the first screen, the
// buy bar once they are scrolled away, one primary action in the picker, and the push prompt
// kept off the payment (it asks once, after the first ticket).

const SHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };

/** An organizer's published event with a $15 and a $60 ticket type. */
async function paidEvent(browser: Browser): Promise<{ id: string; title: string }> {
  const organizer = await browser.newPage();
  await signIn(organizer, 'organizer');
  const title = `Harbour ${randomUUID().slice(0, 8)} Concert`;
  const created = await organizer.request.post('/api/events', {
    data: {
      title,
      category: 'Music',
      description: 'Two sets by the harbour.\n\n'.repeat(12),
      startsAt: '2031-10-02T23:00:00.000Z',
      endsAt: '2031-10-03T02:00:00.000Z',
      timezone: 'America/New_York',
      city: 'Brooklyn',
      venueName: 'Pier 6',
      capacity: 200,
      isFree: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const [name, priceCents] of [
    ['Standard', 1500],
    ['Front row', 6000],
  ] as const) {
    const type = await organizer.request.post(`/api/events/${id}/ticket-types`, {
      data: { name, priceCents, quantity: 100 },
    });
    expect(type.status(), await type.text()).toBe(201);
  }
  expect((await organizer.request.post(`/api/events/${id}/publish`)).status()).toBe(200);
  await organizer.close();
  return { id, title };
}

test('on a phone the buy bar leads to checkout, and the push prompt waits for the first ticket', async ({
  browser,
}) => {
  const { id, title } = await paidEvent(browser);

  // A first visit: no answer to the push prompt stored yet (unlike the fixtures' contexts).
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  // The page's timers run on a clock the test can move: past the prompt's delay at once.
  await page.clock.install();
  const buyer = await createConfirmedAccount(page, { label: 'buybar' });
  await signInByApi(page, buyer.email);
  await page.goto(`/event/${id}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // The price and the action on the first screen, the header in one row.
  const top = page.locator('header', { hasText: title }).getByRole('link', { name: 'Get tickets' });
  await expect(top).toBeInViewport();
  await expect(page.getByText('$15–$60').first()).toBeInViewport();
  const banner = await page.getByRole('banner').boundingBox();
  expect(banner?.height).toBeLessThanOrEqual(72);
  const bar = page.getByRole('region', { name: 'Buy tickets' });
  await expect(bar).toBeHidden();
  await screenshot(page, `${SHOTS}/buy-bar-event-top-390.png`);

  // Scrolled past the price and the Tickets section: the bar slides in, over reserved room.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('$15–$60');
  await expect(bar).toBeInViewport();
  await expectNoAxeViolations(page);
  // At the very end the page has room below the footer: the bar covers none of it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = await page.getByRole('contentinfo').boundingBox();
  const barBox = await bar.boundingBox();
  expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
  await screenshot(page, `${SHOTS}/buy-bar-event-bottom-390.png`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );

  await bar.getByRole('link', { name: 'Get tickets' }).click();
  await expect(page.getByRole('heading', { name: 'Get tickets', level: 1 })).toBeVisible();
  // Nothing chosen yet: no "Total: Free" on a paid event.
  await expect(page.getByText('Choose your tickets above')).toBeVisible();
  await expect(page.getByText('Total:')).toHaveCount(0);
  await page.getByRole('button', { name: 'More Standard' }).click();
  await expect(page.getByText('Total: $15.00')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, `${SHOTS}/buy-bar-picker-390.png`);
  await page.getByRole('button', { name: 'Buy now' }).click();

  // The payment page: the prompt (3 s after its trigger) has no trigger here. Proving an
  // absence needs its delay to pass: the clock is moved past it.
  await expect(page).toHaveURL(/\/pay\/[\w-]+$/);
  const prompt = page.locator('[data-sonner-toast]').filter({ hasText: 'Turn on notifications?' });
  await page.clock.runFor(4000);
  await expect(prompt).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The first ticket is the moment to ask, once.
  await payOnTestProvider(page);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  // Not beside the checkout rating: one question at a time.
  const rating = page.getByRole('dialog', { name: 'How easy was checkout?' });
  await expect(rating).toBeVisible({ timeout: 10_000 });
  await page.clock.runFor(4000);
  await expect(prompt).toHaveCount(0);
  await rating.getByRole('button', { name: 'Skip' }).click();
  await expect(prompt).toBeVisible({ timeout: 10_000 });
  await screenshot(page, `${SHOTS}/buy-bar-push-prompt-390.png`);
  await prompt.getByRole('button', { name: 'Not now' }).click();
  expect(
    await page.evaluate((key) => localStorage.getItem(key), PUSH_PROMPT_DISMISSED_KEY),
  ).toMatch(/^not now/);
  await context.close();
});

test('on a wide screen the price and Get tickets are on the first screen', async ({
  page,
  browser,
}) => {
  const { id } = await paidEvent(browser);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/event/${id}`);
  const actions = page.getByRole('complementary', { name: 'Event actions' });
  await expect(actions.getByText('$15–$60')).toBeInViewport();
  await expect(actions.getByRole('link', { name: 'Get tickets' })).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Buy tickets' })).toBeHidden();
  await screenshot(page, `${SHOTS}/buy-bar-event-1280.png`);
});

test('at 390 px the invoices and API keys tables fit the screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'organizer');
  for (const [path, heading] of [
    ['/subscription', 'Invoices'],
    ['/developer', 'Your keys'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${path} scrolls sideways`,
    ).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, `${SHOTS}/tables${path.replace('/', '-')}-390.png`, { fullPage: true });
  }
  // The one-row phone header.
  expect((await page.getByRole('banner').boundingBox())?.height).toBeLessThanOrEqual(72);
});
