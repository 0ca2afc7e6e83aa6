import { generateKeyPairSync } from 'node:crypto';
import { expect, screenshot, signIn, test } from './fixtures';

// The platform's own wallet accounts (decision 099) in the admin console: an admin sets the
// Google Wallet account, replaces it, and removes it after the confirmation; each change is a
// row of the admin audit log (decision 109).

const API = '/api/admin/wallet-passes';
const privateKey = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

test('an admin sets, replaces and removes the platform’s Google Wallet account', async ({
  page,
}) => {
  await signIn(page, 'admin');
  // A known start: no platform account (no other journey sets one).
  for (const kind of ['apple', 'google'])
    expect((await page.request.delete(`${API}/${kind}`)).status()).toBe(200);
  try {
    await page.goto('/admin/wallet-passes');
    await expect(page.getByRole('heading', { name: 'Platform wallet passes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove', exact: true })).toHaveCount(0);

    const fill = async (email: string) => {
      await page.getByLabel('Issuer ID', { exact: true }).fill('3388000000022222222');
      await page.getByLabel('Service account email', { exact: true }).fill(email);
      await page.getByLabel('Private key (PEM)', { exact: true }).fill(privateKey());
      await page.getByRole('button', { name: 'Save Google Wallet settings' }).click();
    };
    // Accounts of this run alone, to find its rows in the audit log.
    const first = `wallet-${Date.now()}@mea-events.iam.gserviceaccount.com`;
    const second = `wallet-2-${Date.now()}@mea-events.iam.gserviceaccount.com`;
    await fill(first);
    await expect(page.getByText(`Passes are signed by ${first}.`)).toBeVisible();

    // Replaced by another service account.
    await fill(second);
    await expect(page.getByText(`Passes are signed by ${second}.`)).toBeVisible();
    await screenshot(page, 'test-results/screenshots/admin-wallet-set.png');

    // Removing asks first; "Keep it" keeps it.
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('passes already added stop being updated');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(page.getByText(`Passes are signed by ${second}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove account' }).click();
    await expect(page.getByRole('button', { name: 'Remove', exact: true })).toHaveCount(0);
    await expect(page.getByText(/Passes are signed by/)).toHaveCount(0);

    // The three changes are in the audit log, newest first.
    const audit = await page.request.get('/api/admin/audit?targetType=platform_wallet&pageSize=50');
    const rows = ((await audit.json()) as { rows: { action: string; details: unknown }[] }).rows;
    const ours = rows.filter(
      (row) =>
        JSON.stringify(row.details).includes(first) || JSON.stringify(row.details).includes(second),
    );
    expect(ours.map((row) => row.action)).toEqual([
      'platform_wallet.remove',
      'platform_wallet.replace',
      'platform_wallet.set',
    ]);
  } finally {
    await page.request.delete(`${API}/google`);
  }
});
