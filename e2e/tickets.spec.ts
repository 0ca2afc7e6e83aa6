import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import {
  addTicketTypeThroughApi,
  createEventThroughApi,
  closeToasts,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
} from './fixtures';

// Ticketing: free registration, paid checkout through the built-in test provider (/pay/…),
// declines and the extra authentication step, discount codes, check-in and refunds.

const SHOTS = 'test-results/screenshots';
const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';
const CARD_3DS = '4000 0025 0000 3155';

function uniqueWord(): string {
  return Array.from({ length: 8 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
}

interface CreatedEvent {
  id: string;
  title: string;
}

/** Creates and publishes an event as the signed-in organizer. */
async function publishEvent(page: Page, isFree: boolean): Promise<CreatedEvent> {
  const title = `${isFree ? 'Open' : 'Gala'} ${uniqueWord()} Evening`;
  const description = 'An evening of music for the ticketing journeys.';
  const id = await createEventThroughApi(page, { title, description, isFree });
  return { id, title };
}

const addTicketType = addTicketTypeThroughApi;

/** An organizer's paid event with one $25 ticket type. */
async function paidEvent(browser: Browser): Promise<CreatedEvent & { typeId: string }> {
  const organizer = await browser.newPage();
  await signIn(organizer, 'organizer');
  const event = await publishEvent(organizer, false);
  const typeId = await addTicketType(organizer, event.id, { name: 'Standard', priceCents: 2500 });
  await organizer.close();
  return { ...event, typeId };
}

/** Picks `count` Standard tickets on /ticket?event_id= and chooses Buy now. */
async function buyNow(page: Page, eventId: string, count = 1) {
  await page.goto(`/ticket?event_id=${eventId}`);
  await expect(page.getByRole('heading', { name: 'Get tickets', level: 1 })).toBeVisible();
  for (let i = 0; i < count; i++) await page.getByRole('button', { name: 'More Standard' }).click();
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/pay\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: /^Pay \$/, level: 1 })).toBeVisible();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

async function expectPaymentSuccess(page: Page) {
  await expect(page).toHaveURL(/\/mea\/payment-success\?success=true&session_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Please check your email')).toBeVisible();
  // spec §4: the stored pending record is gone after the return.
  expect(await page.evaluate(() => localStorage.getItem('mea.pending-payment'))).toBeNull();
}

/** No sideways scroll at phone width (and a full-page screenshot with E2E_SCREENSHOTS=1). */
async function phoneShot(page: Page, name: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    `${name} scrolls sideways at 375 px`,
  ).toBe(false);
  await screenshot(page, `${SHOTS}/${name}-375.png`, { fullPage: true });
  if (size) await page.setViewportSize(size);
}

