import { createConfirmedAccount, signInByApi } from './accounts';
import {
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  newJourneyContext,
  screenshot,
  test,
} from './fixtures';

// Check-in lists by day or gate (decision 116): the organizer defines two lists on the event's
// check-in page, door staff pick one in the check-in app, and the verdicts follow its rules.

test('door staff pick a check-in list and its rules decide: not on this list, not yet valid', async ({
  page,
  browser,
}) => {
  const owner = await createConfirmedAccount(page, { userType: 'organizer', label: 'lists-owner' });
  await signInByApi(page, owner.email);
  const title = `List Night ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(page, {
    title,
    description: 'An evening for the check-in lists journey.',
    isFree: true,
  });
  // The guest holds a General ticket, so the crew list must turn it away.
  const general = await page.request.post(`/api/events/${eventId}/ticket-types`, {
    data: { name: 'General', priceCents: 0, quantity: 10 },
  });
  expect(general.status(), await general.text()).toBe(201);
  const generalId = ((await general.json()) as { id: string }).id;
  const crew = await page.request.post(`/api/events/${eventId}/ticket-types`, {
    data: { name: 'Crew', priceCents: 0, quantity: 10 },
  });
  expect(crew.status(), await crew.text()).toBe(201);

  const guestContext = await newJourneyContext(browser);
  const guest = await guestContext.newPage();
  const account = await createConfirmedAccount(guest, { label: 'lists-guest' });
  await signInByApi(guest, account.email);
  const registered = await guest.request.post(`/api/events/${eventId}/register`, {
    data: { ticketTypeId: generalId },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const ticketId = ((await registered.json()) as { tickets: { id: string }[] }).tickets[0]?.id;
  const code = (
    (await (await guest.request.get(`/api/tickets/${ticketId}`)).json()) as { code: string }
  ).code;
  await guestContext.close();

  // The organizer defines the lists on the event's check-in page.
  await page.goto(`/event/${eventId}/check-in`);
  const lists = page.getByRole('region', { name: 'Check-in lists' });
  await lists.getByLabel('List name').fill('Crew only');
  await lists.getByRole('checkbox', { name: 'Crew' }).check();
  await lists.getByLabel('Gate (optional)').fill('Stage door');
  await lists.getByRole('button', { name: 'Add list' }).click();
  await expect(lists.getByRole('listitem').filter({ hasText: 'Crew only' })).toContainText(
    'Gate: Stage door',
  );
  await lists.getByLabel('List name').fill('Next year');
  await lists.getByLabel('Opens (optional)').fill('2099-01-01T10:00');
  await lists.getByRole('button', { name: 'Add list' }).click();
  await expect(lists.getByRole('listitem').filter({ hasText: 'Next year' })).toBeVisible();
  // A list is edited in place: the form takes its values, and a save changes it, not adds one.
  await lists.getByRole('button', { name: 'Edit Next year' }).click();
  await expect(lists.getByLabel('List name')).toHaveValue('Next year');
  await lists.getByLabel('One entry per day', { exact: false }).check();
  await lists.getByRole('button', { name: 'Save list' }).click();
  await expect(lists.getByRole('listitem').filter({ hasText: 'Next year' })).toContainText(
    'one entry per day',
  );
  await expect(lists.getByRole('listitem')).toHaveCount(2);
  await expect(lists.getByRole('button', { name: 'Add list' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Scan conflicts' }).getByText('No conflicts.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, '/tmp/door-lists-organizer.png');

  // At the door: the crew list, then next year's.
  await page.setViewportSize({ width: 375, height: 812 });
  const scanWith = async (listName: string) => {
    await page.goto('/check-in');
    const card = page.getByRole('listitem').filter({ hasText: title });
    await card.getByRole('button', { name: /Download (list|again)/ }).click();
    await card.getByRole('radio', { name: listName }).check();
    await card.getByRole('button', { name: 'Download and start' }).click();
    await expect(page.getByTestId('check-in-list')).toHaveText(`List: ${listName}`);
    const input = page.getByLabel('Ticket code or name');
    await input.fill(code);
    await input.press('Enter');
  };

  await scanWith('Crew only');
  await expect(page.getByLabel('Gate')).toHaveValue('Stage door');
  await expect(page.getByText('Not on this list')).toBeVisible();
  await screenshot(page, '/tmp/door-lists-not-on-list.png');
  await page.getByRole('button', { name: 'Next guest' }).click();

  await scanWith('Next year');
  await expect(page.getByText('Not yet valid')).toBeVisible();
  await expect(page.getByText(/This list admits from .*2099/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, '/tmp/door-lists-not-yet-valid.png');
  await page.getByRole('button', { name: 'Next guest' }).click();

  // All tickets, no list. Offline, the device admits the guest while the organizer (elsewhere)
  // moves the General type's validity start to next year: the server refuses the scan on sync,
  // and the door staff are told in the organizer's words.
  await page.goto('/check-in');
  const card = page.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: /Download (list|again)/ }).click();
  await card.getByRole('radio', { name: 'All tickets, or ticket types I choose' }).check();
  await card.getByRole('button', { name: 'Download and start' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.context().setOffline(true);
  await expect(page.getByText('Offline')).toBeVisible();
  const organizerContext = await newJourneyContext(browser);
  const organizer = await organizerContext.newPage();
  await signInByApi(organizer, owner.email);
  const moved = await organizer.request.patch(`/api/ticket-types/${generalId}`, {
    data: { validFrom: '2099-01-01T10:00:00.000Z' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await organizerContext.close();
  const input = page.getByLabel('Ticket code or name');
  await input.fill(code);
  await input.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Admitted');
  await page.getByRole('button', { name: 'Next guest' }).click();
  await expect(page.getByTestId('pending')).toHaveText('1');

  await page.context().setOffline(false);
  const notice = page.getByTestId('refused-notice');
  await expect(notice).toContainText('The server refused a scan admitted on this device.');
  await expect(page.getByTestId('sync-conflicts')).toContainText(
    'Refused by the list: Not yet valid',
  );
  await expect(page.getByTestId('pending')).toHaveText('0');
  await expect(page.getByTestId('checked-in')).toHaveText('0 / 1');
  await expectNoAxeViolations(page);
  await screenshot(page, '/tmp/door-lists-refused-on-sync.png');
  await notice.getByRole('button', { name: 'Understood' }).click();
  await expect(notice).toBeHidden();
  // The device learnt the type's start with the sync, and no longer counts the guest in.
  await input.fill(code);
  await input.press('Enter');
  await expect(page.locator('[data-verdict="not_yet_valid"]')).toContainText('Not yet valid');
  await expect(page.getByText(/This ticket is valid from .*2099/)).toBeVisible();
  await screenshot(page, '/tmp/door-lists-type-not-yet-valid.png');
});
