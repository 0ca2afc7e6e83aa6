import { createConfirmedAccount, signInByApi } from './accounts';
import {
  addTicketTypeThroughApi,
  closeToasts,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  newJourneyContext,
  screenshot,
  signIn,
  test,
  expectNoSideScroll,
} from './fixtures';

// The organizer dashboard: a new organizer with a sale and a draft signs in, lands on their
// dashboard, sees the event's tickets sold and what to do next, and follows it.

const SHOTS = 'test-results/screenshots';

test('an organizer signs in to their dashboard, sees a sale and a next action, and follows it', async ({
  page,
  browser,
}) => {
  // Set-up through the API: the organizer's published event with one paid ticket type, and a
  // draft; a demo attendee buys a ticket through the test provider.
  const organizer = await createConfirmedAccount(page, { userType: 'organizer' });
  await signInByApi(page, organizer.email, organizer.password);
  const suffix = Math.random().toString(36).slice(2, 7);
  const description = 'For the dashboard journey.';
  const galaId = await createEventThroughApi(page, {
    title: `Dashboard Gala ${suffix}`,
    description,
  });
  const draftId = await createEventThroughApi(
    page,
    { title: `Dashboard Draft ${suffix}`, description },
    { publish: false },
  );
  const typeId = await addTicketTypeThroughApi(page, galaId, {
    name: 'Standard',
    priceCents: 2500,
  });

  const buyerContext = await newJourneyContext(browser);
  const buyer = await buyerContext.newPage();
  await signIn(buyer, 'attendee');
  const order = await buyer.request.post('/api/orders', {
    data: { items: [{ ticketTypeId: typeId, quantity: 2 }] },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { paymentSessionId } = (await order.json()) as { paymentSessionId: string };
  const paid = await buyer.request.post(`/api/payments/local/sessions/${paymentSessionId}/pay`, {
    data: { name: 'Ada Obi', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  await buyerContext.close();

  // The organizer signs in through the page and lands on their dashboard.
  const context = await newJourneyContext(browser);
  const host = await context.newPage();
  await host.goto('/auth');
  const panel = host.getByRole('tabpanel', { name: 'Sign In' });
  await panel.getByLabel('Email', { exact: true }).fill(organizer.email);
  await panel.getByLabel('Password', { exact: true }).fill(organizer.password);
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(host).toHaveURL(/\/organizer-dashboard$/);
  await expect(host.getByText('Organizer Dashboard', { exact: true })).toBeVisible();

  const upcoming = host.getByRole('region', { name: 'Upcoming events' });
  const gala = upcoming.getByRole('listitem').filter({ hasText: `Dashboard Gala ${suffix}` });
  await expect(gala.getByText('2 of 200 sold')).toBeVisible();
  await expect(gala.getByText('Revenue $50.00')).toBeVisible();
  const sales = host.getByRole('region', { name: 'Sales, last 30 days' });
  await expect(sales.getByRole('table').getByRole('cell', { name: '$50.00' })).toBeVisible();
  const publishDraft = host.getByRole('link', { name: /^Publish your draft/ });
  await expect(publishDraft).toBeVisible();
  await expect(host.getByRole('link', { name: /^Add a ticket type/ })).toBeVisible();
  await closeToasts(host);
  await expectNoAxeViolations(host);
  await screenshot(host, `${SHOTS}/organizer-dashboard-1280.png`, { fullPage: true });

  // Nothing scrolls sideways on a phone.
  await host.setViewportSize({ width: 390, height: 844 });
  await expect(gala.getByText('2 of 200 sold')).toBeVisible();
  await expectNoSideScroll(host);
  await screenshot(host, `${SHOTS}/organizer-dashboard-390.png`, { fullPage: true });

  // The next action leads to the draft's edit page, where it is published.
  await publishDraft.click();
  await expect(host).toHaveURL(new RegExp(`/edit-event/${draftId}$`));
  await expect(host.getByRole('button', { name: 'Publish' })).toBeVisible();
  await context.close();
});
