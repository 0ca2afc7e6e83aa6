import { readFile } from 'node:fs/promises';
import { pdfText } from '../src/server/test/pdf-text';
import {
  addTicketTypeThroughApi,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  newJourneyContext,
  payOnTestProvider,
  screenshot,
  signIn,
  test,
} from './fixtures';

// Business buyers (decision 060): an organizer turns on EU reverse charge for an event whose
// prices carry VAT on top; a company from another member state buys at the tax-free price, and
// its invoice carries its VAT ID; the organizer's order list tells it from a taxed order.

const SHOTS = 'test-results/screenshots';
const VAT_ID = 'FR40303265045';

test('a company buyer with an EU VAT ID pays the tax-free total and gets an invoice with its VAT ID', async ({
  page,
  browser,
}) => {
  await signIn(page, 'organizer');
  const title = `Trade Summit ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(page, { title, description: 'For companies.' });
  const typeId = await addTicketTypeThroughApi(page, eventId, {
    name: 'Delegate',
    priceCents: 10000,
  });
  const rate = await page.request.post('/api/tax-rates', {
    data: { name: 'MwSt', percent: '19', country: 'DE' },
  });
  expect(rate.status(), await rate.text()).toBe(201);
  const taxed = await page.request.put(`/api/events/${eventId}/tax-settings`, {
    data: {
      pricesIncludeTax: false,
      assignments: [
        { ticketTypeId: typeId, taxRateId: ((await rate.json()) as { id: string }).id },
      ],
    },
  });
  expect(taxed.status(), await taxed.text()).toBe(200);

  // The organizer enables reverse charge on the event's taxes page.
  await page.goto(`/event/${eventId}/taxes`);
  await page
    .getByRole('checkbox', {
      name: 'Reverse charge for EU businesses with a VAT ID from another member state',
    })
    .check();
  await page.getByLabel('Country you are registered for VAT in').selectOption('DE');
  await page.getByRole('button', { name: 'Save billing settings' }).click();
  await expect(page.getByText('Billing settings saved')).toBeVisible();
  await expectNoAxeViolations(page);

  const buyerContext = await newJourneyContext(browser);
  const buyer = await buyerContext.newPage();
  await buyer.setViewportSize({ width: 390, height: 844 });
  await signIn(buyer, 'attendee');
  await buyer.goto(`/ticket?event_id=${eventId}`);
  await buyer.getByRole('button', { name: 'More Delegate' }).click();
  await buyer.getByRole('button', { name: 'Add to cart' }).click();
  await buyer.goto('/cart');
  const summary = buyer.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('MwSt (19 %)')).toBeVisible();
  await expect(summary.getByRole('definition').last()).toHaveText('$119.00');

  await summary.getByRole('checkbox', { name: 'I need an invoice for a company' }).check();
  await summary.getByLabel('Company name').fill('Acme SARL');
  await summary.getByLabel('Street address').fill('1 rue de la Paix');
  await summary.getByLabel('Postal code (optional)').fill('75002');
  await summary.getByLabel('City').fill('Paris');
  await summary.getByLabel('Country').selectOption('FR');
  await summary.getByLabel('VAT ID (optional)').fill(VAT_ID);
  await expect(
    summary.getByText('VAT ID checked for format only, not with the tax authority'),
  ).toBeVisible();
  await expect(summary.getByText('VAT reverse charged')).toBeVisible();
  await expect(summary.getByText('MwSt (19 %)')).toBeHidden();
  await expect(summary.getByRole('definition').last()).toHaveText('$100.00');
  await expectNoAxeViolations(buyer);
  await screenshot(buyer, `${SHOTS}/business-checkout-390.png`);

  // The order's answer is read as it passes: the app navigates to the payment page at once,
  // after which the browser no longer has the response body to give.
  let placedOrder: { id: string; totalCents: number } | undefined;
  await buyer.route('**/api/orders', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    placedOrder = (await response.json()) as { id: string; totalCents: number };
    await route.fulfill({ response });
  });
  await summary.getByRole('button', { name: 'Checkout' }).click();
  await expect.poll(() => placedOrder?.totalCents).toBe(10000);
  const order = placedOrder as { id: string; totalCents: number };
  await payOnTestProvider(buyer);
  await buyer.goto(`/receipt?order=${order.id}`);
  await buyer.getByRole('button', { name: 'Request invoice' }).click();
  const download = buyer.getByRole('link', { name: /^Download invoice / });
  await expect(download).toBeVisible();
  await expect(buyer.getByText('$100.00').first()).toBeVisible();
  const [file] = await Promise.all([buyer.waitForEvent('download'), download.click()]);
  const text = (await pdfText(await readFile(await file.path()))).join(' ');
  expect(text).toContain(`VAT ID: ${VAT_ID}`);
  expect(text).toContain('Acme SARL');

  // A second order, as a private person: VAT on top.
  const placed = await buyer.request.post('/api/orders', {
    data: { items: [{ ticketTypeId: typeId, quantity: 1 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  await buyer.goto(((await placed.json()) as { checkoutUrl: string }).checkoutUrl);
  await payOnTestProvider(buyer);
  await buyerContext.close();

  // The organizer's order list says what each total holds.
  await page.goto(`/event/${eventId}/tickets`);
  await page.getByRole('tab', { name: 'Attendees' }).click();
  const orders = page.getByRole('region', { name: /^Orders/ });
  await expect(orders.getByText('Net $100.00 · Tax $19.00 · Gross $119.00')).toBeVisible();
  await expect(orders.getByText('Reverse charge', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, `${SHOTS}/business-checkout-orders.png`, { fullPage: true });
});
