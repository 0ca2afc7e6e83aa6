import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, getDemoAccount } from '../src/server/db/seed/demo-accounts';
import { createConfirmedAccount, signInByApi } from './accounts';
import {
  expect,
  expectNoAxeViolations,
  PUSH_PROMPT_DISMISSED_KEY,
  screenshot,
  test,
} from './fixtures';

// Rides to events: a driver offers a ride, a rider finds it from the event page and
// asks for 2 seats, the driver accepts while the rider watches, the share page shows the ride
// without private data, the driver cancels and the rider is told; live location between two
// browser contexts with emulated geolocation.

const SHOTS = 'test-results/screenshots';

// No tile server is reachable from the tests: every tile request gets this 1×1 PNG, so maps
// draw (grey) and the pages' text fallbacks carry the checks.
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const stubTiles = (context: BrowserContext) =>
  context.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );

interface Person {
  context: BrowserContext;
  page: Page;
  id: string;
  fullName: string;
}

async function person(
  browser: Browser,
  label: string,
  userType: 'organizer' | 'attendee' | 'vendor',
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<Person> {
  const context = await browser.newContext(options);
  await stubTiles(context);
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

/**
 * The events are set-up only: the demo organizer makes them through the API (test's `request`),
 * with no browser context and no account to confirm by mail.
 */
async function asDemoOrganizer(request: APIRequestContext): Promise<APIRequestContext> {
  const signedIn = await request.post('/api/auth/sign-in', {
    data: { email: getDemoAccount('organizer').email, password: DEMO_PASSWORD },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return request;
}

async function publishedEvent(
  request: APIRequestContext,
  startsAt: Date,
): Promise<{ id: string; title: string }> {
  const title = `Ride Fest ${Math.random().toString(36).slice(2, 8)}`;
  const created = await request.post('/api/events', {
    data: {
      title,
      category: 'Festival',
      description: 'Music by the water.',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 5 * 3600_000).toISOString(),
      timezone: 'UTC',
      city: 'Oakland',
      venueName: 'Lakeside Park',
      isFree: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await request.post(`/api/events/${id}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  return { id, title };
}

test('a driver offers a ride, a rider books 2 seats, the driver accepts live, shares and cancels', async ({
  browser,
  request,
}) => {
  // Three browser contexts and several axe passes on two shared cores.
  test.setTimeout(120_000);
  // Set-up side by side: the event through the API, the two people's accounts.
  const [event, driver, rider] = await Promise.all([
    asDemoOrganizer(request).then((r) => publishedEvent(r, new Date('2031-10-04T18:00:00Z'))),
    person(browser, 'driver', 'attendee'),
    person(browser, 'rider', 'attendee', { viewport: { width: 390, height: 844 } }),
  ]);

  // The driver offers a ride through the form.
  await driver.page.goto(`/create-ryder?event=${event.id}`);
  await expect(driver.page.getByRole('heading', { name: 'Offer a ride' })).toBeVisible();
  await driver.page.getByRole('button', { name: 'Offer ride' }).click();
  await expect(driver.page.getByText('Say where you leave from')).toBeVisible();
  await driver.page.getByLabel('Departure area').fill('Fruitvale BART');
  // A click on the map sets the point (Leaflet and its stylesheet arrive with the map's chunk);
  // the typed coordinates below are the text fallback and move the marker.
  const picker = driver.page.getByRole('region', { name: 'Map: click to set the departure point' });
  await expect(picker.locator('.leaflet-pane').first()).toHaveCSS('position', 'absolute');
  await picker.click({ position: { x: 120, y: 90 } });
  await expect(driver.page.getByLabel('Latitude')).not.toHaveValue('');
  await expect(driver.page.getByLabel('Longitude')).not.toHaveValue('');
  await driver.page.getByLabel('Latitude').fill('37.7749');
  await driver.page.getByLabel('Longitude').fill('-122.2241');
  await driver.page.getByLabel('Departure time').fill('2031-10-04T16:30');
  await driver.page.getByLabel('Seats').fill('3');
  await driver.page.getByLabel('Car').fill('Green Subaru Outback');
  await expectNoAxeViolations(driver.page);
  await driver.page.getByRole('button', { name: 'Offer ride' }).click();
  await expect(driver.page).toHaveURL(/\/ryder\/[0-9a-f-]{36}$/);
  const rideId = driver.page.url().split('/').pop() ?? '';
  await expect(driver.page.getByRole('heading', { name: `Ride to ${event.title}` })).toBeVisible();
  await expect(driver.page.getByText('No seat requests yet.')).toBeVisible();
  await expectNoAxeViolations(driver.page);

  // The rider finds it from the event page and asks for 2 seats.
  await rider.page.goto(`/event/${event.id}`);
  await rider.page.getByRole('link', { name: 'Rides to this event' }).click();
  await expect(rider.page.getByRole('heading', { name: `Rides to ${event.title}` })).toBeVisible();
  await expectNoAxeViolations(rider.page);
  await screenshot(rider.page, `${SHOTS}/rides-event-390.png`, { fullPage: true });
  await rider.page.getByRole('link', { name: /From Fruitvale BART/ }).click();
  // The event's rides page has its own seat fields: wait for the ride page before choosing.
  await expect(rider.page.getByRole('heading', { name: `Ride to ${event.title}` })).toBeVisible();
  await rider.page.getByLabel('Seats', { exact: true }).selectOption('2');
  await rider.page.getByRole('button', { name: 'Request seats' }).click();
  await expect(rider.page.getByText('Waiting for the driver')).toBeVisible();
  await expect(
    rider.page.getByText('Contact details show once your seat is confirmed.'),
  ).toBeVisible();
  // Before the seat is confirmed the rider sees the approximate area, never the exact point.
  await expect(rider.page.getByText('Area (approximate)')).toBeVisible();
  await expect(rider.page.getByText('37.7749')).toHaveCount(0);
  await expectNoAxeViolations(rider.page);

  // The driver sees the request arrive without reloading and accepts it; the rider's page
  // turns to Confirmed by itself.
  await driver.page
    .getByRole('button', { name: `Accept ${rider.fullName}` })
    .click({ timeout: 15_000 });
  await expect(rider.page.getByText('Confirmed', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(rider.page.getByText('Seats left').locator('..')).toContainText('1 of 3');
  // A confirmed rider gets the exact meeting point.
  await expect(rider.page.getByText('Meeting point').locator('..')).toContainText(
    '37.7749, -122.2241',
  );
  // Messaging between them goes through the direct chat.
  await expect(rider.page.getByRole('link', { name: /Message/ }).first()).toHaveAttribute(
    'href',
    `/messages?chat=${driver.id}`,
  );
  await screenshot(driver.page, `${SHOTS}/rides-ride-desktop.png`, { fullPage: true });
  await screenshot(rider.page, `${SHOTS}/rides-ride-390.png`, { fullPage: true });

  // Both talk in the ride's group chat.
  await rider.page.getByRole('link', { name: 'Ride chat' }).click();
  const riderComposer = rider.page.getByRole('textbox', { name: 'Message' });
  await riderComposer.fill('I will wait by the bike racks.');
  await riderComposer.press('Enter');
  await expect(rider.page.getByRole('list', { name: 'Messages' })).toContainText(
    'I will wait by the bike racks.',
  );
  await driver.page.getByRole('link', { name: 'Ride chat' }).click({ timeout: 15_000 });
  await expect(driver.page.getByRole('list', { name: 'Messages' })).toContainText(
    'I will wait by the bike racks.',
  );
  await driver.page.getByRole('textbox', { name: 'Message' }).fill('See you at 16:30.');
  await driver.page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(rider.page.getByRole('list', { name: 'Messages' })).toContainText(
    'See you at 16:30.',
  );

  // The rider reports the ride to the moderators from the ride page.
  await rider.page.goto(`/ryder/${rideId}`);
  await rider.page.getByRole('button', { name: 'Report this ride' }).click();
  const report = rider.page.getByRole('dialog', { name: 'Report this ride' });
  await report.getByRole('radio', { name: 'Misleading or false' }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText('Thanks, your report was sent')).toBeVisible();
  await report.getByRole('button', { name: 'Close' }).first().click();
  await driver.page.goto(`/ryder/${rideId}`);

  // The public share page: the ride, no riders, no exact point.
  const visitor = await browser.newContext();
  await stubTiles(visitor);
  const shared = await visitor.newPage();
  await shared.goto(`/shared-ryder/${rideId}`);
  await expect(shared.getByRole('heading', { name: `Ride to ${event.title}` })).toBeVisible();
  await expect(shared.getByText('Fruitvale BART')).toBeVisible();
  // The page shows the ride's approximate area (the API's, within 1.2 km), not the exact point.
  const { approximatePoint } = (await (
    await shared.request.get(`/api/rides/${rideId}/shared`)
  ).json()) as { approximatePoint: { lat: number; lng: number } };
  await expect(
    shared.getByText(`${approximatePoint.lat.toFixed(2)}, ${approximatePoint.lng.toFixed(2)}`),
  ).toBeVisible();
  await expect(shared.getByText(rider.fullName)).toHaveCount(0);
  await expect(shared.getByText('37.7749')).toHaveCount(0);
  await expect(shared.getByRole('link', { name: 'Request a seat' })).toBeVisible();
  await expect(shared.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(
    shared.getByRole('region', { name: 'Map of the approximate departure area' }),
  ).toBeVisible();
  await expectNoAxeViolations(shared);
  await screenshot(shared, `${SHOTS}/rides-shared-desktop.png`, { fullPage: true });
  await visitor.close();

  // The driver cancels; the rider is told.
  await driver.page.getByRole('button', { name: 'Cancel ride' }).click();
  await driver.page.getByRole('button', { name: 'Yes, cancel the ride' }).click();
  await expect(driver.page.getByText('This ride was cancelled')).toBeVisible();
  await expect(rider.page.getByText('This ride was cancelled')).toBeVisible({ timeout: 15_000 });
  const notices = await rider.page.request.get('/api/notifications');
  expect(JSON.stringify(await notices.json())).toContain('ride_cancelled');

  for (const p of [driver, rider]) await p.context.close();
});

test('the driver shares a live location with a confirmed rider', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const soon = new Date(Date.now() + 3 * 3600_000);
  const [event, driver, rider] = await Promise.all([
    asDemoOrganizer(request).then((r) => publishedEvent(r, soon)),
    person(browser, 'live-driver', 'attendee', {
      geolocation: { latitude: 37.8044, longitude: -122.2712 },
      permissions: ['geolocation'],
    }),
    person(browser, 'live-rider', 'attendee'),
  ]);
  const offered = await driver.page.request.post('/api/rides', {
    data: {
      eventId: event.id,
      departureArea: 'Lake Merritt',
      departsAt: new Date(Date.now() + 3600_000).toISOString(),
      seats: 2,
      bookingMode: 'instant',
    },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  const { id: rideId } = (await offered.json()) as { id: string };
  const booked = await rider.page.request.post(`/api/rides/${rideId}/bookings`, {
    data: { seats: 1 },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await rider.page.goto(`/ryder/${rideId}`);
  await expect(
    rider.page.getByText('The driver is not sharing a live location right now.'),
  ).toBeVisible();

  // The permission comes with the document: the driver's link loads the page anew.
  await driver.page.goto(`/ryder/${rideId}`);
  await driver.page.getByRole('link', { name: 'Start live trip sharing' }).click();
  await expect(driver.page).toHaveURL(/\?live=1$/);
  await driver.page.getByRole('button', { name: 'Share my live location' }).click();
  await expect(rider.page.getByText('37.8044, -122.2712')).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(rider.page);

  // The driver moves; the rider follows.
  await driver.context.setGeolocation({ latitude: 37.81, longitude: -122.26 });
  await expect(rider.page.getByText('37.8100, -122.2600')).toBeVisible({ timeout: 15_000 });
  await driver.page.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(
    rider.page.getByText('The driver is not sharing a live location right now.'),
  ).toBeVisible({
    timeout: 15_000,
  });

  for (const p of [driver, rider]) await p.context.close();
});

test('a vendor shares their location with the organizer on the event day', async ({ browser }) => {
  test.setTimeout(90_000);
  const [organizer, vendor] = await Promise.all([
    person(browser, 'market-org', 'organizer'),
    person(browser, 'food-truck', 'vendor', {
      geolocation: { latitude: 37.8021, longitude: -122.2585 },
      permissions: ['geolocation'],
    }),
  ]);
  const startsAt = new Date(Date.now() + 3 * 3600_000);
  const created = await organizer.page.request.post('/api/events', {
    data: {
      title: `Night Market ${Math.random().toString(36).slice(2, 8)}`,
      category: 'Festival',
      description: 'Food trucks by the lake.',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 4 * 3600_000).toISOString(),
      timezone: 'UTC',
      city: 'Oakland',
      venueName: 'Lakeside Park',
      isFree: true,
      vendorFeeAmount: 0,
      metadata: { vendor_requirements: { categories: ['Caterer'], spots: 4 } },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: eventId } = (await created.json()) as { id: string };
  expect((await organizer.page.request.post(`/api/events/${eventId}/publish`)).status()).toBe(200);
  const profile = await vendor.page.request.put('/api/vendor-profile', {
    data: { businessName: 'Taco Truck', category: 'Caterer' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const applied = await vendor.page.request.post(`/api/events/${eventId}/vendor-requests`, {
    data: { message: 'Tacos all night.', services: ['Food'], links: [] },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const requests = (await (
    await organizer.page.request.get(`/api/events/${eventId}/vendor-requests`)
  ).json()) as { requests: { id: string }[] };
  const requestId = requests.requests[0]?.id ?? '';
  const approved = await organizer.page.request.post(
    `/api/events/${eventId}/vendor-requests/${requestId}/approve`,
  );
  expect(approved.status(), await approved.text()).toBe(200);

  await organizer.page.goto(`/event/${eventId}/vendor-locations`);
  await expect(
    organizer.page.getByText('No vendor is sharing a location right now.'),
  ).toBeVisible();

  // The vendor's way in is a full page load: that document alone may use geolocation.
  await vendor.page.goto(`/event/${eventId}`);
  await vendor.page.getByRole('link', { name: 'Share my location with the organizer' }).click();
  await expect(vendor.page).toHaveURL(new RegExp(`/event/${eventId}/vendor-location$`));
  await vendor.page.getByRole('button', { name: 'Share my location' }).click();
  await expect(vendor.page.getByText('Last position sent: 37.8021, -122.2585')).toBeVisible();
  await expectNoAxeViolations(vendor.page);

  // The organizer sees it arrive without reloading, and is told once.
  const vendors = organizer.page.getByRole('list', { name: 'Vendors sharing their location' });
  await expect(vendors).toContainText('37.8021, -122.2585', { timeout: 15_000 });
  await expect(
    organizer.page.getByRole('region', { name: 'Map of the vendors’ locations' }),
  ).toBeVisible();
  await expectNoAxeViolations(organizer.page);
  await screenshot(organizer.page, `${SHOTS}/vendor-locations-desktop.png`, { fullPage: true });
  const notices = await organizer.page.request.get('/api/notifications');
  expect(JSON.stringify(await notices.json())).toContain('vendor_location_sharing');

  await vendor.page.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(organizer.page.getByText('No vendor is sharing a location right now.')).toBeVisible({
    timeout: 15_000,
  });
  for (const p of [organizer, vendor]) await p.context.close();
});
