import type { Page } from '@playwright/test';
import { createConfirmedAccount, signInByApi } from './accounts';
import { closeToasts, expect, expectNoAxeViolations, screenshot, signIn, test } from './fixtures';

// The admin console: an admin runs the marketplace from /admin.

const SHOTS = 'test-results/screenshots';

/** A paid order by a fresh buyer for a fresh event, through the API and the local provider. */
async function paidOrder(page: Page): Promise<{ buyerEmail: string }> {
  await signIn(page, 'organizer');
  const title = `Admin Gala ${Date.now()}`;
  const created = await page.request.post('/api/events', {
    data: {
      title,
      category: 'Music',
      description: 'An evening for the admin journey.',
      startsAt: '2031-09-12T23:00:00.000Z',
      timezone: 'UTC',
      city: 'Brooklyn',
      venueName: 'Blue Room',
      isFree: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/events/${id}/publish`)).status()).toBe(200);
  const type = await page.request.post(`/api/events/${id}/ticket-types`, {
    data: { name: 'General', priceCents: 2000, quantity: 50 },
  });
  expect(type.status(), await type.text()).toBe(201);
  const typeId = ((await type.json()) as { id: string }).id;
  await page.request.post('/api/auth/sign-out');

  const buyer = await createConfirmedAccount(page, { label: 'buyer' });
  await signInByApi(page, buyer.email);
  const order = await page.request.post('/api/orders', {
    data: { items: [{ ticketTypeId: typeId, quantity: 1 }] },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { paymentSessionId } = (await order.json()) as { paymentSessionId: string };
  const paid = await page.request.post(`/api/payments/local/sessions/${paymentSessionId}/pay`, {
    data: { name: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await page.request.post('/api/auth/sign-out');
  return { buyerEmail: buyer.email };
}

test.describe('admin console', () => {
  test('an admin grants a role, suspends someone, refunds, edits the footer and sees it all audited', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { buyerEmail } = await paidOrder(page);
    const editor = await createConfirmedAccount(page, { label: 'editor' });
    const spammer = await createConfirmedAccount(page, { label: 'spammer' });
    // The spammer is signed in elsewhere, in a browser of their own.
    const spammerContext = await browser.newContext();
    const spammerPage = await spammerContext.newPage();
    await signInByApi(spammerPage, spammer.email);
    expect(
      ((await (await spammerPage.request.get('/api/auth/session')).json()) as { user: unknown })
        .user,
    ).not.toBeNull();

    await signIn(page, 'admin');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin overview', level: 1 })).toBeVisible();
    await expect(page.getByTestId('figure-New users')).toBeVisible();
    await expect(page.locator('figcaption', { hasText: 'Sales per day' })).toBeVisible();
    await closeToasts(page);
    await screenshot(page, `${SHOTS}/admin-overview.png`, { fullPage: true });
    await expectNoAxeViolations(page);

    // Find a user and grant blog_admin.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Users' })
      .click();
    await page.getByLabel('Search by name or email').fill(editor.email);
    await page.getByRole('button', { name: editor.fullName }).first().click();
    const dialog = page.getByRole('dialog');
    // The box shows the server's state: it turns checked once the grant is saved.
    await dialog.getByRole('checkbox', { name: 'blog_admin' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'blog_admin' })).toBeChecked();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // Suspend another: their session ends at once.
    await page.getByLabel('Search by name or email').fill(spammer.email);
    await page.getByRole('button', { name: spammer.fullName }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('button', { name: 'Suspend account' }).click();
    await expect(
      page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    expect(
      ((await (await spammerPage.request.get('/api/auth/session')).json()) as { user: unknown })
        .user,
    ).toBeNull();
    await spammerContext.close();

    // Refund the order.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await page.getByLabel('Search by buyer, event or order id').fill(buyerEmail);
    await page.getByRole('button', { name: `Refund order of ${buyerEmail}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByRole('table').getByText('refunded', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // Change the footer's contact email.
    const contact = `help-${Date.now()}@example.com`;
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByLabel('Contact email (footer)').fill(contact);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expectNoAxeViolations(page);
    // Back to the site in the same tab: the footer shows the new address without a reload.
    await page.getByRole('link', { name: 'Back to the site' }).click();
    await expect(page.getByRole('contentinfo').getByText(contact)).toBeVisible();

    // The audit log shows all four.
    await page.goto('/admin');
    const audit = page.locator('li', { hasText: 'admin@mea.events' });
    await expect(audit.filter({ hasText: 'granted blog_admin' }).first()).toBeVisible();
    await expect(audit.filter({ hasText: 'suspended user' }).first()).toBeVisible();
    await expect(audit.filter({ hasText: 'refunded order' }).first()).toBeVisible();
    await expect(
      audit.filter({ hasText: `changed setting contactEmail to “${contact}”` }),
    ).toBeVisible();

    // Put the footer's address back: the other journeys share this server and read it.
    const restored = await page.request.patch('/api/admin/settings', {
      data: { contactEmail: 'support@mea.events' },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  });

  test('the console works on a phone, and people without a role are sent to /auth', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'attendee');
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/auth/);
    await page.request.post('/api/auth/sign-out');
    await signIn(page, 'admin');
    for (const path of [
      '/admin',
      '/admin/users',
      '/admin/events',
      '/admin/orders',
      '/admin/analytics',
      '/admin/settings',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await closeToasts(page);
      await expectNoAxeViolations(page);
    }
    // Nothing in the console makes a phone scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, `${SHOTS}/admin-settings-390.png`, { fullPage: true });
    await page.goto('/admin/users');
    await expect(page.getByRole('table')).toBeVisible();
    await screenshot(page, `${SHOTS}/admin-users-390.png`, { fullPage: true });
  });

  test('a person reports an event and a moderator hides it from the reports queue', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // An organizer's published event.
    await signIn(page, 'organizer');
    const title = `Too Good Rave ${Date.now()}`;
    const created = await page.request.post('/api/events', {
      data: {
        title,
        category: 'Music',
        description: 'Free iPhones for everyone who pays the deposit.',
        startsAt: '2031-10-02T21:00:00.000Z',
        timezone: 'UTC',
        city: 'Brooklyn',
        venueName: 'Warehouse 9',
        isFree: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.post(`/api/events/${id}/publish`)).status()).toBe(200);
    await page.request.post('/api/auth/sign-out');

    // A moderator, appointed by an admin.
    const moderator = await createConfirmedAccount(page, { label: 'moderator' });
    await signIn(page, 'admin');
    const found = await page.request.get(
      `/api/admin/users?q=${encodeURIComponent(moderator.email)}`,
    );
    const moderatorId = ((await found.json()) as { rows: { id: string }[] }).rows[0]?.id;
    const granted = await page.request.post(`/api/admin/users/${moderatorId}/roles`, {
      data: { role: 'moderator', granted: true },
    });
    expect(granted.status(), await granted.text()).toBe(200);
    await page.request.post('/api/auth/sign-out');

    // Someone reports the event from its page.
    const reporter = await createConfirmedAccount(page, { label: 'reporter' });
    await signInByApi(page, reporter.email);
    await page.goto(`/event/${id}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Report this event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this event' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose a reason')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
    await dialog.getByLabel('Details (optional)').fill('Asks for a deposit by bank transfer.');
    await closeToasts(page);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Thanks, your report was sent')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.request.post('/api/auth/sign-out');

    // The moderator finds it in the queue and hides the event.
    await signInByApi(page, moderator.email);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: title });
    await expect(card).toContainText('Asks for a deposit by bank transfer.');
    await expect(card).toContainText('Scam or fraud');
    await closeToasts(page);
    await screenshot(page, `${SHOTS}/admin-reports.png`, { fullPage: true });
    await expectNoAxeViolations(page);
    await card.getByRole('button', { name: `Hide: ${title}` }).click();
    const confirm = page.getByRole('dialog', { name: `Hide: ${title}?` });
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Hide' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
    await page.getByLabel('Status').selectOption('actioned');
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText(
      'Actioned by Journey moderator',
    );
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, `${SHOTS}/admin-reports-390.png`, { fullPage: true });
    await page.request.post('/api/auth/sign-out');

    // The event is off the site.
    const publicView = await page.request.get(`/api/events/${id}`);
    expect(publicView.status()).toBe(404);
  });

  test('an admin deletes an account, typing its email to confirm', async ({ page }) => {
    test.setTimeout(90_000);
    const leaver = await createConfirmedAccount(page, { label: 'leaver' });
    await signIn(page, 'admin');
    await page.goto('/admin/users');
    await page.getByLabel('Search by name or email').fill(leaver.email);
    await page.getByRole('button', { name: leaver.fullName }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${leaver.fullName}'s account?` });
    const submit = confirm.getByRole('button', { name: 'Delete account' });
    await expect(submit).toBeDisabled();
    await confirm.getByLabel(/to confirm/).fill(leaver.email.toUpperCase());
    await closeToasts(page);
    await screenshot(page, `${SHOTS}/admin-erase.png`);
    await expectNoAxeViolations(page);
    await submit.click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('dialog')).toContainText('Deleted user');
    await page.keyboard.press('Escape');
    await page.request.post('/api/auth/sign-out');
    const signInAgain = await page.request.post('/api/auth/sign-in', {
      data: { email: leaver.email, password: leaver.password },
    });
    expect(signInAgain.status()).toBe(401);
  });
});
