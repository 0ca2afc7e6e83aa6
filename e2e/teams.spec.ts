import { createConfirmedAccount, mailedLink, signInByApi } from './accounts';
import {
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  newJourneyContext,
  signIn,
  test,
} from './fixtures';

// Teams (decision 065): an organizer invites someone to the door with the check-in role; they
// accept the mailed link, check a guest in, and cannot edit the event; once the owner requires
// two-factor sign-in, the helper is told so and refused until they turn it on.

test('an owner invites a door helper who checks a guest in but cannot edit the event', async ({
  page,
  browser,
}) => {
  const owner = await createConfirmedAccount(page, { userType: 'organizer', label: 'team-owner' });
  await signInByApi(page, owner.email);
  const title = `Team Night ${Date.now().toString(36)}`;
  const eventId = await createEventThroughApi(page, {
    title,
    description: 'An evening for the teams journey.',
    isFree: true,
  });

  const helperContext = await newJourneyContext(browser);
  const helperPage = await helperContext.newPage();
  const helper = await createConfirmedAccount(helperPage, { label: 'team-helper' });
  await signInByApi(helperPage, helper.email);

  await page.goto('/team');
  await page.getByLabel('Email').fill(helper.email);
  await page.getByLabel('Role').selectOption('check_in');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent.')).toBeVisible();
  await expect(page.getByText(new RegExp(`${helper.email} · Check-in`))).toBeVisible();
  await expectNoAxeViolations(page);

  const link = await mailedLink(page.request, helper.email, '/teams/invite/');
  await helperPage.goto(new URL(link).pathname);
  await expect(
    helperPage.getByText(`invited ${helper.email} to their team as Check-in`),
  ).toBeVisible();
  await expectNoAxeViolations(helperPage);
  await helperPage.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(helperPage.getByText(/You joined the team/)).toBeVisible();

  // A guest registers for the free event.
  const guestContext = await newJourneyContext(browser);
  const guest = await guestContext.newPage();
  await signIn(guest, 'attendee');
  const registered = await guest.request.post(`/api/events/${eventId}/register`, { data: {} });
  expect(registered.status(), await registered.text()).toBe(201);
  const order = (await registered.json()) as { tickets: { id: string }[] };
  const ticket = await guest.request.get(`/api/tickets/${order.tickets[0]?.id}`);
  const { code } = (await ticket.json()) as { code: string };
  await guestContext.close();

  await helperPage.goto('/dashboard');
  await expect(helperPage.getByText(`Acting for ${owner.fullName}`)).toBeVisible();
  await helperPage.getByRole('link', { name: title }).click();
  await expect(helperPage.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();
  // The door role's tabs: the check-in desk only.
  await expect(
    helperPage.getByRole('navigation', { name: 'Event ticketing' }).getByRole('link'),
  ).toHaveText(['Check-in']);
  await helperPage.getByLabel('Ticket code').fill(code);
  await helperPage.getByRole('button', { name: 'Check in' }).click();
  await expect(helperPage.getByText('Checked in', { exact: true })).toBeVisible();
  await expectNoAxeViolations(helperPage);

  // The check-in role does not reach the event's settings.
  const edit = await helperPage.request.patch(`/api/events/${eventId}`, {
    data: { title: 'Renamed by the door' },
  });
  expect(edit.status()).toBe(403);

  // The owner requires two-factor sign-in: the helper, without it, is told and refused.
  await page.reload();
  const required = page.getByRole('checkbox', { name: 'Members must use two-factor sign-in' });
  await required.check();
  await expect(required).toBeChecked();
  await helperPage.goto('/team');
  await expect(helperPage.getByText(/team requires two-factor sign-in/)).toBeVisible();
  await expectNoAxeViolations(helperPage);
  const refused = await helperPage.request.post(`/api/events/${eventId}/check-in`, {
    data: { code },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
    'requires two-factor sign-in',
  );
  await helperContext.close();
});

// The account switcher (decision 065): a marketing member switches to the owner's team from the
// account menu, creates an email list that lands in the owner's account, is refused the vendor
// tracker's fees, and the owner's activity log names what they did.
test('a marketing member switches to the team, creates a list and is refused vendor fees', async ({
  page,
  browser,
}) => {
  const owner = await createConfirmedAccount(page, { userType: 'organizer', label: 'team-owner' });
  await signInByApi(page, owner.email);
  const eventTitle = `Team gala ${Date.now().toString(36)}`;
  await createEventThroughApi(page, { title: eventTitle, description: 'The owner’s night out.' });
  const memberContext = await newJourneyContext(browser);
  const memberPage = await memberContext.newPage();
  const member = await createConfirmedAccount(memberPage, { label: 'team-marketing' });
  await signInByApi(memberPage, member.email);

  const invited = await page.request.post('/api/teams/invites', {
    data: { email: member.email, role: 'marketing', allEvents: true, eventIds: [] },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const link = await mailedLink(page.request, member.email, '/teams/invite/');
  await memberPage.goto(new URL(link).pathname);
  await memberPage.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(memberPage.getByText(/You joined the team/)).toBeVisible();

  await memberPage.getByRole('button', { name: `Account menu for ${member.fullName}` }).click();
  await memberPage.getByRole('menuitem', { name: `${owner.fullName}'s team · Marketing` }).click();
  await expect(memberPage).toHaveURL(/\/email-lists$/);
  const banner = memberPage.getByRole('status').filter({ hasText: 'Acting for' });
  await expect(banner).toHaveText(
    new RegExp(`Acting for ${owner.fullName}'s account as Marketing`),
  );
  await expect(memberPage.getByRole('heading', { name: 'Email Lists', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await expectNoAxeViolations(memberPage);

  const name = `Team list ${Date.now().toString(36)}`;
  await memberPage.getByLabel('List name').fill(name);
  await memberPage.getByRole('button', { name: 'Create list' }).click();
  await expect(memberPage.getByRole('button', { name: `Open ${name}` })).toBeVisible();
  // The list is the owner's.
  const ownerLists = await page.request.get('/api/marketing/lists');
  expect(((await ownerLists.json()) as { lists: { name: string }[] }).lists).toContainEqual(
    expect.objectContaining({ name }),
  );

  // The switch survives a reload; vendor fees are the vendor manager's, not marketing's.
  await memberPage.goto('/vendor-hiring');
  await expect(banner).toBeVisible();
  await expect(
    memberPage
      .getByRole('region', { name: 'Vendor tracker' })
      .getByText(/Your role in this team does not allow this/),
  ).toBeVisible();
  await expectNoAxeViolations(memberPage);

  await page.goto('/team');
  await expect(page.getByText(`${member.fullName} · Created an email list`)).toBeVisible();

  // My events and the dashboard are the owner's too, as marketing sees them (decision 073):
  // the event with its feedback, no editing, no sales.
  await memberPage.goto('/my-events');
  const eventRow = memberPage.getByRole('listitem').filter({ hasText: eventTitle });
  await expect(eventRow.getByRole('link', { name: /^Feedback/ })).toBeVisible();
  await expect(eventRow.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await memberPage.goto('/organizer-dashboard');
  const upcoming = memberPage.getByRole('region', { name: 'Upcoming events' });
  await expect(upcoming.getByText(eventTitle)).toBeVisible();
  // Marketing's work on an event starts at its discount codes.
  await expect(upcoming.getByRole('link', { name: 'Manage' })).toHaveAttribute(
    'href',
    /\/discount-codes/,
  );
  await expect(memberPage.getByRole('region', { name: /^Sales, last/ })).toHaveCount(0);
  await expectNoAxeViolations(memberPage);

  await memberPage.getByRole('button', { name: 'Back to my account' }).click();
  await expect(banner).toBeHidden();
  // Back on their own account, My events is theirs again: empty.
  await memberPage.goto('/my-events');
  await expect(memberPage.getByText('You have not created any events yet')).toBeVisible();
  await memberContext.close();
});
