import type { Page } from '@playwright/test';
import { getDemoAccount } from '../src/server/db/seed/demo-accounts';
import {
  addTicketTypeThroughApi,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  newJourneyContext,
  payOnTestProvider,
  screenshot,
  signIn,
  test,
} from './fixtures';

// A sold-out ticket type: an attendee joins its waiting list from the event page, the organizer
// raises the capacity, the attendee gets the offer mail (the dev mailbox), opens it and buys the
// tickets set aside for them; the organizer's list shows the place claimed.

const SHOTS = 'test-results/screenshots';

async function offerLink(page: Page, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const { emails } = (await response.json()) as {
          emails: { subject: string; text: string }[];
        };
        const mail = emails.find((m) => m.subject.startsWith('Tickets are waiting for you'));
        link = mail?.text.match(/https?:\/\/\S+\/waitlist\/\S+/)?.[0];
        return Boolean(link);
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return link ?? '';
}

test('join the waiting list of a sold-out type, get the offer when capacity is raised, and buy', async ({
  page,
  browser,
}) => {
  await signIn(page, 'organizer');
  const eventId = await createEventThroughApi(page, {
    title: `Rooftop Session ${Date.now().toString(36)}`,
    description: 'A small rooftop gig that always sells out.',
  });
  const typeId = await addTicketTypeThroughApi(page, eventId, {
    name: 'Rooftop pass',
    priceCents: 3000,
    quantity: 1,
  });
  // The one ticket is held by someone else's checkout: sold out.
  const held = await page.request.post('/api/orders', {
    data: { items: [{ ticketTypeId: typeId, quantity: 1 }] },
  });
  expect(held.status(), await held.text()).toBe(201);

  const attendee = await newJourneyContext(browser, { viewport: { width: 390, height: 844 } });
  const guest = await attendee.newPage();
  await signIn(guest, 'attendee');
  await guest.goto(`/event/${eventId}`);
  const tickets = guest.getByRole('region', { name: 'Tickets' });
  await tickets.getByRole('button', { name: 'Join waiting list' }).click();
  const form = guest.getByRole('form', { name: 'Join the waiting list for Rooftop pass' });
  await expect(form.getByLabel('Email')).toHaveValue(getDemoAccount('attendee').email);
  await form.getByRole('button', { name: 'Join waiting list' }).click();
  await expect(guest.getByText("You're on the waiting list")).toBeVisible();
  await expectNoAxeViolations(guest);
  await screenshot(guest, `${SHOTS}/waitlist-joined-390.png`);

  const raised = await page.request.patch(`/api/ticket-types/${typeId}`, {
    data: { quantity: 2 },
  });
  expect(raised.status(), await raised.text()).toBe(200);

  // The offer mail (the joined mail carries the same link, so wait for the offer's subject).
  const offer = await offerLink(guest, getDemoAccount('attendee').email);
  await guest.goto(offer);
  await expect(guest.getByText('1 ticket is set aside for you until')).toBeVisible();
  await expectNoAxeViolations(guest);
  await screenshot(guest, `${SHOTS}/waitlist-offer-390.png`);
  await guest.getByRole('button', { name: /Buy my tickets/ }).click();
  await payOnTestProvider(guest);
  await expect(guest.getByRole('heading', { name: /Payment Successful/i })).toBeVisible();

  await page.goto(`/event/${eventId}/waitlist`);
  const row = page.getByRole('row', { name: new RegExp(getDemoAccount('attendee').email) });
  await expect(row.getByText('Claimed')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, `${SHOTS}/waitlist-organizer.png`);
  await attendee.close();
});
