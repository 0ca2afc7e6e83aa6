import { createConfirmedAccount, signInByApi } from './accounts';
import {
  addTicketTypeThroughApi,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  screenshot,
  test,
} from './fixtures';

// Seats at the door and seat exchange (decision 090): the box office sells a seat picked on the
// map, then the organizer moves that guest to another seat from the attendee list.

test('the box office sells a seat picked on the map; the organizer moves the guest to another seat', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await createConfirmedAccount(page, { userType: 'organizer', label: 'seat-owner' });
  await signInByApi(page, owner.email);
  const title = `Seated Night ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(page, {
    title,
    description: 'An evening sold by seat.',
  });
  const typeId = await addTicketTypeThroughApi(page, eventId, {
    name: 'Stalls seat',
    priceCents: 3000,
    quantity: 12,
  });
  const plan = await page.request.post('/api/seating/plans', {
    data: {
      name: 'Door Hall',
      plan: {
        categories: [{ id: 'std', name: 'Standard', color: '#1f6feb' }],
        sections: [
          {
            id: 'A',
            name: 'Stalls',
            kind: 'grid',
            x: 0,
            y: 0,
            rows: 2,
            seatsPerRow: 6,
            categoryId: 'std',
          },
        ],
      },
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const { id: planId } = (await plan.json()) as { id: string };
  const linked = await page.request.put(`/api/events/${eventId}/seating`, {
    data: { planId, version: 1, ticketTypes: { std: typeId } },
  });
  expect(linked.status(), await linked.text()).toBe(200);

  // The box office: the seated type is sold by picking its seat on the map.
  await page.goto('/check-in');
  const card = page.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: 'Download list' }).click();
  await card.getByRole('button', { name: 'Download and start' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Sell tickets' }).click();
  const sell = page.getByRole('region', { name: 'Sell tickets' });
  await sell.locator('[data-seat="A-Row A-3"]').click();
  await expect(sell.locator('[data-seat="A-Row A-3"]')).toHaveAttribute('data-state', 'selected');
  await expect(sell.getByTestId('sale-total')).toHaveText('Total: $30.00');
  await sell.getByLabel("Buyer's name (optional)").fill('Selma Seated');
  await expectNoAxeViolations(page);
  await sell.getByRole('button', { name: 'Sell', exact: true }).click();
  await expect(sell.getByTestId('sale-result')).toContainText('Paid: $30.00.');
  await expect(sell.locator('[data-seat="A-Row A-3"]')).toHaveAttribute('data-state', 'sold');
  await screenshot(page, 'test-results/screenshots/box-office-seats.png', { fullPage: true });

  // The attendee list shows the seat and leads to the exchange.
  await page.goto(`/event/${eventId}/tickets`);
  await page.getByRole('tab', { name: 'Attendees' }).click();
  await page.getByRole('link', { name: 'Move seat A-Row A-3' }).click();
  await expect(page.getByRole('heading', { name: 'Move a seat' })).toBeVisible();
  await expect(page.locator('[data-seat="A-Row A-3"]')).toHaveAttribute('data-state', 'sold');
  // The keyboard way: the lists.
  await page.getByLabel('Row', { exact: true }).selectOption({ label: 'Row B' });
  await page.getByRole('checkbox', { name: /^A-Row B-5/ }).check();
  await expect(page.locator('[data-seat="A-Row B-5"]')).toHaveAttribute('data-state', 'selected');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Move to seat A-Row B-5' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'now has seat' })).toContainText(
    'The ticket now has seat A-Row B-5 (it had A-Row A-3).',
  );
  await expect(page.locator('[data-seat="A-Row A-3"]')).toHaveAttribute('data-state', 'available');
  await expect(page.locator('[data-seat="A-Row B-5"]')).toHaveAttribute('data-state', 'sold');
  await screenshot(page, 'test-results/screenshots/seat-move.png', { fullPage: true });

  await page.getByRole('link', { name: 'Back to the attendees' }).click();
  await expect(page.getByRole('link', { name: 'Move seat A-Row B-5' })).toBeVisible();

  // Back at the door, the guest comes in: the verdict says the new seat in words (the device's
  // list learnt the move with its sync, decision 092).
  await page.goto('/check-in');
  await card.getByRole('button', { name: 'Start scanning' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByLabel('Ticket code or name').fill('Selma');
  const guest = page.getByRole('list', { name: 'Guests found' }).getByRole('button').first();
  // The search names the seat too: once it says the new one, the first sync has brought it.
  await expect(guest).toContainText('Stalls · Row B · Seat 5');
  await guest.click();
  await expect(page.getByRole('alert')).toContainText('Admitted');
  await expect(page.getByTestId('verdict-seat')).toHaveText('Stalls · Row B · Seat 5');
});
