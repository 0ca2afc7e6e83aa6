import type { Page } from '@playwright/test';
import {
  closeToasts,
  expect,
  expectNoAxeViolations,
  payOnTestProvider,
  screenshot,
  SCREENSHOTS,
  signIn,
  test,
} from './fixtures';

// Subscriptions: choose a plan on /pricing, pay on the local provider's page in a new
// tab, "Subscription Activated!", the header badge, then the portal: upgrade, cancel, resume.

const SHOTS = 'test-results/screenshots';

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await screenshot(page, `${SHOTS}/${name}-desktop.png`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${SHOTS}/${name}-390.png`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('pricing → subscribe with 4242 → activated → badge → portal: upgrade, cancel, resume', async ({
  page,
  context,
}) => {
  // Two tabs, a payment and five page loads: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await signIn(page, 'attendee');
  // A retry of this journey starts unsubscribed again.
  await page.request.post('/api/subscriptions/me/cancel', { data: { atPeriodEnd: false } });

  await page.goto('/pricing');
  // The first visit loads the page's chunk; on a busy machine that can take a while.
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const starter = page.getByRole('listitem', { name: 'Starter plan' });
  await expect(starter.getByText('$9.99')).toBeVisible();
  await expect(
    page.getByRole('listitem', { name: 'Free plan' }).getByRole('button', { name: 'Current plan' }),
  ).toBeDisabled();
  await expect(page.getByTestId('plan-badge')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'pricing');

  // Checkout opens in a new tab (spec §7).
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    starter.getByRole('button', { name: 'Subscribe to Starter' }).click(),
  ]);
  // The card form is the tickets journeys'; the plan's checkout and return are this one's.
  await payOnTestProvider(tab);
  await expect(tab).toHaveURL(/\/subscription\/success/);
  await expect(tab.getByRole('heading', { name: 'Subscription Activated!' })).toBeVisible();
  await expect(tab.getByText(/MEA Meet/)).toBeVisible();
  await expect(tab.getByTestId('plan-badge')).toContainText('Starter');
  await expectNoAxeViolations(tab);
  await shoot(tab, 'subscription-success');

  // The portal (local provider: our own page).
  await tab.getByRole('link', { name: 'View my subscription' }).click();
  await expect(tab.getByRole('heading', { name: 'Starter plan' })).toBeVisible();
  await expect(tab.getByText('Renews on', { exact: true })).toBeVisible();
  await expect(tab.getByRole('cell', { name: /Starter · First month/ })).toBeVisible();
  await tab.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(tab.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  await expect(tab.getByTestId('plan-badge')).toContainText('Pro');
  await expect(tab.getByRole('cell', { name: /Pro · Upgrade \(prorated\)/ })).toBeVisible();
  await closeToasts(tab);

  await tab.getByRole('button', { name: 'Cancel subscription' }).click();
  await tab.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(tab.getByText(/Your subscription is canceled and ends on/)).toBeVisible();
  await expect(tab.getByText('Ends on', { exact: true })).toBeVisible();
  // The cancel's notice arrives live a moment later; axe measures the page once it has gone.
  await expect(tab.getByRole('button', { name: /Subscription canceled/ })).toBeVisible();
  await closeToasts(tab);
  await expectNoAxeViolations(tab);
  await shoot(tab, 'subscription-page');
  await tab.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(tab.getByText('Renews on', { exact: true })).toBeVisible();

  // Back on the first tab, /pricing marks the current plan.
  await page.goto('/pricing');
  await expect(
    page.getByRole('listitem', { name: 'Pro plan' }).getByRole('button', { name: 'Current plan' }),
  ).toBeVisible();
});

test('signed out: choosing a plan asks to log in', async ({ page }) => {
  await page.goto('/pricing');
  await page
    .getByRole('listitem', { name: 'Pro plan' })
    .getByRole('button', { name: 'Subscribe to Pro' })
    .click();
  await expect(page.getByText('Please log in to subscribe to a plan.')).toBeVisible();
  await expect(page.getByText('Authentication Required')).toBeVisible();
});
