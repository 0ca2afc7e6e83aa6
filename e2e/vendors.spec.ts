import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createConfirmedAccount, signInByApi, solidPng } from './accounts';
import {
  closeToasts,
  expect,
  expectNoAxeViolations,
  payOnTestProvider,
  PUSH_PROMPT_DISMISSED_KEY,
  screenshot,
  SCREENSHOTS,
  test,
} from './fixtures';

// Vendor marketplace: a vendor completes a profile and applies; the organizer sees the
// application arrive live, accepts it with a fee; the vendor pays through the local checkout and
// enters the event group chat; other people see Contact instead of Accept/Reject; empty states.

const SHOTS = 'test-results/screenshots';

interface Person {
  context: BrowserContext;
  page: Page;
  id: string;
  fullName: string;
}

const word = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

/** A fresh confirmed account, signed in within a browser context of its own. */
async function person(
  browser: Browser,
  label: string,
  userType: 'organizer' | 'vendor' | 'attendee',
  viewport?: { width: number; height: number },
): Promise<Person> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    (key) => window.localStorage.setItem(key, 'journey'),
    PUSH_PROMPT_DISMISSED_KEY,
  );
  const page = await context.newPage();
  const account = await createConfirmedAccount(page, { label, userType });
  await signInByApi(page, account.email);
  const session = await page.request.get('/api/auth/session');
  const { user } = (await session.json()) as { user: { id: string } };
  return { context, page, id: user.id, fullName: account.fullName };
}

