import {
  addTicketTypeThroughApi,
  closeToasts,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
  expectNoSideScroll,
} from './fixtures';

// An organizer puts two ticket types in one capacity pool smaller than either; a buyer sees the
// shared limit on both.

const SHOTS = 'test-results/screenshots';

test('an organizer pools two ticket types; a buyer sees the shared limit on both', async ({
  page,
  browser,
}) => {
  await signIn(page, 'organizer');
  const eventId = await createEventThroughApi(page, {
    title: `Harbour Jazz ${Date.now().toString(36)}`,
    description: 'Two stages, one hall.',
  });
  await addTicketTypeThroughApi(page, eventId, { name: 'Day pass', priceCents: 2500 });
  await addTicketTypeThroughApi(page, eventId, { name: 'VIP', priceCents: 9000 });

  await page.goto(`/event/${eventId}/tickets`);
  const capacity = page.getByRole('region', { name: 'Capacity' });
  await expect(capacity.getByRole('heading', { name: 'No capacity pools yet' })).toBeVisible();
  await capacity.getByRole('button', { name: 'Add capacity pool' }).click();
  const dialog = page.getByRole('dialog', { name: 'New capacity pool' });
  await dialog.getByLabel('Name').fill('Main hall');
  await dialog.getByLabel('Capacity').fill('3');
  await dialog.getByRole('checkbox', { name: 'Day pass' }).check();
  await dialog.getByRole('checkbox', { name: 'VIP' }).check();
  await dialog.getByRole('button', { name: 'Add capacity pool' }).click();
  await expect(dialog).toBeHidden();
  const pool = capacity.getByRole('listitem').filter({ hasText: 'Main hall' });
  await expect(
    pool.getByRole('meter', { name: 'Main hall: 0 of 3 places sold or held' }),
  ).toBeVisible();
  await expect(pool.getByRole('list', { name: 'Ticket types in Main hall' })).toContainText('VIP');
  await closeToasts(page);
  await expectNoAxeViolations(page);
  await pool.scrollIntoViewIfNeeded();
  await screenshot(page, `${SHOTS}/capacity-pools.png`);

  // A buyer sees 3 left on both types: the pool, not each type's 100.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signIn(buyer, 'attendee');
  await buyer.goto(`/event/${eventId}`);
  await buyer
    .getByRole('region', { name: 'Tickets' })
    .getByRole('link', { name: 'Get tickets' })
    .click();
  await expect(buyer.getByRole('heading', { name: 'Get tickets', level: 1 })).toBeVisible();
  await expect(buyer.getByText('3 left')).toHaveCount(2);
  await expectNoAxeViolations(buyer);
  await screenshot(buyer, `${SHOTS}/capacity-pools-buyer.png`);
  await buyerContext.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page);
  await screenshot(page, `${SHOTS}/capacity-pools-390.png`, { fullPage: true });
});
