import { expect, expectNoAxeViolations, signIn, test } from './fixtures';

// Issue 25: an organizer creates an API key, their own script reads their events with it, and
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

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Revoked');
  const after = await page.context().request.fetch('/api/v1/events', {
    headers: { authorization: `Bearer ${secret}`, cookie: '' },
  });
  expect(after.status()).toBe(401);
});
