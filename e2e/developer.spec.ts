import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createConfirmedAccount, signInByApi } from './accounts';
import {
  addTicketTypeThroughApi,
  createEventThroughApi,
  expect,
  expectNoAxeViolations,
  payOnTestProvider,
  screenshot,
  SCREENSHOTS,
  signIn,
  test,
} from './fixtures';

// An organizer creates an API key, their own script reads their events with it, and
// revoking it shuts the script out.

test('an organizer creates an API key, uses it, and revokes it', async ({ page }) => {
  await signIn(page, 'organizer');
  await page.goto('/developer');
  await expect(page.getByRole('heading', { name: 'Developer settings' })).toBeVisible();
  await expect(
    page.getByText('No keys yet. Create one above.').or(page.getByRole('table')),
  ).toBeVisible();

  const name = `Door app ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel(/Read attendees of your events/).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const secretBox = page.getByLabel('New API key');
  await expect(secretBox).toHaveValue(/^mea_/);
  const secret = await secretBox.inputValue();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Active');
  await expectNoAxeViolations(page);

  // The organizer's own script, with the key and no cookie.
  const api = await page.context().request.fetch('/api/v1/events?limit=5', {
    headers: { authorization: `Bearer ${secret}`, cookie: '' },
  });
  expect(api.status()).toBe(200);
  expect(api.headers()['ratelimit-limit']).toBeTruthy();
  expect(Array.isArray((await api.json()).data)).toBe(true);

  // Browsers on the organizer's own shop may use the key (CORS); other sites may not.
  await page.getByRole('button', { name: `Origins of ${name}` }).click();
  const origins = page.getByLabel('Origins, one a line');
  await origins.fill('https://shop.example/tickets');
  await page.getByRole('button', { name: 'Save origins' }).click();
  await expect(page.getByText(/https:\/\/shop\.example\/tickets: Enter an origin/)).toBeVisible();
  await expectNoAxeViolations(page);
  await origins.fill('https://shop.example');
  await page.getByRole('button', { name: 'Save origins' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(
    'https://shop.example',
  );
  const fromShop = await page.context().request.fetch('/api/v1/events?limit=1', {
    headers: { authorization: `Bearer ${secret}`, cookie: '', origin: 'https://shop.example' },
  });
  expect(fromShop.headers()['access-control-allow-origin']).toBe('https://shop.example');
  if (SCREENSHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'test-results/developer-keys-390.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Revoked');
  const after = await page.context().request.fetch('/api/v1/events', {
    headers: { authorization: `Bearer ${secret}`, cookie: '' },
  });
  expect(after.status()).toBe(401);
});

test('an organizer adds a webhook endpoint, sends a test event and sees it delivered, signed', async ({
  page,
}) => {
  // The organizer's own server: a receiver on loopback that records what it gets.
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${Date.now()}`;
  try {
    await signIn(page, 'organizer');
    await page.goto('/developer');
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel(/A ticket is checked in at the door/).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secretBox = page.getByLabel('Signing secret');
    await expect(secretBox).toHaveValue(/^whsec_/);
    const secret = await secretBox.inputValue();

    const card = page.getByRole('article', { name: url });
    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(card.getByRole('row', { name: /webhook\.test/ })).toContainText('Delivered', {
      timeout: 15_000,
    });
    await expect(card.getByRole('row', { name: /webhook\.test/ })).toContainText('200');
    await expectNoAxeViolations(page);

    expect(received).toHaveLength(1);
    const [first] = received;
    const header = String(first?.headers['mea-signature']);
    const [t, v1] = header.split(',').map((part) => part.split('=')[1]);
    const expected = createHmac('sha256', secret).update(`${t}.${first?.body}`).digest('hex');
    expect(v1).toBe(expected);
    expect(JSON.parse(first?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });

    // Resend delivers the same event again.
    await card.getByRole('button', { name: 'Resend webhook.test' }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(JSON.parse(received[1]?.body ?? '{}').id).toBe(JSON.parse(first?.body ?? '{}').id);

    if (SCREENSHOTS) {
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'test-results/developer-webhooks-390.png', { fullPage: true });
    }
  } finally {
    // The demo organizer keeps no endpoint pointing at this closed receiver.
    const list = await page.request.get('/api/developer/webhooks');
    for (const endpoint of ((await list.json()) as { endpoints?: { id: string; url: string }[] })
      .endpoints ?? [])
      if (endpoint.url === url) await page.request.delete(`/api/developer/webhooks/${endpoint.id}`);
    server.close();
  }
});

