import { expect, expectNoAxeViolations, screenshot, SCREENSHOTS, signIn, test } from './fixtures';

// An admin edits a site page in the rich-text editor and a help
// article in its text editor, previews, saves, and visitors read the change. (The cookie policy
// and the notifications article: no other journey reads their text.)

const SHOTS = 'test-results/screenshots';
const word = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

// The two editors are independent journeys, run side by side (each well under 40 s; together
// they took 52 s one after the other).
test.describe.configure({ mode: 'parallel' });

test('an admin edits a site page in the rich-text editor; visitors see the edit', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/admin/help');
  await page.getByRole('link', { name: 'Cookies', exact: true }).click();
  // The editor's chunk (Tiptap) loads and parses slowly on a busy machine.
  await expect(
    page.getByRole('heading', { level: 1, name: /^Edit page: Cookie Policy/ }),
  ).toBeVisible({ timeout: 20_000 });
  const title = `Cookie Policy ${word()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  const text = page.getByRole('textbox', { name: 'Page text' });
  await text.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('We reviewed this policy today.');
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, `${SHOTS}/content-page-editor.png`, { fullPage: true });

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByText('We reviewed this policy today.')).toBeVisible();
  if (SCREENSHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `${SHOTS}/content-page-preview-390.png`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();

  await page.goto('/cookies');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('We reviewed this policy today.')).toBeVisible();
});

test('an admin edits a help article in its text editor; the help center shows it', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/admin/help');
  await page.getByRole('link', { name: 'How do notifications work?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit help article' })).toBeVisible({
    timeout: 20_000,
  });
  const extra = `Quiet hours ${word()} stop push notifications overnight.`;
  const body = page.getByLabel('Body');
  await body.fill(`${await body.inputValue()}\n\n${extra}`);
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('region', { name: 'Preview' }).getByText(extra)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save article' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();
  await screenshot(page, `${SHOTS}/content-help-editor.png`, { fullPage: true });

  await page.goto('/help?article=notifications');
  await expect(page.getByText(extra)).toBeVisible();
});
