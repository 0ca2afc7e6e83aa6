import { createConfirmedAccount, signInByApi } from './accounts';
import {
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  newJourneyContext,
  screenshot,
  test,
} from './fixtures';

// Name badges (decision 075): the organizer designs a badge on the event's check-in page,
// watching the preview, saves it and prints every guest's badge as one PDF, sorted by name.

test('an organizer designs a name badge and prints the badges of every guest', async ({
  page,
  browser,
}) => {
  const owner = await createConfirmedAccount(page, { userType: 'organizer', label: 'badge-owner' });
  await signInByApi(page, owner.email);
  const title = `Badge Forum ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(page, {
    title,
    description: 'A forum whose guests wear name badges.',
    isFree: true,
  });

  const guestContext = await newJourneyContext(browser);
  const guest = await guestContext.newPage();
  for (const label of ['badge-amina', 'badge-yusuf']) {
    const account = await createConfirmedAccount(guest, { label });
    await signInByApi(guest, account.email);
    const registered = await guest.request.post(`/api/events/${eventId}/register`, { data: {} });
    expect(registered.status(), await registered.text()).toBe(201);
  }
  await guestContext.close();

  await page.goto(`/event/${eventId}/check-in`);
  await expect(page.getByRole('heading', { name: 'Badges' })).toBeVisible();
  await page.getByRole('button', { name: 'New badge template' }).click();
  const form = page.getByRole('form', { name: 'New badge template' });
  await form.getByLabel('Template name').fill('Forum guests');
  await form.getByLabel('Size').selectOption({ label: 'Label, 4 × 3 in' });
  const preview = form.getByRole('img', { name: 'Badge preview' });
  await expect(preview).toContainText('General admission');
  await form.getByLabel('Ticket type').uncheck();
  await expect(preview).not.toContainText('General admission');
  await expectNoAxeViolations(page);
  await screenshot(page, '/tmp/badges-design.png');
  await form.getByRole('button', { name: 'Save template' }).click();

  const print = page.getByRole('link', { name: 'Print badges: Forum guests' });
  await expect(print).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, '/tmp/badges-templates.png');

  // The PDF opens in a new tab; its address is read here and fetched as the browser would.
  const href = (await print.getAttribute('href')) ?? '';
  const pdf = await page.request.get(href);
  expect(pdf.status(), await pdf.text()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['x-badge-count']).toBe('2');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
