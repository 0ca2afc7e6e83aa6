import { expect, test } from './fixtures';

// A shared link shows a rich preview (the server's head), and the tab title follows
// the page after client-side navigation.

test('an event link carries its preview; the title follows client-side navigation', async ({
  page,
}) => {
  const list = await page.request.get('/api/events?limit=5');
  expect(list.status()).toBe(200);
  const [event] = (await list.json()).events as { id: string; title: string }[];
  if (!event) throw new Error('the demo seed has published events');

  // What a chat app or a crawler fetches: the page's own tags in the HTML itself.
  const html = await (
    await page.request.get(`/event/${event.id}`, { headers: { accept: 'text/html' } })
  ).text();
  expect(html).toContain('<meta property="og:type" content="event" data-page-head />');
  expect(html).toContain('"@type":"Event"');
  expect(html).toMatch(/<meta property="og:image" content="[^"]+" data-page-head \/>/);
  const robots = await page.request.get('/robots.txt');
  expect(await robots.text()).toContain('Sitemap: ');
  const sitemap = await page.request.get('/sitemaps/events-1.xml');
  expect(await sitemap.text()).toContain(`/event/${event.id}</loc>`);

  await page.goto('/events');
  await expect(page).toHaveTitle('Events | MEA Events');
  await page.getByRole('link', { name: event.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
  await expect(page).toHaveTitle(`${event.title} · MEA Events`);
  // And back: the list's title again.
  await page.goBack();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page).not.toHaveTitle(`${event.title} · MEA Events`);
});

test('a page opened from a shared link gives up its head when the app moves on', async ({
  page,
}) => {
  const list = await page.request.get('/api/events?limit=1');
  const [event] = (await list.json()).events as { id: string; title: string }[];
  if (!event) throw new Error('the demo seed has published events');
  await page.goto(`/event/${event.id}`);
  // The server's title first; the page's own once it has rendered (a loaded machine takes seconds).
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveTitle(`${event.title} · MEA Events`);
  await expect(page.locator('head meta[property="og:type"][content="event"]')).toHaveCount(1);
  await page.getByRole('link', { name: 'Events', exact: true }).first().click();
  await expect(page).toHaveURL(/\/events$/);
  // The event's server-written title and preview tags went with it.
  await expect(page).toHaveTitle('MEA Events');
  await expect(page.locator('head [data-page-head]')).toHaveCount(0);
});
