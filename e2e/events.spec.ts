import type { Page } from '@playwright/test';
import { solidPng } from './accounts';
import { expect, expectNoAxeViolations, screenshot, signIn, test } from './fixtures';

// Events, discovery, search and the home page: what a visitor and an organizer do there.

const SHOTS = 'test-results/screenshots';
const SEARCH_LABEL = 'Search events, vendors and venues';

/** Letters only, so full-text search and trigram suggestions see one plain word. */
function uniqueWord(): string {
  return Array.from({ length: 8 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
}

interface CreatedEvent {
  id: string;
  title: string;
  word: string;
}

/** Creates and publishes an event through the API as the signed-in organizer. */
async function publishEventByApi(
  page: Page,
  overrides: Record<string, unknown> = {},
): Promise<CreatedEvent> {
  const word = uniqueWord();
  const title = typeof overrides.title === 'string' ? overrides.title : `Lantern ${word} Night`;
  const created = await page.request.post('/api/events', {
    data: {
      category: 'Music',
      description: `A warm evening of ${word} music under paper lanterns.\nDoors open early.`,
      startsAt: '2031-05-02T23:00:00.000Z',
      endsAt: '2031-05-03T02:00:00.000Z',
      timezone: 'America/New_York',
      city: 'Brooklyn',
      venueName: 'Blue Room',
      ...overrides,
      title,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await page.request.post(`/api/events/${id}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  return { id, title, word };
}

test.describe('organizer journey', () => {
  test.describe.configure({ mode: 'serial' });
  let event: CreatedEvent;

  test('creates an event with a cover, publishes it and opens its page', async ({ page }) => {
    await signIn(page, 'organizer');
    await page.goto('/create-event');
    await expect(page.getByRole('heading', { name: 'Create Event', level: 1 })).toBeVisible();

    // The shared schema's messages show before anything is sent.
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Please enter a title for your event')).toBeVisible();
    await expect(page.getByText('Please choose a category')).toBeVisible();
    await expect(page.getByLabel('Title')).toBeFocused();

    const word = uniqueWord();
    const title = `Quokka ${word} Gala`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').selectOption('Music');
    await page
      .getByLabel('Description')
      .fill(
        `An evening of ${word} jazz.\nTickets at https://example.com/${word} <script>window.__pwned = 1</script>`,
      );
    await page.getByLabel('Starts').fill('2031-06-06T19:00');
    await page.getByLabel('Ends (optional)').fill('2031-06-06T22:00');
    await page.getByLabel('Time zone').selectOption('America/New_York');
    await page.getByLabel('Venue name').fill('Blue Room');
    await page.getByLabel('City', { exact: true }).fill('Brooklyn');
    await page.getByLabel('Capacity (optional)').fill('120');
    await page.getByLabel('Cover image').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: solidPng(96),
    });
    await expect(page.getByRole('img', { name: 'Cover preview' })).toBeVisible();
    await page.getByRole('button', { name: 'Publish' }).click();

    await expect(page).toHaveURL(/\/event\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1) ?? '';
    event = { id, title, word };
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(/Jun 6, 2031/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tickets' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Vendors', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel event' })).toBeVisible();

    // The description is text: the URL is a link, the script tag shows as typed and never runs.
    await expect(page.getByRole('link', { name: `https://example.com/${word}` })).toBeVisible();
    await expect(page.getByText('<script>window.__pwned = 1</script>')).toBeVisible();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    // Cover in three sizes.
    const cover = page.locator('main article img').first();
    await expect(cover).toHaveAttribute('srcset', /400w.*800w.*1600w/);

    // Structured data and link-preview tags.
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { '@type': string; name: string; startDate: string };
    expect(jsonLd).toMatchObject({
      '@type': 'Event',
      name: title,
      startDate: '2031-06-06T23:00:00.000Z',
    });
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/);
    await expect(page).toHaveTitle(new RegExp(title));

    // Add to calendar.
    const ics = page.getByRole('link', { name: 'Add to calendar (.ics)' });
    const icsResponse = await page.request.get((await ics.getAttribute('href')) ?? '');
    expect(icsResponse.status()).toBe(200);
    expect(icsResponse.headers()['content-type']).toContain('text/calendar');
    expect(await icsResponse.text()).toContain(`SUMMARY:${title}`);
    await expect(page.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute(
      'href',
      /calendar\.google\.com.*dates=20310606T230000Z%2F20310607T020000Z/,
    );
  });

  test('finds it through the header suggestions and its category page', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('combobox', { name: SEARCH_LABEL });
    await search.fill(`Quokka ${event.word}`);
    const option = page.getByRole('option', { name: new RegExp(event.title) });
    await expect(option).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await search.press('ArrowDown');
    await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));

    // Escape closes the list; Enter without a chosen suggestion searches.
    // Wait for the suggestions of the new term, not the ones left from the first.
    const suggested = page.waitForResponse((r) => r.url().endsWith(`suggest?q=${event.word}`));
    await search.fill(event.word);
    await suggested;
    await expect(page.getByRole('option').first()).toBeVisible();
    await search.press('Escape');
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${event.word}$`));

    await page.goto('/categories');
    await page.getByRole('link', { name: /^Music/ }).click();
    await expect(page).toHaveURL(/\/categories\/music$/);
    await expect(page.getByRole('heading', { name: 'Music', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: event.title })).toBeVisible();
    await page.getByRole('link', { name: event.title }).click();
    await expect(page.getByRole('heading', { name: event.title, level: 1 })).toBeVisible();
  });

  test('the owner edits it; an attendee cannot', async ({ page, browser }) => {
    await signIn(page, 'organizer');
    await page.goto(`/event/${event.id}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-event/${event.id}$`));
    await expect(page.getByLabel('Title')).toHaveValue(event.title);
    await expect(page.getByLabel('Starts')).toHaveValue('2031-06-06T19:00');
    const renamed = `${event.title} Encore`;
    await page.getByLabel('Title').fill(renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
    await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
    event.title = renamed;

    const attendee = await browser.newPage();
    await signIn(attendee, 'attendee');
    await attendee.goto(`/event/${event.id}`);
    await expect(attendee.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
    await expect(attendee.getByRole('heading', { name: 'Manage this event' })).toHaveCount(0);
    await expect(attendee.getByRole('button', { name: 'Follow' })).toBeVisible();
    await attendee.goto(`/edit-event/${event.id}`);
    await expect(attendee.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(attendee.getByText("Only the event's organizer can edit it.")).toBeVisible();
    const patch = await attendee.request.patch(`/api/events/${event.id}`, { data: { title: 'x' } });
    expect(patch.status()).toBe(403);
    await attendee.goto('/create-event');
    await expect(attendee.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(attendee.getByText('Required role: organizer or venue')).toBeVisible();
    await attendee.close();
  });

  test('deleting asks for confirmation', async ({ page }) => {
    await signIn(page, 'organizer');
    const doomed = await publishEventByApi(page);
    await page.goto(`/event/${doomed.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this event?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep event' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete event' }).click();
    await expect(page).toHaveURL(/\/my-events$/);
    expect((await page.request.get(`/api/events/${doomed.id}`)).status()).toBe(404);
  });
});

