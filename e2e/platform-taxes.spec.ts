import { expect, expectNoAxeViolations, screenshot, signIn, test } from './fixtures';

// The tax on MEA Events' own charges (decisions 081, 088, 093): an admin sets a rate per kind of
// charge from the console, with the keyboard, and sees refused fields named; one plan gets its
// own rate, which the pricing page shows; loading and failed loads have their own states; the
// page holds at 768 px.

const SHOTS = 'test-results/screenshots';
const API = '/api/admin/platform-tax-rates';

test('an admin sets, edits and removes the tax rates of MEA Events’ own charges', async ({
  page,
}) => {
  await signIn(page, 'admin');
  // A known start: no rate on any kind (other journeys on this server set none).
  for (const kind of ['plan', 'vendor_fee', 'ad_budget'])
    expect((await page.request.delete(`${API}/${kind}`)).status()).toBe(200);

  try {
    // Loading: the page waits for its answer with an announced spinner.
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      `**${API}`,
      async (route) => {
        await answered;
        await route.continue();
      },
      { times: 1 },
    );
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Platform taxes' })
      .click();
    await expect(page).toHaveURL(/\/admin\/platform-taxes$/);
    await expect(page.getByRole('status', { name: 'Loading tax rates' })).toBeVisible();
    release();

    // Empty: every charge is made without tax.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Tax on MEA Events' + "' charges" }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: "No tax on MEA Events' charges yet" }),
    ).toBeVisible();
    const rows = page
      .getByRole('list', { name: 'Tax rates by kind of charge' })
      .getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'Subscription plans' })).toContainText('No tax');
    await expectNoAxeViolations(page);

    // With the keyboard: the row's button opens the form on the name; a bad percentage is named.
    await page.getByRole('button', { name: 'Add a rate for Subscription plans' }).focus();
    await page.keyboard.press('Enter');
    const name = page.getByLabel('Name on invoices', { exact: true });
    const percent = page.getByLabel('Percentage', { exact: true });
    await expect(name).toBeFocused();
    await page.keyboard.type('VAT');
    await page.keyboard.press('Tab');
    await expect(percent).toBeFocused();
    await page.keyboard.type('120');
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Please enter a percentage between 0 and 100 with at most 3 decimals'),
    ).toBeVisible();
    await expect(percent).toHaveAttribute('aria-invalid', 'true');
    await expect(percent).toBeFocused();
    await expectNoAxeViolations(page);
    await percent.fill('20');
    await page.keyboard.press('Enter');
    await expect(rows.filter({ hasText: 'Subscription plans' })).toContainText(
      'VAT, 20 % included',
    );

    // The form's own choice of kind, refused while none is chosen.
    await page.getByLabel('Name on invoices', { exact: true }).fill('Sales tax');
    await page.getByLabel('Percentage', { exact: true }).fill('8.875');
    await page.getByRole('button', { name: 'Add rate' }).click();
    await expect(
      page.getByText('Please choose a subscription plan, vendor fee or advertising campaign'),
    ).toBeVisible();
    await expect(page.getByLabel('Kind of charge', { exact: true })).toBeFocused();
    await page
      .getByLabel('Kind of charge', { exact: true })
      .selectOption({ label: 'Advertising campaigns' });
    await page.getByRole('button', { name: 'Add rate' }).click();
    await expect(rows.filter({ hasText: 'Advertising campaigns' })).toContainText(
      'Sales tax, 8.875 % included',
    );
    await expect(
      page.getByRole('heading', { name: "No tax on MEA Events' charges yet" }),
    ).toHaveCount(0);

    // Edit: the form says which kind it edits and starts on the name.
    await page.getByRole('button', { name: 'Edit the rate of Subscription plans' }).click();
    await expect(
      page.getByRole('heading', { name: 'Edit the rate of Subscription plans' }),
    ).toBeVisible();
    await expect(name).toBeFocused();
    await expect(name).toHaveValue('VAT');
    await percent.fill('21');
    await page.getByRole('button', { name: 'Save rate' }).click();
    await expect(rows.filter({ hasText: 'Subscription plans' })).toContainText(
      'VAT, 21 % included',
    );
    const saved = (await (await page.request.get(API)).json()) as {
      rates: { kind: string; rateThousandths: number }[];
    };
    expect(saved.rates.map((r) => [r.kind, r.rateThousandths])).toEqual([
      ['ad_budget', 8875],
      ['plan', 21000],
    ]);
    await expectNoAxeViolations(page);

    // One plan gets its own rate, found by its name; the item is asked for before sending.
    const items = page.getByRole('list', {
      name: 'Rates of single plans, vendor fees and campaigns',
    });
    await page
      .getByLabel('Charged for', { exact: true })
      .selectOption({ label: 'Subscription plan' });
    await page.getByLabel('Tax name on invoices', { exact: true }).fill('Reduced VAT');
    await page.getByLabel('Its rate in %', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Add this rate' }).click();
    await expect(
      page.getByText('Please choose a plan, an event with a vendor fee or a campaign'),
    ).toBeVisible();
    const item = page.getByLabel('Plan, event or campaign', { exact: true });
    await expect(item).toBeFocused();
    await page.getByLabel('Find by name', { exact: true }).fill('pro');
    await item.selectOption({ label: 'Pro' });
    await page.getByLabel('Its rate in %', { exact: true }).press('Enter');
    await expect(items.getByRole('listitem').filter({ hasText: 'Pro' })).toContainText(
      'Subscription plan · Reduced VAT, 10 % included',
    );
    await expectNoAxeViolations(page);
    await screenshot(page, `${SHOTS}/admin-platform-tax-items.png`, { fullPage: true });

    // The pricing page says what each price includes: Pro its own rate, the others the kind's.
    await page.goto('/pricing');
    await expect(page.getByRole('listitem', { name: 'Pro plan' })).toContainText(
      'incl. 10 % Reduced VAT',
    );
    await expect(page.getByRole('listitem', { name: 'Starter plan' })).toContainText(
      'incl. 21 % VAT',
    );
    await expect(page.getByRole('listitem', { name: 'Free plan' })).not.toContainText('incl.');
    await screenshot(page, `${SHOTS}/pricing-incl-tax.png`);
    await page.goBack();
    await page.getByRole('button', { name: 'Remove the rate of Pro' }).click();
    const back = page.getByRole('dialog', { name: 'Remove the rate of Pro?' });
    await expect(back).toContainText('charged at the rate of its kind');
    await back.getByRole('button', { name: 'Remove rate' }).click();
    await expect(back).toBeHidden();
    await expect(items).toHaveCount(0);

    // Remove, after saying what it does.
    await page.getByRole('button', { name: 'Remove the rate of Advertising campaigns' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the rate of Advertising campaigns?' });
    await expect(dialog).toContainText('Charges already made keep their tax');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Remove rate' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows.filter({ hasText: 'Advertising campaigns' })).toContainText('No tax');

    // At 768 px nothing runs off the side.
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(rows.filter({ hasText: 'Subscription plans' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await screenshot(page, `${SHOTS}/admin-platform-taxes-768.png`, { fullPage: true });

    // A failed load says so and tries again.
    await page.route(`**${API}`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'SERVICE_UNAVAILABLE', message: 'Down for a moment' },
        }),
      }),
    );
    await page.reload();
    await expect(page.getByText('The tax rates could not be loaded')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.unroute(`**${API}`);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(rows.filter({ hasText: 'Subscription plans' })).toContainText(
      'VAT, 21 % included',
    );
  } finally {
    const listed = (await (await page.request.get(API)).json()) as {
      items?: { kind: string; itemId: string }[];
    };
    for (const left of listed.items ?? [])
      await page.request.delete(`${API}/${left.kind}/items/${left.itemId}`);
    await page.request.delete(`${API}/plan`);
    await page.request.delete(`${API}/ad_budget`);
  }
});