/** A published event of the signed-in organizer that asks for vendors. */
async function vendorEvent(
  page: Page,
  { fee, spots }: { fee: number | null; spots?: number },
): Promise<{ id: string; title: string }> {
  const title = `Vendors ${word()} Fair`;
  const created = await page.request.post('/api/events', {
    data: {
      title,
      category: 'Festival',
      description: 'A fair that needs DJs and caterers.',
      startsAt: '2031-10-04T18:00:00.000Z',
      endsAt: '2031-10-04T23:00:00.000Z',
      timezone: 'America/New_York',
      city: 'Brooklyn',
      venueName: 'Pier 5',
      isFree: true,
      ...(fee === null
        ? {}
        : {
            vendorFeeAmount: fee,
            metadata: { vendor_requirements: { categories: ['DJ', 'Caterer'], spots: spots ?? 4 } },
          }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await page.request.post(`/api/events/${id}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  return { id, title };
}

/** Resolves once the page's realtime socket said `ready` (listen before the page loads). */
function realtimeReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/api/realtime')) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"type":"ready"')) resolve();
      });
    });
  });
}

async function shot(page: Page, name: string) {
  await screenshot(page, `${SHOTS}/${name}.png`, { fullPage: true });
}

const pendingTab = (page: Page) => page.getByRole('tab', { name: /^Pending/ });
const processedTab = (page: Page) => page.getByRole('tab', { name: 'Processed' });

test.describe('vendor applications', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a vendor completes a profile and applies; the organizer sees it live, accepts with a fee; the vendor pays and joins the group chat', async ({
    browser,
  }) => {
    // Both accounts side by side (sign-up and the confirmation mail are not what this tests).
    const [organizer, vendor] = await Promise.all([
      person(browser, 'fair-host', 'organizer'),
      person(browser, 'dj', 'vendor'),
    ]);
    const event = await vendorEvent(organizer.page, { fee: null });

    // The organizer asks for vendors on the event's edit form.
    await organizer.page.goto(`/event/${event.id}`);
    await expect(organizer.page.getByText('Set a vendor fee or vendor requirements')).toBeVisible();
    await organizer.page.goto(`/edit-event/${event.id}`);
    await organizer.page.getByLabel('Invite vendors to apply').check();
    await organizer.page.getByLabel('Vendor fee in USD').fill('50');
    await organizer.page.getByLabel('Vendor spots').fill('3');
    await organizer.page.getByRole('checkbox', { name: 'DJ', exact: true }).check();
    await expectNoAxeViolations(organizer.page);
    await organizer.page.getByRole('button', { name: 'Save changes' }).click();
    await expect(organizer.page).toHaveURL(new RegExp(`/event/${event.id}$`));
    await expect(organizer.page.getByText('Vendor fee: $50.00, paid after approval')).toBeVisible();
    await expect(organizer.page.getByText('Spots: 0 of 3 filled')).toBeVisible();
    await expect(organizer.page.getByRole('link', { name: 'Apply as vendor' })).toHaveCount(0);
    const business = `Beats ${word()} Sound`;

    // The organizer's screen, before anyone applied: both empty states.
    const ready = realtimeReady(organizer.page);
    await organizer.page.goto(`/vendor_requests/${event.id}`);
    await expect(
      organizer.page.getByRole('heading', { name: 'Vendor Applications', level: 1 }),
    ).toBeVisible();
    await expect(organizer.page.getByText('Manage vendor requests for this event')).toBeVisible();
    await expect(organizer.page.getByRole('link', { name: 'Back to Event' })).toHaveAttribute(
      'href',
      `/event/${event.id}`,
    );
    await expect(pendingTab(organizer.page)).toHaveText('Pending0');
    await expect(
      organizer.page.getByRole('heading', { name: 'No pending applications' }),
    ).toBeVisible();
    await expect(
      organizer.page.getByText("When vendors apply to your events, they'll appear here."),
    ).toBeVisible();
    await processedTab(organizer.page).click();
    await expect(
      organizer.page.getByRole('heading', { name: 'No processed applications' }),
    ).toBeVisible();
    await expect(
      organizer.page.getByText(
        'Applications that have been approved or rejected will appear here.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(organizer.page);
    await pendingTab(organizer.page).click();
    await ready;
    // Marks the document: a reload would lose it, so the card arriving proves a live update.
    await organizer.page.evaluate(() => {
      (window as unknown as { journeyMark: number }).journeyMark = 1;
    });

    // The vendor completes the profile: errors per field first, then a valid save.
    const v = vendor.page;
    await v.goto('/vendor-profile');
    await expect(v.getByRole('heading', { name: 'Vendor Profile', level: 1 })).toBeVisible();
    await expect(v.getByText('Complete your profile', { exact: true })).toBeVisible();
    await v.getByLabel('Business name').fill('');
    await v.getByRole('button', { name: 'Add a service' }).click();
    await v.getByLabel('Price from ($)').fill('400');
    await v.getByLabel('Price to ($)').fill('150');
    await v.getByLabel('Website').fill('ortiz.example');
    await v.getByRole('button', { name: 'Save profile' }).click();
    await expect(v.getByText('Please enter your business name')).toBeVisible();
    await expect(v.getByLabel('Business name')).toHaveAttribute('aria-invalid', 'true');
    await expect(v.getByLabel('Business name')).toBeFocused();
    await expect(v.getByText('Please name the service')).toBeVisible();
    await expect(v.getByText('The highest price must be at least the lowest price')).toBeVisible();
    await expect(
      v.getByText('Please enter a full link starting with http:// or https://'),
    ).toBeVisible();
    await expectNoAxeViolations(v);

    await v.getByLabel('Business name').fill(business);
    await v.getByLabel('Service type').selectOption('DJ');
    await v.getByLabel('Description').fill('Open-format DJ for festivals and weddings.');
    await v.getByLabel('Service area').fill('Brooklyn and Queens');
    await v.getByLabel('Availability').fill('Weekends');
    await v.getByLabel('Name', { exact: true }).fill('Four-hour DJ set');
    await v.getByLabel('Price to ($)').fill('900');
    await v.getByLabel('Website').fill('https://beats.example');
    await v.getByRole('button', { name: 'Save profile' }).click();
    await expect(v.getByText('Vendor profile saved')).toBeVisible();
    await expect(v.getByText('Complete your profile', { exact: true })).toHaveCount(0);

    await v.getByLabel('Add a photo').setInputFiles({
      name: 'booth.png',
      mimeType: 'image/png',
      buffer: solidPng(64),
    });
    await expect(v.getByText('The photo was added to your gallery.')).toBeVisible();
    await expect(v.getByRole('img', { name: 'Gallery photo 1' })).toBeVisible();

    // The public page and the directory show it.
    await v.getByRole('link', { name: 'View public page' }).click();
    await expect(v.getByRole('heading', { name: business, level: 1 })).toBeVisible();
    await expect(v.getByText('$400.00 – $900.00')).toBeVisible();
    await expect(v.getByText('Brooklyn and Queens')).toBeVisible();
    await expect(v.getByRole('img', { name: `${business}: photo 1 of 1` })).toBeVisible();
    await expectNoAxeViolations(v);
    if (SCREENSHOTS) {
      await v.setViewportSize({ width: 768, height: 1024 });
      await shot(v, 'vendor-page-768');
      await v.setViewportSize({ width: 1280, height: 720 });
    }
    await v.goto(`/vendors?q=${encodeURIComponent(business)}`);
    await expect(v.getByRole('link', { name: business })).toBeVisible();
    await expect(v.getByText('Showing 1–1 of 1 vendor')).toBeVisible();
    await expectNoAxeViolations(v);
    await shot(v, 'vendor-directory');
    await v.getByLabel('Service type').selectOption('Caterer');
    await expect(v.getByRole('heading', { name: 'No vendors found' })).toBeVisible();

    // Apply from the event page.
    await v.goto(`/event/${event.id}`);
    await expect(v.getByText('Vendor fee: $50.00, paid after approval')).toBeVisible();
    await v.getByRole('link', { name: 'Apply as vendor' }).click();
    await expect(v).toHaveURL(
      `/vendors/apply?event=${event.id}&name=${encodeURIComponent(event.title)}`,
    );
    await expect(v.getByRole('checkbox', { name: 'Four-hour DJ set' })).toBeChecked();
    await v.getByRole('button', { name: 'Send application' }).click();
    await expect(v.getByText('Please tell the organizer about your services')).toBeVisible();
    await v
      .getByLabel('Message to the organizer')
      .fill('I bring my own sound system and can play from noon to close.');
    await expectNoAxeViolations(v);
    await v.getByRole('button', { name: 'Send application' }).click();
    await expect(v).toHaveURL(/\/vendor_applications$/);
    const myCard = v.getByRole('article', { name: event.title });
    await expect(myCard.getByText('Pending', { exact: true })).toBeVisible();

    // The organizer's card arrives without a reload.
    const o = organizer.page;
    const card = o.getByRole('article', { name: business });
    await expect(card).toBeVisible({ timeout: 10_000 });
    expect(
      await o.evaluate(() => (window as unknown as { journeyMark?: number }).journeyMark),
    ).toBe(1);
    await expect(pendingTab(o)).toHaveText('Pending1');
    await expect(card.getByText(event.title)).toBeVisible();
    await expect(card.getByText('DJ', { exact: true })).toBeVisible();
    await expect(card.getByText('I bring my own sound system')).toBeVisible();
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Contact' })).toHaveCount(0);
    await expectNoAxeViolations(o);

    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(o.getByText('Payment link sent')).toBeVisible();
    await expect(o.getByText('asked to pay the vendor fee of $50.00')).toBeVisible();
    await expect(o.getByRole('heading', { name: 'No pending applications' })).toBeVisible();
    await processedTab(o).click();
    const processed = o.getByRole('article', { name: business });
    await expect(processed.getByText('Approved', { exact: true })).toBeVisible();
    await expect(processed.getByText('Fee due')).toBeVisible();
    await expect(processed.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await expect(processed.getByRole('link', { name: 'Contact' })).toBeVisible();

    // The vendor's list follows without a reload (the vendor_requests frame), then the vendor
    // pays through the local checkout and enters the event group chat.
    await expect(myCard.getByText('Approved', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(myCard.getByText('Vendor fee due: $50.00')).toBeVisible();
    await myCard.getByRole('button', { name: 'Pay' }).click();
    // The card form is the tickets journeys'; the fee's checkout and return are this one's.
    await payOnTestProvider(v, 'Lena Ortiz');
    await expect(v.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await v.getByRole('link', { name: 'Open the event group chat' }).click({ timeout: 15_000 });
    await expect(v).toHaveURL(new RegExp(`/event-group-chat\\?event=${event.id}$`));
    await expect(v.getByRole('textbox', { name: 'Message' })).toBeVisible();

    await v.goto('/vendor_applications');
    await expect(myCard.getByText('Paid', { exact: true })).toBeVisible();
    await expect(myCard.getByRole('button', { name: 'Pay' })).toHaveCount(0);
    await expect(myCard.getByRole('link', { name: 'Event group chat' })).toBeVisible();

    // The organizer's screen shows the fee as paid.
    await o.reload();
    await processedTab(o).click();
    await expect(processed.getByText('Paid', { exact: true })).toBeVisible();
    await expect(processed.getByText('Vendor fee: $50.00')).toBeVisible();

    await organizer.context.close();
    await vendor.context.close();
  });

  test('another organizer and the vendor see Contact instead of Accept/Reject; the screen on a phone', async ({
    browser,
  }) => {
    const [owner, vendor, other] = await Promise.all([
      person(browser, 'owner', 'organizer'),
      person(browser, 'caterer', 'vendor'),
      person(browser, 'other-host', 'organizer'),
    ]);
    const event = await vendorEvent(owner.page, { fee: 0 });
    const saved = await vendor.page.request.put('/api/vendor-profile', {
      data: { businessName: `Plates ${word()}`, category: 'Caterer' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const applied = await vendor.page.request.post(`/api/events/${event.id}/vendor-requests`, {
      data: { message: 'Hot food for 300 guests.', services: ['Buffet'], links: [] },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const business = ((await saved.json()) as { displayName: string }).displayName;

    // Another organizer: no Accept or Reject, and no one else's applications.
    await other.page.goto(`/vendor_requests/${event.id}`);
    await expect(
      other.page.getByRole('heading', { name: 'Vendor Applications', level: 1 }),
    ).toBeVisible();
    await expect(
      other.page.getByRole('heading', { name: 'No pending applications' }),
    ).toBeVisible();
    await expect(other.page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await expect(other.page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    // The server refuses them too (spec §6), with the spec's words.
    const requests = (await (
      await owner.page.request.get(`/api/events/${event.id}/vendor-requests`)
    ).json()) as { requests: { id: string }[] };
    const requestId = requests.requests[0]?.id ?? '';
    const refused = await other.page.request.post(
      `/api/events/${event.id}/vendor-requests/${requestId}/approve`,
    );
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain(
      'Only the event creator can approve vendor applications',
    );

    // The vendor on the same screen sees the own card with Contact only.
    await vendor.page.goto(`/vendor_requests/${event.id}`);
    const ownCard = vendor.page.getByRole('article', { name: business });
    await expect(ownCard.getByText('Hot food for 300 guests.')).toBeVisible();
    await expect(ownCard.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await expect(ownCard.getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      new RegExp(`^/messages\\?chat=${vendor.id}&name=`),
    );

    // The owner: Accept and Reject; the card read marks it read; rejecting moves it.
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
    await phone.addInitScript(
      (key) => window.localStorage.setItem(key, 'journey'),
      PUSH_PROMPT_DISMISSED_KEY,
    );
    const o = await phone.newPage();
    const cookies = await owner.context.cookies();
    await phone.addCookies(cookies);
    await o.goto(`/vendor_requests/${event.id}`);
    const card = o.getByRole('article', { name: business });
    await expect(card.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Reject' })).toBeVisible();
    await expect(card.getByText('Caterer', { exact: true })).toBeVisible();
    expect(
      await o.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
      'the applications screen scrolls sideways at 375 px',
    ).toBe(false);
    await shot(o, 'vendor-applications-375');
    await expectNoAxeViolations(o);
    await expect
      .poll(async () => {
        const list = (await (
          await owner.page.request.get(`/api/events/${event.id}/vendor-requests`)
        ).json()) as { requests: { read: boolean }[] };
        return list.requests.every((r) => r.read);
      })
      .toBe(true);

    await card.getByRole('button', { name: 'Reject' }).click();
    await expect(o.getByText('Vendor rejected')).toBeVisible();
    await closeToasts(o);
    await expect(o.getByRole('heading', { name: 'No pending applications' })).toBeVisible();
    await processedTab(o).click();
    await expect(o.getByRole('article', { name: business }).getByText('Rejected')).toBeVisible();
    await expect(
      o.getByRole('article', { name: business }).getByRole('link', { name: 'Contact' }),
    ).toBeVisible();
    await shot(o, 'vendor-applications-processed-375');

    await phone.close();
    await owner.context.close();
    await other.context.close();
    await vendor.context.close();
  });

  test('signed out, the screen sends to /auth remembering where it was', async ({ page }) => {
    await page.goto('/vendor_requests/3f0d1a52-8a3c-4c1e-9d55-0d6a1f5b2c11');
    await expect(page).toHaveURL(
      '/auth?redirect=%2Fvendor_requests%2F3f0d1a52-8a3c-4c1e-9d55-0d6a1f5b2c11',
    );
  });
});

test.describe('vendor hiring', () => {
  test('an organizer sends a hire request, the vendor accepts it, and the tracker follows', async ({
    browser,
  }) => {
    const [organizer, vendor] = await Promise.all([
      person(browser, 'hirer', 'organizer'),
      person(browser, 'photographer', 'vendor'),
    ]);
    const event = await vendorEvent(organizer.page, { fee: 25 });
    const business = `Lens ${word()} Studio`;
    const saved = await vendor.page.request.put('/api/vendor-profile', {
      data: { businessName: business, category: 'Photographer', serviceArea: 'Harlem' },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    const o = organizer.page;
    await o.goto('/vendor-hiring');
    await expect(o.getByRole('heading', { name: 'Vendor hiring', level: 1 })).toBeVisible();
    await expect(o.getByRole('heading', { name: 'No hire requests yet' })).toBeVisible();
    const finder = o.getByRole('search', { name: 'Find vendors to hire' });
    await finder.getByRole('searchbox', { name: 'Search vendors' }).fill(business);
    await finder.getByRole('button', { name: 'Search', exact: true }).click();
    await o.getByRole('button', { name: `Hire ${business}` }).click();
    const dialog = o.getByRole('dialog', { name: `Hire ${business}` });
    await dialog.getByRole('button', { name: 'Send hire request' }).click();
    await expect(dialog.getByText('Please choose one of your events')).toBeVisible();
    await dialog.getByLabel('Event').selectOption(event.id);
    await dialog.getByLabel('Message').fill('Can you shoot the fair from 6 to 11 pm?');
    await expectNoAxeViolations(o);
    await dialog.getByRole('button', { name: 'Send hire request' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(o.getByText('Hire request sent')).toBeVisible();

    const sent = o.getByRole('listitem').filter({ hasText: 'Can you shoot the fair' });
    await expect(sent.getByText('Pending', { exact: true })).toBeVisible();
    await expect(sent.getByRole('link', { name: 'Open chat' })).toHaveAttribute(
      'href',
      /^\/messages\?chat=[0-9a-f-]{36}$/,
    );
    const tracker = o.getByRole('table', { name: event.title });
    await expect(tracker.getByRole('row', { name: new RegExp(business) })).toContainText('Invited');

    // The vendor answers on the same page.
    const v = vendor.page;
    await v.goto('/vendor-hiring');
    const received = v.getByRole('listitem').filter({ hasText: 'Can you shoot the fair' });
    await received.getByRole('button', { name: 'Accept' }).click();
    await expect(received.getByText('Accepted', { exact: true })).toBeVisible();
    await expectNoAxeViolations(v);

    await o.reload();
    await expect(sent.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(tracker.getByRole('row', { name: new RegExp(business) })).toContainText(
      'Accepted',
    );
    await o.setViewportSize({ width: 768, height: 1024 });
    expect(
      await o.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
      'the hiring page scrolls sideways at 768 px',
    ).toBe(false);
    await shot(o, 'vendor-hiring-768');

    await organizer.context.close();
    await vendor.context.close();
  });
});

test.describe('vendor marketing pages', () => {
  test('each feature page has its title and calls to action', async ({ page }) => {
    const pages = [
      ['/features/vendor-search', 'Find the right vendors for your event', 'Browse vendors'],
      [
        '/features/vendor-applications',
        'Apply to events and get approved',
        'Create your vendor profile',
      ],
      ['/features/vendor-hire', 'Hire vendors for your events', 'Start hiring'],
      ['/features/vendor-payment', 'Vendor fees, paid securely', 'See your applications'],
      ['/features/vendor-tracker', 'Track every vendor of every event', 'Open the tracker'],
    ] as const;
    for (const [path, title, action] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: action })).toBeVisible();
    }
    await page.goto('/features/vendor-search');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Browse vendors' }).click();
    await expect(page).toHaveURL('/vendors');
    await expect(page.getByRole('heading', { name: 'Vendors', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
