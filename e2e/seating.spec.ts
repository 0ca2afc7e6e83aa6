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
import { expandPlan } from '../src/contracts/seat-layout';
import { SeatPlanSchema } from '../src/contracts/seating';

// An organizer draws a small seating plan and sells an event on it; a buyer picks two seats and
// pays while a second buyer watches the same map, which shows them taken without a reload.

const SHOTS = 'test-results/screenshots';

test('an organizer draws a plan, a buyer picks two seats and pays, the next buyer sees them sold', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  await signIn(page, 'organizer');
  const eventId = await createEventThroughApi(page, {
    title: `Quartet night ${suffix}`,
    description: 'Reserved seating.',
  });
  await addTicketTypeThroughApi(page, eventId, { name: 'Stalls seat', priceCents: 3000 });

  // The event's Seating tab leads to the designer.
  await page.goto(`/event/${eventId}/seating`);
  await page
    .getByRole('link', { name: /^Draw a (new|seating) plan$/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'New seating plan' })).toBeVisible();
  const planName = `Journey Hall ${suffix}`;
  await page.getByLabel('Plan name').fill(planName);
  const add = page.getByRole('form', { name: 'Add to the plan' });
  await add.getByLabel('Name', { exact: true }).fill('Stalls');
  await add.getByLabel('Rows', { exact: true }).fill('2');
  await add.getByLabel('Seats per row').fill('6');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('12 seats and places.')).toBeVisible();

  // Seat A-Row A-1 becomes a wheelchair space, by keyboard; undo and redo it.
  await page.getByLabel('Seat', { exact: true }).fill('A-Row A-1');
  await page.getByRole('button', { name: 'Select' }).click();
  const wheelchair = page.getByRole('checkbox', { name: 'Wheelchair space' });
  await wheelchair.check();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(wheelchair).not.toBeChecked();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(wheelchair).toBeChecked();
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByText('Plan saved as version 1')).toBeVisible();
  await expect(page).toHaveURL(/\/seating\/plans\/[\w-]+\?event=/);
  await closeToasts(page);
  await expectNoAxeViolations(page);
  await screenshot(page, `${SHOTS}/seating-designer.png`, { fullPage: true });

  // Back on the event: sell it on the plan, the category as the ticket type.
  await page.getByRole('link', { name: 'Back to the event’s seating' }).click();
  const planSelect = page.getByLabel('Seating plan');
  await planSelect.selectOption({ label: `${planName} (12 seats)` });
  await page.getByLabel('Standard').selectOption({ label: 'Stalls seat' });
  await page.getByRole('button', { name: 'Save seating' }).click();
  await expect(page.getByText('Seating saved')).toBeVisible();
  await closeToasts(page);
  await expectNoAxeViolations(page);

  // A second buyer has the map open and has chosen a seat the first one is about to take.
  const nextContext = await newJourneyContext(browser);
  const next = await nextContext.newPage();
  await signIn(next, 'venue');
  await next.goto(`/event/${eventId}/seats`);
  await next.locator('[data-seat="A-Row B-4"]').click();
  await expect(next.locator('[data-seat="A-Row B-4"]')).toHaveAttribute('data-state', 'selected');

  // A buyer picks one seat from the lists and one on the map, and pays.
  const buyerContext = await newJourneyContext(browser);
  const buyer = await buyerContext.newPage();
  await signIn(buyer, 'attendee');
  await buyer.goto(`/event/${eventId}`);
  await buyer.getByRole('link', { name: 'Choose your seats' }).click();
  await expect(buyer.getByRole('heading', { name: 'Choose your seats' })).toBeVisible();
  await buyer.getByLabel('Row', { exact: true }).selectOption({ label: 'Row B' });
  await buyer.getByRole('checkbox', { name: /^A-Row B-3 / }).check();
  await buyer.locator('[data-seat="A-Row B-4"]').click();
  const chosen = buyer.getByRole('region', { name: 'Your seats' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expect(chosen).toContainText('Total: $60.00');
  await expectNoAxeViolations(buyer);
  await screenshot(buyer, `${SHOTS}/seating-picker.png`, { fullPage: true });
  await chosen.getByRole('button', { name: 'Buy 2 seats' }).click();
  // The watching buyer sees both seats taken at once (the map re-reads only every 10 s when its
  // live socket is down), and loses the seat it had chosen, with a word why.
  await expect(next.locator('[data-seat="A-Row B-4"]')).toHaveAttribute('data-state', /held|sold/, {
    timeout: 3000,
  });
  await expect(next.locator('[data-seat="A-Row B-3"]')).toHaveAttribute('data-state', /held|sold/, {
    timeout: 3000,
  });
  await expect(next.getByText('Seat A-Row B-4 was just taken by someone else.')).toBeVisible();
  await payOnTestProvider(buyer);
  // The receipt names the seats.
  const mine = await buyer.request.get('/api/me/orders');
  const { orders } = (await mine.json()) as {
    orders: { id: string; items: { eventId: string }[] }[];
  };
  const order = orders.find((o) => o.items.some((item) => item.eventId === eventId));
  await buyer.goto(`/receipt?order=${order?.id ?? ''}`);
  const seats = buyer.getByRole('region', { name: 'Your seats' });
  await expect(seats).toContainText('A-Row B-3');
  await expect(seats).toContainText('A-Row B-4');
  // Each ticket carries its seat, beside its type.
  const held = (await (await buyer.request.get('/api/me/tickets')).json()) as {
    tickets: { id: string; seat?: string; event: { id: string } }[];
  };
  const ticket = held.tickets.find((t) => t.event.id === eventId && t.seat === 'A-Row B-3');
  await buyer.goto(`/ticket/${ticket?.id ?? ''}`);
  await expect(buyer.getByText('· A-Row B-3')).toBeVisible();
  await screenshot(buyer, `${SHOTS}/seating-ticket.png`, { fullPage: true });
  await buyerContext.close();

  // The next buyer finds both seats sold, on the map and in the lists.
  await next.goto(`/event/${eventId}/seats`);
  await expect(next.locator('[data-seat="A-Row B-4"]')).toHaveAttribute('data-state', 'sold');
  await next.getByLabel('Row', { exact: true }).selectOption({ label: 'Row B' });
  const soldSeat = next.getByRole('checkbox', { name: /^A-Row B-3 .*sold/ });
  await expect(soldSeat).toBeDisabled();
  await expect(next.locator('[data-seat="A-Row A-1"]')).toContainText('♿');
  await expectNoAxeViolations(next);
  await next.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(next);
  await screenshot(next, `${SHOTS}/seating-sold-390.png`, { fullPage: true });

  // An arena's plan (over 2,000 seats) is painted on a canvas: a click at a seat's place picks
  // it, and a seat ticked in the lists (the keyboard way) shows as chosen on the map.
  const arenaPlan = SeatPlanSchema.parse({
    categories: [{ id: 'std', name: 'Floor', color: '#1f6feb' }],
    sections: [
      {
        id: 'A',
        name: 'Floor',
        kind: 'grid',
        x: 0,
        y: 60,
        rows: 40,
        seatsPerRow: 60,
        categoryId: 'std',
      },
    ],
    seatFlags: {},
  });
  const arenaSeats = expandPlan(arenaPlan);
  const arenaId = await createEventThroughApi(page, {
    title: `Arena night ${suffix}`,
    description: 'Reserved seating in an arena.',
    capacity: arenaSeats.length,
  });
  const floorType = await addTicketTypeThroughApi(page, arenaId, {
    name: 'Floor seat',
    priceCents: 2500,
    quantity: arenaSeats.length,
  });
  const savedPlan = await page.request.post('/api/seating/plans', {
    data: { name: `Journey Arena ${suffix}`, plan: arenaPlan },
  });
  expect(savedPlan.status(), await savedPlan.text()).toBe(201);
  const { id: arenaPlanId } = (await savedPlan.json()) as { id: string };
  const sold = await page.request.put(`/api/events/${arenaId}/seating`, {
    data: { planId: arenaPlanId, version: 1, ticketTypes: { std: floorType } },
  });
  expect(sold.status(), await sold.text()).toBe(200);
  await next.setViewportSize({ width: 1280, height: 800 });
  await next.goto(`/event/${arenaId}/seats`);
  const arenaMap = next.getByRole('img', { name: 'Seat map' });
  await expect(next.locator('canvas[aria-hidden="true"]')).toBeVisible();
  await expect(arenaMap.locator('[data-seat]')).toHaveCount(0);
  const [left = 0, top = 0, width = 1] = ((await arenaMap.getAttribute('viewBox')) ?? '')
    .split(' ')
    .map(Number);
  const drawn = await arenaMap.boundingBox();
  const scale = (drawn?.width ?? width) / width;
  const picked = arenaSeats.find((s) => s.id === 'A-Row C-7');
  await arenaMap.click({
    position: { x: ((picked?.x ?? 0) - left) * scale, y: ((picked?.y ?? 0) - top) * scale },
  });
  await expect(next.locator('[data-seat="A-Row C-7"]')).toHaveAttribute('data-state', 'selected');
  await next.getByLabel('Row', { exact: true }).selectOption({ label: 'Row D' });
  await next.getByRole('checkbox', { name: /^A-Row D-2 / }).check();
  await expect(next.locator('[data-seat="A-Row D-2"]')).toHaveAttribute('data-state', 'selected');
  const arenaChosen = next.getByRole('region', { name: 'Your seats' });
  await expect(arenaChosen.getByRole('listitem')).toHaveCount(2);
  await expect(arenaChosen).toContainText('Total: $50.00');
  await screenshot(next, `${SHOTS}/seating-arena.png`);
  await nextContext.close();
});
