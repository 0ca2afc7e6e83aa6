import { createConfirmedAccount, signInByApi } from './accounts';
import {
  addTicketTypeThroughApi,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  screenshot,
  test,
} from './fixtures';

// The box office in the check-in app (decision 070): with re-entry on, the organizer sells two
// tickets at the door for cash, gives the change, admits one of the two guests by name, checks
// them out when they step outside and admits them again when they come back.

test('the box office sells two tickets for cash; one guest comes in, goes out and back in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const owner = await createConfirmedAccount(page, { userType: 'organizer', label: 'bo-owner' });
  await signInByApi(page, owner.email);
  const title = `Box Office Night ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(page, {
    title,
    description: 'An evening for the box office journey.',
  });
  await addTicketTypeThroughApi(page, eventId, { name: 'Standing', priceCents: 2500 });

  await page.goto('/check-in');
  const card = page.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: 'Download list' }).click();
  await card.getByRole('button', { name: 'Download and start' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('checked-in')).toHaveText('0 / 0');
  await page.getByLabel('Guests may leave and come back in (re-entry)').check();
  await expect(page.getByRole('radio', { name: 'Check out' })).toBeVisible();

  await page.getByRole('button', { name: 'Sell tickets' }).click();
  const sell = page.getByRole('region', { name: 'Sell tickets' });
  await sell.getByLabel(/Standing/).fill('2');
  await expect(sell.getByTestId('sale-total')).toHaveText('Total: $50.00');
  await sell.getByLabel('Cash received (empty: the exact amount)').fill('60');
  await sell.getByLabel("Buyer's name (optional)").fill('Kwame Walk-in');
  await expectNoAxeViolations(page);
  await sell.getByRole('button', { name: 'Sell', exact: true }).click();
  const result = sell.getByTestId('sale-result');
  await expect(result).toContainText('Paid: $50.00.');
  await expect(result).toContainText('Change to give: $10.00');
  await expect(sell.getByTestId('shift-summary')).toContainText('$50.00');
  await screenshot(page, '/tmp/box-office-sold.png', { fullPage: true });

  // The two tickets reach the device's list with the next sync; one guest comes in now.
  await expect(page.getByTestId('checked-in')).toHaveText('0 / 2');
  await page.getByLabel('Ticket code or name').fill('Kwame');
  const guests = page.getByRole('list', { name: 'Guests found' }).getByRole('button');
  await expect(guests).toHaveCount(2);
  await guests.first().click();
  const verdict = page.getByRole('alert');
  await expect(verdict).toContainText('Admitted');
  await expect(verdict).toContainText('Kwame Walk-in');
  const next = page.getByRole('button', { name: 'Next guest' });
  await next.click();
  await expect(page.getByTestId('pending')).toHaveText('0');
  await expect(page.getByTestId('checked-in')).toHaveText('1 / 2');

  // The guest steps outside, then comes back in with the same ticket.
  await page.getByRole('radio', { name: 'Check out' }).check();
  await page.getByLabel('Ticket code or name').fill('Kwame');
  await guests.first().click();
  await expect(verdict).toContainText('Checked out');
  await next.click();
  await expect(page.getByTestId('checked-in')).toHaveText('0 / 2');
  await page.getByRole('radio', { name: 'Check in' }).check();
  await page.getByLabel('Ticket code or name').fill('Kwame');
  await guests.first().click();
  await expect(verdict).toContainText('Admitted');
  await next.click();
  await expect(page.getByTestId('pending')).toHaveText('0');
  await expect(page.getByTestId('checked-in')).toHaveText('1 / 2');
  await expectNoAxeViolations(page);

  // The organizer's attendee list has both, one in.
  const attendees = await page.request.get(`/api/events/${eventId}/attendees`);
  expect(((await attendees.json()) as { sales: { checkedIn: number } }).sales.checkedIn).toBe(1);
});
