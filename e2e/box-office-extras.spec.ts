import { createConfirmedAccount, mailedLink, signInByApi, uniqueEmail } from './accounts';
import {
  addTicketTypeThroughApi,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  screenshot,
  test,
} from './fixtures';

// The box office's extras (decisions 117, 132): a ticket sold with an add-on for cash, its
// tickets printed and mailed later to the walk-in's address, and the sale in the organizer's
// sales by channel.

test('the box office sells a ticket with an add-on, prints it, and the sale shows by channel', async ({
  page,
}) => {
  const owner = await createConfirmedAccount(page, { userType: 'organizer', label: 'bo-extras' });
  await signInByApi(page, owner.email);
  const title = `Box Office Extras ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(page, { title, description: 'Extras at the door.' });
  const typeId = await addTicketTypeThroughApi(page, eventId, {
    name: 'Standing',
    priceCents: 2500,
  });
  const product = await page.request.post(`/api/events/${eventId}/products`, {
    data: {
      name: 'Tote bag',
      category: 'merchandise',
      priceCents: 1000,
      soldAlone: false,
      variations: [{ quantity: 20 }],
      addOns: [{ ticketTypeId: typeId, minPerTicket: 0, maxPerTicket: 2 }],
    },
  });
  expect(product.status(), await product.text()).toBe(201);

  await page.goto('/check-in');
  const card = page.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: 'Download list' }).click();
  await card.getByRole('button', { name: 'Download and start' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Sell tickets' }).click();
  const sell = page.getByRole('region', { name: 'Sell tickets' });
  await sell.getByLabel(/Standing/).fill('1');
  await sell.getByLabel(/Tote bag/).fill('1');
  await expect(sell.getByTestId('sale-total')).toHaveText('Total: $35.00');
  await sell.getByRole('button', { name: 'Sell', exact: true }).click();
  const result = sell.getByTestId('sale-result');
  await expect(result).toContainText('Paid: $35.00.');
  await expect(result.getByRole('list', { name: 'Add-ons' })).toContainText('1 × Tote bag');
  const print = result.getByRole('link', { name: 'Print tickets' });
  await expect(print).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, '/tmp/box-office-extras-sold.png', { fullPage: true });
  const pdf = await page.request.get((await print.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // The walk-in asks for the tickets by mail after all.
  const walkIn = uniqueEmail('bo-walk-in');
  await result.getByLabel("Buyer's email address").fill(walkIn);
  await result.getByRole('button', { name: 'Mail the tickets' }).click();
  await expect(result.getByText(`The tickets are on their way to ${walkIn}.`)).toBeVisible();
  await screenshot(page, '/tmp/box-office-mailed.png', { fullPage: true });
  expect(await mailedLink(page.request, walkIn, '/ticket/')).toContain('/ticket/');

  await page.goto(`/event/${eventId}/sales-channels`);
  const table = page.getByTestId('sales-channels-table');
  const row = table.getByRole('row').filter({ hasText: 'Box office' });
  await expect(row).toContainText('Cash');
  await expect(row).toContainText('$35.00');
  await expect(page.getByTestId('sales-channels-chart')).toBeVisible();
  const day = page.getByLabel('Day');
  await day.selectOption({ index: 1 });
  await expect(page).toHaveURL(/day=\d{4}-\d{2}-\d{2}/);
  await expect(row).toContainText('$35.00');
  const csv = await page.request.get(
    (await page.getByRole('link', { name: 'Download as CSV' }).getAttribute('href')) ?? '',
  );
  expect(await csv.text()).toContain('"Box office","cash"');
  await expectNoAxeViolations(page);
  await screenshot(page, '/tmp/sales-channels.png', { fullPage: true });
});