test('a visitor buys a ticket through the widget on another site; the host page and the organizer hear of it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const appUrl = String(test.info().project.use.baseURL);
  // The organizer: a paid event on sale and a webhook receiver for order.paid.
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const organizer = await browser.newPage();
  await signIn(organizer, 'organizer');
  const title = `Widget Night ${Date.now()}`;
  const eventId = await createEventThroughApi(organizer, {
    title,
    description: 'Tickets sold from the organizer’s own site.',
  });
  await addTicketTypeThroughApi(organizer, eventId, { name: 'Standard', priceCents: 2500 });
  // The last early-bird ticket: someone else takes it while the visitor is on the host page.
  const early = await organizer.request.post(`/api/events/${eventId}/ticket-types`, {
    data: { name: 'Early bird', priceCents: 1500, quantity: 1 },
  });
  expect(early.status(), await early.text()).toBe(201);
  const earlyId = ((await early.json()) as { id: string }).id;
  const hook = await organizer.request.post('/api/developer/webhooks', {
    data: {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/orders`,
      eventTypes: ['order.paid'],
    },
  });
  expect(hook.status(), await hook.text()).toBe(201);
  const { secret, endpoint } = (await hook.json()) as { secret: string; endpoint: { id: string } };
  // The event takes referrals at 10 %: the widget on an affiliate's site earns them commission.
  const rule = await organizer.request.put('/api/affiliates/commission', {
    data: { eventId, isReferralBased: true, kind: 'percent', value: 1000 },
  });
  expect(rule.status(), await rule.text()).toBe(200);
  // The snippet the organizer copies from /developer.
  await organizer.goto('/developer');
  await expect(organizer.getByText('data-event=').first()).toBeVisible();
  await organizer.close();

  // An affiliate (their own browser) who puts the widget on their site with their code.
  const affiliateContext = await browser.newContext();
  const affiliate = await affiliateContext.newPage();
  const account = await createConfirmedAccount(affiliate, { label: 'widget-affiliate' });
  await signInByApi(affiliate, account.email);
  const joined = await affiliate.request.post('/api/affiliates/join', {
    data: { acceptTerms: true },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const code = String(
    ((await (await affiliate.request.get('/api/affiliates/me')).json()) as { code: string }).code,
  );
  expect(code).toMatch(/^PROMO-/);

  // The organizer's own site, on another origin, with the snippet.
  const host = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html lang="en"><head><title>Our festival</title></head><body><main>
<h1>Our festival</h1>
<script src="${appUrl}/widget.js" data-event="${eventId}" data-affiliate="${code}" data-title="Tickets for our festival"></script>
<p id="done" role="status"></p></main>
<script>document.addEventListener('mea:checkout-complete', function (e) {
  document.getElementById('done').textContent = 'Thanks! Order ' + e.detail.orderId;
});</script></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
  try {
    await signIn(page, 'attendee');
    await page.goto(hostUrl);
    const widget = page.frameLocator('iframe[title="Tickets for our festival"]');
    await expect(widget.getByRole('heading', { name: title })).toBeVisible();
    await expect(widget.getByText('100 left')).toBeVisible();
    await expect(widget.getByText('$25.00')).toBeVisible();
    await expect(widget.getByRole('listitem').filter({ hasText: 'Early bird' })).toContainText(
      '1 left',
    );
    // Another buyer's checkout holds the last early-bird ticket; the open widget learns it.
    const hold = await affiliate.request.post('/api/orders', {
      data: { items: [{ ticketTypeId: earlyId, quantity: 1 }] },
    });
    expect(hold.status(), await hold.text()).toBe(201);
    // The frame was sized to its content by its message.
    await expect
      .poll(() => page.locator('iframe').evaluate((f: HTMLIFrameElement) => f.style.height))
      .not.toBe('260px');
    await expectNoAxeViolations(page);

    const popupPromise = page.waitForEvent('popup');
    await widget.getByRole('button', { name: 'Buy tickets' }).click();
    const popup = await popupPromise;
    await expect(popup.getByRole('heading', { name: 'Get tickets', level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    await popup.getByRole('button', { name: 'More Standard' }).click();
    await popup.getByRole('button', { name: 'Buy now' }).click();
    await expect(popup.getByRole('heading', { name: /^Pay \$/, level: 1 })).toBeVisible();
    // The card form is the tickets journeys'.
    await payOnTestProvider(popup);
    await expect(popup.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
      timeout: 20_000,
    });

    // The host page got the completion event from the widget.
    await expect(page.locator('#done')).toContainText(/Thanks! Order [0-9a-f-]{36}/, {
      timeout: 20_000,
    });
    await expect(widget.getByText('Thank you! Your tickets are on their way')).toBeVisible();
    // Live availability (polled while the frame is open): the held early bird is sold out, the
    // purchase shows in what is left.
    await expect(widget.getByRole('listitem').filter({ hasText: 'Early bird' })).toContainText(
      'Sold out',
      { timeout: 15_000 },
    );
    await expect(widget.getByText('99 left')).toBeVisible();
    if (SCREENSHOTS) {
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'test-results/widget-host-390.png', { fullPage: true });
    }

    // The organizer's server got order.paid, signed.
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const [delivery] = received;
    const [t, v1] = String(delivery?.headers['mea-signature'])
      .split(',')
      .map((part) => part.split('=')[1]);
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${delivery?.body}`).digest('hex'));
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      type: 'order.paid',
      data: { event_id: eventId, total_cents: 2500 },
    });

    // The affiliate whose code the widget carried is credited with the sale, like a promo link.
    await expect
      .poll(
        async () => {
          const me = (await (await affiliate.request.get('/api/affiliates/me')).json()) as {
            links: { eventId: string | null; conversions: number; earningsCents: number }[];
          };
          const link = me.links.find((l) => l.eventId === eventId);
          return link ? [link.conversions, link.earningsCents] : null;
        },
        { timeout: 20_000 },
      )
      .toEqual([1, 250]);
  } finally {
    const cleanup = await browser.newPage();
    await signIn(cleanup, 'organizer');
    await cleanup.request.delete(`/api/developer/webhooks/${endpoint.id}`);
    await cleanup.close();
    await affiliateContext.close();
    host.close();
    receiver.close();
  }
});
