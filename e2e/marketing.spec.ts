import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { mailedLink } from './accounts';
import {
  addTicketTypeThroughApi,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  signIn,
  test,
} from './fixtures';

// Organizer marketing: a list, a CSV import with its report, a campaign sent to a
// segment of it (two conditions, any, with the live count), its manage-preferences page; a
// funnel built from a template, published, and a signed-out visitor signing up on it and buying
// a ticket through its event card.

const SHOTS = 'test-results/screenshots';

/**
 * Full-page pictures at desktop and 390 px, for a person to look at the pages: only with
 * E2E_SCREENSHOTS=1 (each costs seconds of a journey and checks nothing).
 */
async function shoot(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('create a list → import a CSV (mapping, report) → send a campaign → report counts it', async ({
  page,
  browser,
}) => {
  // Two screens, an import, a send and mail on a busy 2-core machine: more than the default minute.
  test.setTimeout(120_000);
  await signIn(page, 'organizer');
  const run = Date.now();
  const name = `Journey list ${run}`;
  await page.goto('/email-lists');
  // The page's chunk on a cold, busy 2-core machine (as the funnels page below).
  await expect(page.getByRole('heading', { name: 'Email Lists', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByLabel('List name').fill(name);
  await page.getByLabel('Opt-in').selectOption('single');
  await page.getByRole('button', { name: 'Create list' }).click();
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

  await page.getByLabel('CSV file (first line: column names)').setInputFiles({
    name: 'fans.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Full name,E-mail,City\r\nAda Fan,ada.${run}@example.com,Lisbon\r\nBad Row,not-an-email,Porto\r\n"Lee, Al",lee.${run}@example.com,Porto\r\n`,
    ),
  });
  await expect(page.getByLabel('Email column')).toHaveValue('1');
  await expect(page.getByRole('cell', { name: `ada.${run}@example.com` })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'email-lists-import');
  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(page.getByText('2 added, 1 skipped.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Invalid email address' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Subscribers (2)' })).toBeVisible();

  await page.getByRole('button', { name: 'All lists' }).click();
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await page.getByRole('button', { name: 'New campaign' }).click();
  const subject = `Journey news ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByRole('checkbox', { name: new RegExp(name) }).check();
  // A segment of the list: the live count follows the conditions (all, then any).
  await expect(page.getByText('All 2 subscribers of the chosen lists.')).toBeVisible();
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.getByLabel('Condition 1 field').selectOption('attr.City');
  await page.getByLabel('Condition 1 value').fill('lisbon');
  await expect(page.getByText('This segment has 1 subscriber.')).toBeVisible();
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.getByLabel('Condition 2 field').selectOption('attr.City');
  await page.getByLabel('Condition 2 value').fill('Porto');
  await expect(page.getByText('This segment has 0 subscribers.')).toBeVisible();
  await page.getByLabel('Match any condition').check();
  await expect(page.getByText('This segment has 2 subscribers.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('Doors open at eight.');
  await expectNoAxeViolations(page);
  await shoot(page, 'email-campaign-editor');
  await page.getByRole('button', { name: 'Send now' }).click();
  const card = page.getByRole('listitem').filter({ hasText: subject });
  await expect(card.getByText('sent', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('definition').first()).toHaveText('2');

  // It arrived, with a working unsubscribe link (no session needed), and the report shows it.
  const link = await mailedLink(
    page.request,
    `ada.${run}@example.com`,
    '/api/marketing/unsubscribe',
  );
  const reader = await browser.newContext();
  const mail = await reader.newPage();
  // The manage-preferences link: this list, left and joined again, signed out.
  await mail.goto(await mailedLink(page.request, `ada.${run}@example.com`, '/email-preferences'));
  await expect(mail.getByRole('heading', { name: 'Email preferences', level: 1 })).toBeVisible();
  const item = mail.getByRole('listitem').filter({ hasText: name });
  await expect(item.getByText('Subscribed', { exact: true })).toBeVisible();
  await expectNoAxeViolations(mail);
  await shoot(mail, 'email-preferences');
  await item.getByRole('button', { name: `Unsubscribe from ${name}` }).click();
  await expect(item.getByText('Unsubscribed', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: `Subscribe to ${name}` }).click();
  await expect(item.getByText('Subscribed', { exact: true })).toBeVisible();
  await mail.goto(link);
  await mail.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(mail.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await reader.close();
  await page.reload();
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  const report = page.getByRole('listitem').filter({ hasText: subject });
  await expect(report.getByRole('definition').nth(3)).toHaveText('1');
  await shoot(page, 'email-campaign-report');
});

test('funnel from a template → publish → a signed-out visitor signs up and buys a ticket → the report counts both', async ({
  page,
  browser,
}) => {
  // Two screens, a sign-up and a checkout on a busy 2-core machine.
  test.setTimeout(90_000);
  await signIn(page, 'organizer');
  // A paid event of the organizer's, set up through the API.
  const eventTitle = `Funnel gala ${Date.now()}`;
  const eventId = await createEventThroughApi(page, {
    title: eventTitle,
    description: 'An evening for the funnel journey.',
  });
  await addTicketTypeThroughApi(page, eventId, { name: 'Standard', priceCents: 2500 });

  const slug = `journey-${Date.now()}`;
  const funnelName = `Journey ${slug}`;
  await page.goto('/funnels');
  await expect(page.getByRole('heading', { name: 'Funnels', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByLabel('Name').fill(funnelName);
  await page.getByLabel('Address').fill(slug);
  await page.getByLabel('Template').selectOption('event_launch');
  await page.getByLabel('Event', { exact: true }).selectOption({ label: eventTitle });
  await page.getByLabel('Sign-ups go to').selectOption({ label: 'Friends of the venue' });
  await expectNoAxeViolations(page);
  await shoot(page, 'funnels');
  await page.getByRole('button', { name: 'Create funnel' }).click();
  await expect(page).toHaveURL(/\/funnel-builder\//);
  const funnelId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible();
  await shoot(page, 'funnel-builder');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(`Published at /f/${slug}.`)).toBeVisible();

  const visitor = await browser.newContext();
  const visit = await visitor.newPage();
  await visit.goto(`/f/${slug}`);
  await expect(visit.getByRole('heading', { level: 1 })).toBeVisible();
  await visit.getByLabel('Email').fill(`visitor-${Date.now()}@example.com`);
  await visit.getByRole('button', { name: 'Notify me' }).click();
  await expect(visit.getByText('Check your inbox to confirm.')).toBeVisible();
  await expectNoAxeViolations(visit);
  await shoot(visit, 'funnel-public');

  // The tickets step: its event card's Buy tickets goes to the event page through the funnel.
  await visit.getByRole('button', { name: 'See tickets' }).click();
  await expect(visit.getByRole('heading', { name: eventTitle })).toBeVisible();
  await visit.getByRole('link', { name: 'Buy tickets' }).click();
  await expect(visit).toHaveURL(new RegExp(`/event/${eventId}$`));
  await signIn(visit, 'attendee');
  await visit.goto(`/ticket?event_id=${eventId}`);
  await visit.getByRole('button', { name: 'More Standard' }).click();
  // The checkout page reports its order to the funnel as it leaves for the payment page.
  await visit.getByRole('button', { name: 'Buy now' }).click();
  await expect(visit).toHaveURL(/\/pay\/[\w-]+$/);
  // The payment itself as the test provider's page makes it (that page is the tickets
  // journeys' concern): the funnel only needs the order to become paid.
  const sessionId = new URL(visit.url()).pathname.split('/').pop() ?? '';
  const paid = await visit.request.post(`/api/payments/local/sessions/${sessionId}/pay`, {
    data: { name: 'Vera Visitor', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  await visitor.close();

  // The payment is applied by its webhook: wait for the report to see the paid order.
  await expect
    .poll(
      async () => {
        const report = await page.request.get(`/api/marketing/funnels/${funnelId}/report`);
        const { steps } = (await report.json()) as { steps: { orders: number }[] };
        return steps[1]?.orders;
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await page.goto('/funnels');
  const row = page.getByRole('article', { name: funnelName });
  await row.getByRole('button', { name: 'Report' }).click();
  await expect(row.getByRole('row', { name: /Announcement/ })).toContainText('1');
  // Tickets step: 1 view, 0 sign-ups, 1 paid order of $25.00.
  const tickets = row.getByRole('row', { name: /Tickets/ });
  await expect(tickets.getByRole('cell').nth(3)).toHaveText('1');
  await expect(tickets.getByRole('cell').nth(4)).toHaveText('$25.00');
});
