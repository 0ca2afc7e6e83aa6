import { solidPng } from './accounts';
import { expect, expectNoAxeViolations, screenshot, SCREENSHOTS, signIn, test } from './fixtures';

// Content and support: a blog admin writes and publishes a post with an image; help
// search and the FAQ accordion; the assistant answers and hands off to a person; contact form →
// mail → staff reply.

const SHOTS = 'test-results/screenshots';
const word = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

test('a blog admin writes a post with an image and publishes it', async ({ page }) => {
  // The editor's chunk, autosave, publishing, three axe passes and the home page: more than the
  // default minute on a busy machine.
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await page.goto('/create-post');
  // The editor's chunk (Tiptap, ~100 KB gzip) takes seconds to load and parse on a busy machine.
  await expect(page.getByRole('heading', { name: 'Write a post' })).toBeVisible({
    timeout: 20_000,
  });
  const title = `Festival season ${word()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Excerpt').fill('What to book first for a summer festival.');
  await page.getByRole('textbox', { name: 'Article body' }).click();
  await page.keyboard.type('Book the stage and the sound first. Then the food.');
  await page.getByLabel('Tags', { exact: true }).fill('festivals, organizers');
  await page.getByLabel('Cover image').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: solidPng(64),
  });
  await expect(page.getByRole('img', { name: 'Current cover' })).toBeVisible();
  // Autosave turns the new post into a draft with its own address.
  await expect(page).toHaveURL(/\/edit-post\//, { timeout: 10_000 });
  await expect(page.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, `${SHOTS}/content-editor.png`, { fullPage: true });

  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Book the stage and the sound first.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/blog');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expectNoAxeViolations(page);
  if (SCREENSHOTS) {
    await screenshot(page, `${SHOTS}/content-blog.png`, { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `${SHOTS}/content-blog-390.png`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await page.goto('/');
  const articles = page.getByRole('region', { name: 'Latest articles' });
  // The section loads when scrolled near (the home route's budget): bring its placeholder into
  // view (a wheel turns whatever scroll box is under the pointer) until the section is there.
  await expect(async () => {
    const placeholder = page.getByRole('status', { name: 'Loading latest articles' });
    if (await placeholder.count()) await placeholder.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(articles).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await articles.scrollIntoViewIfNeeded();
  await expect(articles.getByRole('link', { name: title })).toBeVisible({ timeout: 10_000 });
});

test('what is typed while the first save is on its way stays in the post', async ({ page }) => {
  await signIn(page, 'admin');
  // The first autosave (it creates the post and moves the editor to /edit-post/{id}) is held at
  // the network until the body has been typed: a slow save on a busy server, made certain.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/blog/posts', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.goto('/create-post');
  const body = page.getByRole('textbox', { name: 'Article body' });
  // The editor's chunk takes seconds to load and parse on a busy machine.
  await expect(body).toBeVisible({ timeout: 20_000 });
  const creating = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/blog/posts',
  );
  await page.getByLabel('Title', { exact: true }).fill(`Held save ${word()}`);
  await creating;
  await body.click();
  await page.keyboard.type('Typed while saving.');
  release();
  await expect(page).toHaveURL(/\/edit-post\//, { timeout: 10_000 });
  await expect(body).toContainText('Typed while saving.');
  // The caret is still in the body: typing goes on where it was.
  await page.keyboard.type(' And after.');
  await expect(body).toContainText('Typed while saving. And after.');
  await expect(page.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible({
    timeout: 10_000,
  });
  await page.reload();
  // The editor's chunk again: seconds on a busy machine.
  await expect(page.getByRole('textbox', { name: 'Article body' })).toContainText(
    'Typed while saving. And after.',
    { timeout: 20_000 },
  );
});

test('help search forgives typos and the FAQ opens by keyboard', async ({ page }) => {
  // Nine page loads, each with an axe pass: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'How can we help?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('searchbox', { name: 'Search the help center' }).fill('refnud');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Showing results for “refund”.')).toBeVisible();
  await page.getByRole('link', { name: 'How do I get a refund?' }).first().click();
  await expect(page.getByRole('heading', { name: 'How do I get a refund?' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Thanks for your feedback!')).toBeVisible();
  await screenshot(page, `${SHOTS}/content-help.png`, { fullPage: true });

  await page.goto('/faq');
  const question = page.getByRole('button', { name: 'How do I get a refund?' });
  await question.focus();
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'How do I get a refund?' })).toContainText(
    'contact the organizer',
  );
  await page.keyboard.press('Space');
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expectNoAxeViolations(page);

  for (const path of ['/about', '/privacy', '/terms', '/cookies', '/accessibility', '/careers']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await expect(page.getByText('There are no open positions right now.')).toBeVisible();
  await page.goto('/features/ticket-sales');
  await expect(page.getByRole('heading', { name: 'Sell tickets without the queue' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the assistant answers with a link and hands off to a person; staff reply', async ({
  page,
  browser,
}) => {
  // Two people, four page loads, mail round trips and three axe passes: more than the default
  // minute on a busy machine.
  test.setTimeout(120_000);
  await page.goto('/');
  const assistance = page.getByRole('region', { name: 'Need a hand?' });
  // The section loads when scrolled near (the home route's budget): scroll until it is there.
  await expect(async () => {
    await page.mouse.wheel(0, 1500);
    await expect(assistance).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await assistance.scrollIntoViewIfNeeded();
  await assistance.getByRole('button', { name: 'Ask the assistant' }).click();
  await page.getByLabel('Your question').fill('how do I get a refund?');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByRole('link', { name: 'How do I get a refund?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Talk to a person' }).click();
  const email = `chat-${word()}@example.test`;
  await page.getByLabel('Your name').fill('Casey Chat');
  await page.getByLabel('Your email').fill(email);
  await page.getByRole('button', { name: 'Send to support' }).click();
  const sent = page.getByText(/Your reference is SUP-/);
  await expect(sent).toBeVisible();
  const reference = ((await sent.textContent()) ?? '').match(/SUP-[A-Z0-9]+/)?.[0] ?? '';
  await screenshot(page, `${SHOTS}/content-chat.png`);

  // The requester gets a confirmation with the reference.
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        const { emails } = (await response.json()) as { emails: { subject: string }[] };
        return emails.map((m) => m.subject).join('\n');
      },
      { timeout: 15_000 },
    )
    .toContain(reference);

  // Staff answer from the support inbox; the answer is mailed. A context of their own (the
  // requester stays signed out): axe runs its last step in a second page of the same context,
  // which a page from browser.newPage() cannot open.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, 'admin');
  await staff.goto('/admin/support');
  await staff.getByRole('button', { name: new RegExp(reference) }).click();
  await expect(staff.getByText('Casey Chat: how do I get a refund?')).toBeVisible();
  await staff
    .getByLabel('Reply to the requester (sent by email)')
    .fill('We refunded your order today.');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText('We refunded your order today.')).toBeVisible();
  await expectNoAxeViolations(staff);
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        const { emails } = (await response.json()) as { emails: { text: string }[] };
        return emails.some((m) => m.text.includes('We refunded your order today.'));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await staffContext.close();

  await page.goto('/contact');
  await expectNoAxeViolations(page);
  await page.getByLabel('Name', { exact: true }).fill('Pat Person');
  await page.getByLabel('Email', { exact: true }).fill(`pat-${word()}@example.test`);
  await page
    .getByLabel('Message', { exact: true })
    .fill('Where can I see my invoice for last month?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(/Your reference is SUP-/)).toBeVisible();
});
