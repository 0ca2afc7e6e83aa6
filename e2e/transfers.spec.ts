import {
  addTicketTypeThroughApi,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  newJourneyContext,
  screenshot,
  signIn,
  test,
} from './fixtures';
import { getDemoAccount } from '../src/server/db/seed/demo-accounts';

// Event duplication and ticket transfers (decision 055): an organizer copies an event as a
// draft with new dates; an attendee passes a ticket to another account and the old code is
// refused at the door.

const SHOTS = 'test-results/screenshots';

test('an organizer duplicates an event as a draft a week later', async ({ page }) => {
  await signIn(page, 'organizer');
  const title = `Copy Night ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(page, { title, description: 'Once more.' });
  await addTicketTypeThroughApi(page, eventId, { name: 'Early bird', priceCents: 1500 });

  await page.goto('/my-events');
  await page.getByRole('button', { name: `Duplicate ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Duplicate event' });
  // A week later at the same time in the event's zone (8 pm on 19 September in New York).
  await expect(dialog.getByLabel('Starts')).toHaveValue('2031-09-19T19:00');
  await expectNoAxeViolations(page);
  await screenshot(page, `${SHOTS}/duplicate-dialog.png`);
  await dialog.getByRole('button', { name: 'Create draft copy' }).click();

  await expect(page).not.toHaveURL(new RegExp(eventId));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const copyId = page.url().split('/event/')[1] ?? '';
  const types = await page.request.get(`/api/events/${copyId}/ticket-types/manage`);
  expect((await types.json()).ticketTypes).toMatchObject([{ name: 'Early bird', sold: 0 }]);
  const copy = await (await page.request.get(`/api/events/${copyId}`)).json();
  expect(copy).toMatchObject({ eventStatus: 'draft', startsAt: '2031-09-19T23:00:00.000Z' });
});

test('an attendee transfers a ticket to another account; the old code is refused at the door', async ({
  page,
  browser,
}) => {
  await signIn(page, 'organizer');
  const title = `Pass It On ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(page, {
    title,
    description: 'Bring a friend.',
    isFree: true,
  });
  await addTicketTypeThroughApi(page, eventId, { name: 'Free entry', priceCents: 0 });
  const allowed = await page.request.put(`/api/events/${eventId}/transfer-settings`, {
    data: { allowed: true, cutoffHours: 2 },
  });
  expect(allowed.status(), await allowed.text()).toBe(200);

  const attendeeContext = await newJourneyContext(browser);
  const attendee = await attendeeContext.newPage();
  await signIn(attendee, 'attendee');
  const registered = await attendee.request.post(`/api/events/${eventId}/register`, { data: {} });
  expect(registered.status(), await registered.text()).toBe(201);
  const ticketId = ((await registered.json()) as { tickets: { id: string }[] }).tickets[0]?.id;
  await attendee.goto(`/ticket/${ticketId}`);
  await expect(attendee.getByRole('heading', { name: 'Transfer ticket' })).toBeVisible();
  const oldCode = (await (await attendee.request.get(`/api/tickets/${ticketId}`)).json()).code;
  await expectNoAxeViolations(attendee);
  await attendee.setViewportSize({ width: 390, height: 844 });
  await screenshot(attendee, `${SHOTS}/ticket-transfer-390.png`);
  const friend = getDemoAccount('vendor');
  await attendee.getByLabel('Their email address').fill(friend.email);
  await attendee.getByRole('button', { name: 'Transfer ticket' }).click();
  await attendee
    .getByRole('dialog', { name: `Transfer this ticket to ${friend.email}?` })
    .getByRole('button', { name: 'Transfer ticket' })
    .click();
  await expect(attendee).toHaveURL(/\/dashboard$/);
  await attendeeContext.close();

  // At the door the old code no longer works.
  await page.goto(`/event/${eventId}/check-in`);
  await page.getByLabel('Ticket code').fill(oldCode);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(
    page.getByText('This ticket was transferred to someone else: this code no longer works'),
  ).toBeVisible();

  // The organizer sees who has it now.
  await page.goto(`/event/${eventId}/tickets`);
  await page.getByRole('tab', { name: 'Attendees' }).click();
  await expect(page.getByRole('heading', { name: 'Transfer history' })).toBeVisible();
  await expect(page.getByText('Transferred', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
