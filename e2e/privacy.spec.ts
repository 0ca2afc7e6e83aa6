import { createConfirmedAccount, mailedLink, signInByApi } from './accounts';
import { expect, expectNoAxeViolations, test } from './fixtures';

// "Your data" (decision 063): a person takes a copy of their data and asks for their account to
// be deleted, reads when it will be erased, and keeps it after all. A fresh account.

const DAY = 86_400_000;

test('a person downloads their data, asks for deletion and keeps their account', async ({
  page,
}) => {
  const { email, password } = await createConfirmedAccount(page, { label: 'privacy' });
  await signInByApi(page, email);
  await page.goto('/account/privacy');

  const download = page.getByRole('region', { name: 'Download my data' });
  await expect(download.getByText('You have not asked for your data yet.')).toBeVisible();
  await download.getByRole('button', { name: 'Download my data' }).click();
  const exports = download.getByRole('list', { name: 'Your data downloads' });
  // Built as a job; the page asks again while it runs, and a mail says when it is ready.
  await expect(exports.getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await mailedLink(page.request, email, '/account/privacy')).toContain('/account/privacy');
  const zipLink = exports.getByRole('link', { name: 'Download ZIP' });
  const file = await page.request.get((await zipLink.getAttribute('href')) ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/zip');
  // A ZIP file starts with "PK".
  expect((await file.body()).subarray(0, 2).toString('latin1')).toBe('PK');

  const remove = page.getByRole('region', { name: 'Delete my account' });
  await remove.getByLabel('Your password').fill(password);
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  await expect(remove.getByText('Your account is scheduled for deletion')).toBeVisible();
  await expect(remove.getByText(/Your personal data will be erased on/)).toBeVisible();
  const { deletion } = (await (await page.request.get('/api/privacy/deletion')).json()) as {
    deletion: { requestedAt: string; eraseAfter: string };
  };
  expect(Date.parse(deletion.eraseAfter) - Date.parse(deletion.requestedAt)).toBe(14 * DAY);
  await expectNoAxeViolations(page);

  await remove.getByRole('button', { name: 'Keep my account' }).click();
  await expect(remove.getByLabel('Your password')).toBeVisible();
  const after = (await (await page.request.get('/api/privacy/deletion')).json()) as {
    deletion: unknown;
  };
  expect(after.deletion).toBeNull();
});
