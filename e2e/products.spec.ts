import {
  addTicketTypeThroughApi,
  closeToasts,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  newJourneyContext,
  payOnTestProvider,
  screenshot,
  signIn,
  test,
  expectNoSideScroll,
} from './fixtures';

// An organizer adds a T-shirt in S, M and L as an add-on to a ticket type (up to 2 per ticket);
// a buyer gets a ticket with a shirt, and the receipt lists the shirt beside the ticket.

const SHOTS = 'test-results/screenshots';

test('an organizer offers a T-shirt with a ticket; a buyer gets both and the receipt shows it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'organizer');
  const eventId = await createEventThroughApi(page, {
    title: `Harbour Jazz ${Date.now().toString(36)}`,
    description: 'Two stages, one hall, and a shirt to remember it by.',
  });
  await addTicketTypeThroughApi(page, eventId, { name: 'Day pass', priceCents: 3000 });

  await page.goto(`/event/${eventId}/tickets`);
  const products = page.getByRole('region', { name: 'Products and add-ons' });
  await expect(products.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  await products.getByRole('button', { name: 'Add product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New product' });
  await dialog.getByLabel('Name', { exact: true }).fill('T-shirt');
  await dialog.getByLabel('Price', { exact: true }).fill('20');
  await dialog.getByRole('checkbox', { name: /Sold alone/ }).uncheck();
  await dialog.getByRole('button', { name: 'Add variation' }).click();
  await dialog.getByRole('button', { name: 'Add variation' }).click();
  for (const [index, size] of ['S', 'M', 'L'].entries())
    await dialog.getByLabel(`Variation ${index + 1}`, { exact: true }).fill(size);
  await dialog.getByRole('checkbox', { name: 'Add-on to Day pass' }).check();
  await dialog.getByLabel('Most per ticket').fill('2');
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(dialog).toBeHidden();
  const card = products.getByRole('listitem').filter({ hasText: 'T-shirt' });
  await expect(card.getByText('With Day pass: 0 to 2 per ticket')).toBeVisible();
  await expect(card.getByRole('table', { name: 'Stock of T-shirt' })).toContainText('M');
  await closeToasts(page);
  await expectNoAxeViolations(page);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, `${SHOTS}/products-organizer.png`);

  // The buyer: a day pass opens the shirt, at most 2 of it per ticket.
  const context = await newJourneyContext(browser);
  const buyer = await context.newPage();
  await signIn(buyer, 'attendee');
  await buyer.goto(`/ticket?event_id=${eventId}`);
  const addOns = buyer.getByRole('region', { name: 'Add-ons' });
  await expect(addOns.getByText('Choose a ticket above to add this.')).toBeVisible();
  await expect(addOns.getByRole('button', { name: 'More T-shirt (M)' })).toBeDisabled();
  await buyer.getByRole('button', { name: 'More Day pass' }).click();
  await addOns.getByRole('button', { name: 'More T-shirt (M)' }).click();
  await expect(buyer.getByText('Total: $50.00')).toBeVisible();
  await expectNoAxeViolations(buyer);
  await buyer.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(buyer);
  await screenshot(buyer, `${SHOTS}/products-picker-390.png`, { fullPage: true });
  await buyer.getByRole('button', { name: 'Buy now' }).click();
  await payOnTestProvider(buyer);
  await buyer.getByRole('link', { name: 'View receipt' }).click();
  await expect(buyer.getByRole('heading', { name: 'Receipt', level: 1 })).toBeVisible();
  await expect(buyer.getByRole('row', { name: /T-shirt \(M\)/ })).toContainText('$20.00');
  await expect(buyer.getByRole('row', { name: /Day pass/ })).toContainText('$30.00');
  await screenshot(buyer, `${SHOTS}/products-receipt-390.png`, { fullPage: true });
  // The ticket's page lists the shirt bought with it.
  await buyer.getByRole('link', { name: /View ticket 1: Day pass/ }).click();
  const bought = buyer.getByRole('region', { name: 'Bought with this order' });
  await expect(bought.getByRole('listitem')).toHaveCount(1);
  await expect(bought.getByRole('listitem')).toContainText('T-shirt (M) × 1');
  await expect(bought.getByRole('listitem')).toContainText('$20.00');
  await expectNoAxeViolations(buyer);
  await expectNoSideScroll(buyer);
  await screenshot(buyer, `${SHOTS}/products-ticket-390.png`, { fullPage: true });
  await context.close();
});