test.describe('free registration', () => {
  test('an attendee registers from the event page and gets a ticket', async ({ page, browser }) => {
    const organizer = await browser.newPage();
    await signIn(organizer, 'organizer');
    const event = await publishEvent(organizer, true);
    await organizer.close();

    await signIn(page, 'attendee');
    await page.goto(`/event/${event.id}`);
    // The top of the page offers it too; this is the Tickets section's.
    await page
      .getByRole('region', { name: 'Tickets', exact: true })
      .getByRole('link', { name: 'Register' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}/register$`));
    await expect(page.getByRole('heading', { name: `Register for ${event.title}` })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm registration' }).click();
    await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
    await page.getByRole('link', { name: /View ticket 1/ }).click();
    await expect(page.getByRole('heading', { name: event.title, level: 1 })).toBeVisible();
    await expect(page.getByText('Valid', { exact: true })).toBeVisible();

    // Registering twice is refused with the API's words.
    await page.goto(`/event/${event.id}/register`);
    await page.getByRole('button', { name: 'Confirm registration' }).click();
    await expect(page.getByText('You are already registered for this event')).toBeVisible();

    // Who is going: the count by default; names once the organizer chooses to show them.
    await page.goto(`/event/${event.id}`);
    await page.getByRole('link', { name: 'See who is going' }).click();
    await expect(page.getByRole('heading', { name: 'Who is going', level: 1 })).toBeVisible();
    await expect(page.getByText('1 person is going')).toBeVisible();
    const session = await page.request.get('/api/auth/session');
    const { fullName } = ((await session.json()) as { user: { fullName: string } }).user;
    await expect(page.getByText(fullName)).toHaveCount(0);

    const owner = await browser.newPage();
    await signIn(owner, 'organizer');
    await owner.goto(`/edit-event/${event.id}`);
    await owner
      .getByLabel('Who can see who is going')
      .selectOption({ label: 'Everyone sees the names of people going' });
    await owner.getByRole('button', { name: 'Save changes' }).click();
    await expect(owner).toHaveURL(new RegExp(`/event/${event.id}$`));
    await owner.close();
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: fullName })).toBeVisible();
  });
});

test.describe('paid checkout', () => {
  test('buys a ticket with 4242 and finds it on the dashboard with its QR code', async ({
    page,
    browser,
  }) => {
    const event = await paidEvent(browser);
    await signIn(page, 'attendee');
    await buyNow(page, event.id, 2);

    // The pending payment record of spec §3 is stored before leaving for the provider.
    const record = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('mea.pending-payment'))) ?? '{}',
    ) as { sessionId: string; amount: number; eventId: string; timestamp: number };
    expect(page.url()).toContain(record.sessionId);
    expect(record).toMatchObject({ amount: 5000, eventId: event.id });

    await expect(page.getByText('$50.00').first()).toBeVisible();
    await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText(/^\d+:\d\d$/);
    await expect(page.getByText(CARD_OK)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel and return' })).toBeVisible();
    await expectNoAxeViolations(page);
    await phoneShot(page, 'checkout');

    await fillCard(page, CARD_OK);
    await expectPaymentSuccess(page);
    await expect(page.getByText('Your 2 tickets are ready.')).toBeVisible({ timeout: 15_000 });

    await page.goto('/dashboard');
    const ticketLink = page.getByRole('link', { name: new RegExp(event.title) }).first();
    await expect(ticketLink).toBeVisible();
    await ticketLink.click();
    await expect(page).toHaveURL(/\/ticket\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: event.title, level: 1 })).toBeVisible();
    const qr = page.getByRole('img', { name: /QR code of your ticket/ });
    await expect(qr).toBeVisible();
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The ticket page on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(qr).toBeVisible();
    const hasSideScroll = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(hasSideScroll).toBe(false);
    await screenshot(page, `${SHOTS}/ticket-375.png`, { fullPage: true });

    // The receipt of the paid order.
    await page.getByRole('link', { name: 'Receipt' }).click();
    await expect(page.getByRole('heading', { name: 'Receipt', level: 1 })).toBeVisible();
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('row', { name: /Standard/ })).toContainText('$25.00');
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  });

  test('a declined card shows the decline and lets the buyer try again', async ({
    page,
    browser,
  }) => {
    const event = await paidEvent(browser);
    await signIn(page, 'attendee');
    await buyNow(page, event.id);
    await fillCard(page, CARD_DECLINED);
    const decline = page.getByRole('alert').filter({ hasText: 'Payment declined' });
    await expect(decline).toBeVisible();
    await expect(decline).toContainText('declined');
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expect(page).toHaveURL(/\/pay\//);

    await page.getByLabel('Card number').fill(CARD_OK);
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expectPaymentSuccess(page);
  });

  test('the 3155 card asks for an extra authentication step', async ({ page, browser }) => {
    const event = await paidEvent(browser);
    await signIn(page, 'attendee');
    await buyNow(page, event.id);

    // Failing the step declines; the buyer can try again and complete it.
    await fillCard(page, CARD_3DS);
    await expect(page.getByRole('heading', { name: 'Confirm this payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Payment declined' })).toBeVisible();

    await fillCard(page, CARD_3DS);
    await expect(page.getByRole('heading', { name: 'Confirm this payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expectPaymentSuccess(page);
  });

  test('cancelling on the checkout page returns to a cancelled page; the receipt pays later', async ({
    page,
    browser,
  }) => {
    const event = await paidEvent(browser);
    await signIn(page, 'attendee');
    await buyNow(page, event.id);
    await page.getByRole('link', { name: 'Cancel and return' }).click();
    await expect(page).toHaveURL(/\/mea\/payment-cancelled\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
    await expect(page.getByText('You can try again anytime.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the event' })).toHaveAttribute(
      'href',
      `/event/${event.id}`,
    );

    // The order still holds the ticket: pay it from its receipt.
    await page.getByRole('link', { name: 'Pay for this order' }).click();
    await expect(page.getByText('Awaiting payment')).toBeVisible();
    await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/pay\//);
    await fillCard(page, CARD_OK);
    await expectPaymentSuccess(page);
  });

  test('a discount code applies in the cart', async ({ page, browser }) => {
    const event = await paidEvent(browser);
    const code = `SAVE${uniqueWord().toUpperCase()}`;
    const organizer = await browser.newPage();
    await signIn(organizer, 'organizer');
    const created = await organizer.request.post(`/api/events/${event.id}/discount-codes`, {
      data: { code, kind: 'percent', amount: 20 },
    });
    expect(created.status(), await created.text()).toBe(201);
    await organizer.close();

    await signIn(page, 'attendee');
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

    await page.goto(`/ticket?event_id=${event.id}`);
    await page.getByRole('button', { name: 'More Standard' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Cart', level: 1 })).toBeVisible();
    await expect(page.getByText(event.title)).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('$25.00').last()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Discount code').fill('NOPE-NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('This discount code is not valid')).toBeVisible();

    await page.getByLabel('Discount code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(`Code ${code} applied.`)).toBeVisible();
    await expect(summary.getByText(`Discount (${code})`)).toBeVisible();
    await expect(summary.getByText('−$5.00')).toBeVisible();
    await expect(summary.getByText('$20.00')).toBeVisible();
    await phoneShot(page, 'cart');

    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/pay\//);
    await expect(page.getByRole('heading', { name: 'Pay $20.00', level: 1 })).toBeVisible();
    await fillCard(page, CARD_OK);
    await expectPaymentSuccess(page);
    // The bought tickets leave the cart once the page has the order.
    await expect(page.getByText('Your ticket is ready.')).toBeVisible({ timeout: 15_000 });
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });
});

test.describe('organizer', () => {
  test('adds ticket types and a discount code through the pages', async ({ page }) => {
    await signIn(page, 'organizer');
    const event = await publishEvent(page, false);
    await page.goto(`/event/${event.id}`);
    await page.getByRole('link', { name: 'Tickets', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Tickets', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No ticket types yet' })).toBeVisible();
    await expect(page.getByText('0 of 200 places allocated to ticket types')).toBeVisible();

    await page.getByRole('button', { name: 'Add ticket type' }).click();
    const dialog = page.getByRole('dialog', { name: 'New ticket type' });
    // The shared schema's messages show before anything is sent.
    await dialog.getByLabel('Tickets available').fill('0');
    await dialog.getByRole('button', { name: 'Add ticket type' }).click();
    await expect(dialog.getByText('Please enter a name for this ticket')).toBeVisible();
    await expect(dialog.getByText('Quantity must be a whole number of 1 or more')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();

    await dialog.getByLabel('Name').fill('Early bird');
    await dialog.getByLabel('Price').fill('15');
    await dialog.getByLabel('Tickets available').fill('50');
    await dialog.getByRole('button', { name: 'Add ticket type' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Early bird' })).toBeVisible();
    await expect(page.getByText('$15.00')).toBeVisible();
    await expect(page.getByText('50 of 200 places allocated to ticket types')).toBeVisible();

    // More than the event holds is refused by the API, and the dialog says why.
    await page.getByRole('button', { name: 'Add ticket type' }).click();
    await dialog.getByLabel('Name').fill('Too many');
    await dialog.getByLabel('Tickets available').fill('500');
    await dialog.getByRole('button', { name: 'Add ticket type' }).click();
    await expect(
      dialog.getByText('The tickets on sale would exceed the event capacity'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await closeToasts(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Edit Early bird' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Early bird' });
    await expect(edit.getByLabel('Price')).toHaveValue('15.00');
    await edit.getByLabel('Price').fill('12.50');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('$12.50')).toBeVisible();

    await page.getByRole('link', { name: 'Discount codes' }).click();
    await expect(page.getByRole('heading', { name: 'Discount codes', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No discount codes yet' })).toBeVisible();
    const code = `VIP${uniqueWord().toUpperCase()}`;
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByLabel('Percent off').fill('150');
    await page.getByRole('button', { name: 'Create code' }).click();
    await expect(page.getByText('A percentage must be between 1 and 100')).toBeVisible();
    await page.getByLabel('Percent off').fill('10');
    await page.getByLabel('Usage limit (optional)').fill('5');
    await page.getByRole('button', { name: 'Create code' }).click();
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    await expect(page.getByText('0/5')).toBeVisible();
    await page.getByRole('button', { name: `Deactivate ${code}` }).click();
    await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
    await closeToasts(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: `Delete ${code}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete code' }).click();
    await expect(page.getByRole('heading', { name: 'No discount codes yet' })).toBeVisible();
  });

  test('checks a ticket in by its code; a second check-in says it already was', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'organizer');
    const event = await publishEvent(page, true);

    const attendee = await browser.newPage();
    await signIn(attendee, 'attendee');
    const registered = await attendee.request.post(`/api/events/${event.id}/register`, {
      data: {},
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const order = (await registered.json()) as { tickets: { id: string }[] };
    const ticketResponse = await attendee.request.get(`/api/tickets/${order.tickets[0]?.id}`);
    const { code, holderName } = (await ticketResponse.json()) as {
      code: string;
      holderName: string;
    };
    await attendee.close();

    await page.goto(`/event/${event.id}`);
    await page.getByRole('link', { name: 'Check-in' }).click();
    await expect(page.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();

    await page.getByLabel('Ticket code').fill('not-a-real-code');
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(page.getByText('Not admitted')).toBeVisible();

    await page.getByLabel('Ticket code').fill(code);
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(page.getByText('Checked in', { exact: true })).toBeVisible();
    await expect(page.getByText(holderName)).toBeVisible();
    await expect(page.getByText('1 checked in at this desk.')).toBeVisible();

    await page.getByLabel('Ticket code').fill(code);
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(page.getByText(/^Already checked in at /)).toBeVisible();
    await expectNoAxeViolations(page);
    await phoneShot(page, 'check-in');
  });

  test('pages and searches a long attendee list', async ({ page, browser }) => {
    await signIn(page, 'organizer');
    const event = await publishEvent(page, true);
    const free = { priceCents: 0, maxPerOrder: 50, maxPerPerson: null };
    const standard = await addTicketType(page, event.id, { name: 'Standard', ...free });
    const balcony = await addTicketType(page, event.id, { name: 'Balcony', ...free });

    // 55 tickets in two free orders: more than the tab's page of 50.
    const attendee = await browser.newPage();
    await signIn(attendee, 'attendee');
    for (const [ticketTypeId, quantity] of [
      [standard, 50],
      [balcony, 5],
    ] as const) {
      const ordered = await attendee.request.post('/api/orders', {
        data: { items: [{ ticketTypeId, quantity }] },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(ordered.status(), await ordered.text()).toBe(201);
    }
    await attendee.close();

    await page.goto(`/event/${event.id}/tickets`);
    await expect(page.getByRole('heading', { name: 'Tickets', level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: 'Attendees' }).click();
    await expect(page.getByRole('heading', { name: 'Attendees (55)' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Attendees' });
    await expect(page.getByText('Showing 1–50 of 55')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(51);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('Showing 51–55 of 55')).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Balcony' })).toHaveCount(5);

    await page.getByRole('searchbox', { name: 'Search attendees' }).fill('balc');
    await expect(page.getByText('Showing 1–5 of 5')).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Standard' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await phoneShot(page, 'attendees-search');
  });

  test('refunds an order from the attendees tab', async ({ page, browser }) => {
    const event = await paidEvent(browser);

    // The attendee buys through the API and pays on the test provider.
    const attendee = await browser.newPage();
    await signIn(attendee, 'attendee');
    const ordered = await attendee.request.post('/api/orders', {
      data: { items: [{ ticketTypeId: event.typeId, quantity: 1 }] },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(ordered.status(), await ordered.text()).toBe(201);
    const order = (await ordered.json()) as { id: string; paymentSessionId: string };
    const paid = await attendee.request.post(
      `/api/payments/local/sessions/${order.paymentSessionId}/pay`,
      { data: { name: 'Ada Lovelace', cardNumber: CARD_OK, expiry: '12/34', cvc: '123' } },
    );
    expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
    await expect
      .poll(async () => {
        const r = await attendee.request.get(`/api/orders/${order.id}`);
        return ((await r.json()) as { status: string }).status;
      })
      .toBe('paid');
    await attendee.close();

    await signIn(page, 'organizer');
    await page.goto(`/event/${event.id}/tickets`);
    await expect(page.getByRole('heading', { name: 'Tickets', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Standard' })).toBeVisible();
    await page.getByRole('tab', { name: 'Attendees' }).click();
    await expect(page.getByRole('heading', { name: 'Attendees (1)' })).toBeVisible();
    await page.getByRole('button', { name: /^Refund order of / }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund order' });
    await dialog.getByLabel(/Partial refund/).check();
    await dialog.getByLabel('Amount (USD)').fill('5');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('$5.00 refunded')).toBeVisible();
    await expect(page.getByText('Partially refunded')).toBeVisible();

    await page.getByRole('button', { name: /^Refund order of / }).click();
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('$25.00 refunded')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Refunded' })).toBeVisible();
    await closeToasts(page);
    await phoneShot(page, 'attendees');
    await expect(page.getByRole('button', { name: /^Refund order of / })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Sales' }).click();
    await expect(page.getByRole('heading', { name: 'Live sales' })).toBeVisible();
    await expect(page.getByText('Tickets sold: free and paid')).toBeVisible();
    await expectNoAxeViolations(page);
    await phoneShot(page, 'sales');
  });
});
