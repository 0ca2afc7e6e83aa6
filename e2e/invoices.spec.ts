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

// Invoices (decision 059): an organizer fills in the billing profile; a buyer pays and
// downloads the invoice from the order page.

const SHOTS = 'test-results/screenshots';

test('an organizer sets up invoices; a buyer pays and downloads the invoice from the order page', async ({
  page,
  browser,
}) => {
  await signIn(page, 'organizer');
  await page.goto('/invoice-settings');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  const prefix = `J${Date.now().toString(36).toUpperCase()}-`;
  await page.getByLabel('Legal name').fill('Demo Events Ltd');
  await page.getByLabel('Address', { exact: true }).fill('12 Marina Road\nLagos');
  await page.getByLabel('VAT or tax ID').fill('NG-12345678');
  await page.getByLabel('Invoice footer').fill('Thank you for coming.');
  await page.getByLabel('Number prefix').fill(prefix);
  // On request, so the demo organizer's other journeys' purchases get no invoice mails.
  await page.getByLabel('On request: the buyer asks for one from their order').check();
  await page.getByRole('button', { name: 'Save billing profile' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await expect(page.getByText(`Next invoice number: ${prefix}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${SHOTS}/invoice-settings-390.png`);

  const title = `Invoice Night ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(page, { title, description: 'With an invoice.' });
  const typeId = await addTicketTypeThroughApi(page, eventId, {
    name: 'Standard',
    priceCents: 2500,
  });

  const buyerContext = await newJourneyContext(browser);
  const buyer = await buyerContext.newPage();
  await signIn(buyer, 'attendee');
  const created = await buyer.request.post('/api/orders', {
    data: { items: [{ ticketTypeId: typeId, quantity: 1 }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; checkoutUrl: string };
  await buyer.goto(order.checkoutUrl);
  await payOnTestProvider(buyer);
  await buyer.goto(`/receipt?order=${order.id}`);
  await buyer.getByRole('button', { name: 'Request invoice' }).click();
  const download = buyer.getByRole('link', { name: new RegExp(`^Download invoice ${prefix}`) });
  await expect(download).toBeVisible();
  await expectNoAxeViolations(buyer);
  const [file] = await Promise.all([buyer.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${prefix}\\d{4}-\\d{5}\\.pdf$`));
  await buyer.setViewportSize({ width: 390, height: 844 });
  await screenshot(buyer, `${SHOTS}/receipt-invoice-390.png`);
  await buyerContext.close();
});