test.describe('home page', () => {
  test('shows events right under the headline, then every section without scrolling', async ({
    page,
  }) => {
    await page.goto('/');
    // Events come first: the upcoming events sit right after the hero, before How It Works.
    const upcoming = page.locator('section[aria-labelledby="home-upcoming"]');
    await expect(upcoming.getByRole('heading', { name: 'Upcoming events' })).toBeVisible();
    await expect(upcoming.getByRole('article')).toHaveCount(3);
    // How It Works renders once the page is idle: compare the two once both are there.
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeAttached();
    const order = await page.evaluate(() => {
      const top = (selector: string) =>
        document.querySelector(selector)?.getBoundingClientRect().top;
      return { events: top('#home-upcoming'), how: top('#how-it-works') };
    });
    expect(order.how).toBeDefined();
    expect(order.events).toBeLessThan(order.how ?? 0);
    // This weekend's events are a tap away.
    await upcoming.getByRole('button', { name: 'This weekend' }).click();
    await expect(upcoming.getByRole('button', { name: 'This weekend' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    // No made-up press mentions; the steps are in English.
    await expect(page.getByText('As featured in')).toHaveCount(0);
    for (const step of ['Get Found', 'Get Booked', 'Get Paid']) {
      await expect(page.getByRole('heading', { name: new RegExp(step) })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'See Subscription Plans' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    await expect(page.getByRole('link', { name: 'Join the Affiliate Program' })).toHaveAttribute(
      'href',
      '/affiliate',
    );

    // Every lower section renders its content once the page is idle, scrolled to or not.
    await expect(page.locator('[data-placeholder="home-section"]')).toHaveCount(0, {
      timeout: 15_000,
    });
    const sections = [
      'Connect with providers',
      'Register in minutes',
      'Attendee guide',
      'More resources',
      'Services for every event',
      'Events across the nation',
      'Featured event',
      'Ways to earn',
      'Latest articles',
      'Get the newsletter',
      'Need a hand?',
    ];
    for (const name of sections) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeAttached();
    }
    await expect(page.getByRole('link', { name: 'Get help' })).toHaveAttribute('href', '/help');
  });

  test('the headline rotates', async ({ page }) => {
    await page.goto('/');
    const headline = page.getByRole('heading', { level: 1 });
    const first = await headline.textContent();
    await expect.poll(() => headline.textContent(), { timeout: 6_000 }).not.toBe(first);
  });

  test('the newsletter asks for confirmation by email', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('section[aria-labelledby="home-newsletter"]');
    await expect(async () => {
      await page.mouse.wheel(0, 1500);
      await expect(form.getByLabel('Email address')).toBeVisible({ timeout: 500 });
      // The home page grew (articles, billboard, assistant): further to scroll on a busy machine.
    }).toPass({ timeout: 30_000 });
    await form.getByLabel('Email address').fill('not-an-email');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await form.getByLabel('Email address').fill(`news-${uniqueWord()}@example.com`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText('Check your inbox')).toBeVisible();
  });

  test('a failing events request shows the spec toast', async ({ page }) => {
    await page.route('**/api/events?*', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }),
    );
    await page.goto('/');
    await expect(async () => {
      await page.mouse.wheel(0, 800);
      await expect(
        page.getByText('Failed to load events data. Please try again later.').first(),
      ).toBeVisible({
        timeout: 500,
      });
    }).toPass({ timeout: 30_000 });
    await expect(
      page.locator('[data-sonner-toast]').getByText('Error', { exact: true }),
    ).toBeVisible();
  });
});

test.describe('search and lists', () => {
  test('search results highlight matches and keep markup as text', async ({ page }) => {
    await signIn(page, 'organizer');
    const event = await publishEventByApi(page, {
      description:
        'Bring friends. <b>bold</b> evening of zanzibarine rhythms and <script>x()</script>.',
      title: `Zanzibarine ${uniqueWord()} Evening`,
    });
    await page.goto('/search?q=zanzibarine');
    await expect(page.getByRole('heading', { name: 'Search: zanzibarine' })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: event.title }).first();
    await expect(card.locator('mark').first()).toHaveText(/zanzibarine/i);
    await expect(card.locator('b, script:not([type])')).toHaveCount(0);

    await page.goto(`/search?q=nomatch${uniqueWord()}`);
    await expect(page.getByRole('heading', { name: /No events match/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Suggestions' })).toBeVisible();
  });

  test('the events list filters and loads more', async ({ page }) => {
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.getByLabel('Category').selectOption('Music');
    await expect(page).toHaveURL(/category=Music/);
    await page.getByLabel('Date').fill('2099-01-01');
    await expect(
      page.getByRole('heading', { name: 'No events match these filters' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('an unknown category says so', async ({ page }) => {
    await page.goto('/categories/not-a-category');
    await expect(page.getByRole('heading', { name: 'Category not found' })).toBeVisible();
  });

  test('share page copies the link and offers plain share links', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'organizer');
    const event = await publishEventByApi(page);
    await page.goto(`/mea-share?event=${event.id}`);
    const link = page.getByLabel('Link to the event');
    await expect(link).toHaveValue(new RegExp(`/event/${event.id}$`));
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(event.id));
    await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\//,
    );
  });
});

test.describe('accessibility and widths', () => {
  let eventId: string;

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signIn(page, 'organizer');
    eventId = (await publishEventByApi(page)).id;
    await page.close();
  });

  // Home (desktop and 375 px) is axe-checked in shell.spec.ts, in the same state.
  test('axe finds no problems on event, search, events and categories', async ({ page }) => {
    await page.goto(`/event/${eventId}`);
    await expect(page.getByRole('heading', { name: 'About this event' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/search?q=lantern');
    await expect(page.locator('mark').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/events');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/categories');
    await expect(page.getByRole('link', { name: /^Music/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const width of [375, 1280]) {
    // With E2E_SCREENSHOTS=1 each page is also captured for a person to look at.
    test(`home with every lazy section, event and search at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'How It Works' })).toBeAttached();
      await expect(
        page.locator('section[aria-labelledby="home-upcoming"]').getByRole('article'),
      ).toHaveCount(3);
      await screenshot(page, `${SHOTS}/home-top-${width}.png`);
      // Bring every lazy section in, then capture the whole page.
      await expect(async () => {
        await page.mouse.wheel(0, 1200);
        await expect(page.locator('[data-placeholder="home-section"]')).toHaveCount(0, {
          timeout: 300,
        });
      }).toPass({ timeout: 15_000 });
      await expect(
        page.locator('section[aria-labelledby="home-upcoming"]').getByRole('article'),
      ).toHaveCount(3);
      await screenshot(page, `${SHOTS}/home-${width}.png`, { fullPage: true });

      await page.goto(`/event/${eventId}`);
      await expect(page.getByRole('heading', { name: 'About this event' })).toBeVisible();
      await screenshot(page, `${SHOTS}/event-${width}.png`, { fullPage: true });

      await page.goto('/search?q=lantern');
      await expect(page.locator('mark').first()).toBeVisible();
      await screenshot(page, `${SHOTS}/search-${width}.png`, { fullPage: true });
    });
  }
});
