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

// An organizer asks each ticket's dietary needs, with a follow-up shown only for "Other"; a buyer
// answers at checkout (the follow-up appears once "Other" is chosen), pays, and the organizer
// reads both answers on the attendee list.

const SHOTS = 'test-results/screenshots';

test('an organizer asks dietary needs with a follow-up; a buyer answers at checkout and the organizer sees the answers', async ({
  page,
  browser,
}) => {
  // Two people, a builder, a checkout step and a payment: longer than one page's journey.
  test.setTimeout(120_000);
  await signIn(page, 'organizer');
  const eventId = await createEventThroughApi(page, {
    title: `Harvest Supper Club ${Date.now().toString(36)}`,
    description: 'A long table, five courses and a band.',
  });
  await addTicketTypeThroughApi(page, eventId, { name: 'Seat', priceCents: 4500 });

  await page.goto(`/event/${eventId}/questions`);
  await expect(page.getByRole('heading', { name: 'No questions yet' })).toBeVisible();

  // A required per-ticket single choice.
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('radio', { name: 'Once per ticket' }).check();
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Single choice' });
  await page.getByLabel('Question', { exact: true }).fill('Dietary needs');
  await page.getByLabel('Options', { exact: true }).fill('None\nVegetarian\nVegan\nOther');
  await page.getByRole('checkbox', { name: 'An answer is required' }).check();
  await page.getByRole('button', { name: 'Add question' }).click();
  const first = page.getByRole('listitem').filter({ hasText: 'Dietary needs' });
  await expect(first.getByText('Single choice')).toBeVisible();

  // A short text that follows up only when "Other" is chosen.
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('radio', { name: 'Once per ticket' }).check();
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Short text' });
  await page.getByLabel('Question', { exact: true }).fill('Which other needs?');
  await page.getByRole('checkbox', { name: 'An answer is required' }).check();
  await page.getByLabel('Show only when').selectOption({ label: 'Dietary needs' });
  await page
    .getByRole('group', { name: '…is answered with' })
    .getByRole('checkbox', { name: 'Other' })
    .check();
  await page.getByRole('button', { name: 'Add question' }).click();
  const second = page.getByRole('listitem').filter({ hasText: 'Which other needs?' });
  await expect(second.getByText('Shown when “Dietary needs” is answered.')).toBeVisible();
  await closeToasts(page);
  await expectNoAxeViolations(page);
  await screenshot(page, `${SHOTS}/questions-builder.png`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page);
  await screenshot(page, `${SHOTS}/questions-builder-390.png`, { fullPage: true });

  // The buyer: the questions step sits between the tickets and the payment.
  const context = await newJourneyContext(browser);
  const buyer = await context.newPage();
  await signIn(buyer, 'attendee');
  await buyer.goto(`/ticket?event_id=${eventId}`);
  await buyer.getByRole('button', { name: 'More Seat' }).click();
  await buyer.getByRole('button', { name: 'Buy now' }).click();
  await expect(buyer.getByRole('heading', { name: 'A few questions', level: 1 })).toBeVisible();
  const ticket = buyer.getByRole('region', { name: 'Ticket 1 · Seat' });
  const followUp = ticket.getByRole('textbox', { name: /Which other needs\?/ });
  await expect(ticket.getByRole('group', { name: /Dietary needs/ })).toBeVisible();
  await expect(followUp).toHaveCount(0);

  // Continuing without an answer names the field.
  await buyer.getByRole('button', { name: 'Continue' }).click();
  await expect(buyer.getByText('Please check the answers marked below.')).toBeVisible();

  await ticket.getByRole('radio', { name: 'Vegan' }).check();
  await expect(followUp).toHaveCount(0);
  await ticket.getByRole('radio', { name: 'Other' }).check();
  await expect(followUp).toBeVisible();
  await followUp.fill('No nuts, please');
  await expectNoAxeViolations(buyer);
  await buyer.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(buyer);
  await screenshot(buyer, `${SHOTS}/questions-checkout-390.png`, { fullPage: true });
  await buyer.getByRole('button', { name: 'Continue' }).click();
  await payOnTestProvider(buyer);
  await context.close();

  // The organizer reads the answers on the attendee list.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/event/${eventId}/tickets`);
  await page.getByRole('tab', { name: 'Attendees' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Dietary needs:' });
  await expect(row).toContainText('Other');
  await expect(row).toContainText('Which other needs?:');
  await expect(row).toContainText('No nuts, please');
  await closeToasts(page);
  await expectNoAxeViolations(page);
  await screenshot(page, `${SHOTS}/questions-attendees.png`, { fullPage: true });
});
