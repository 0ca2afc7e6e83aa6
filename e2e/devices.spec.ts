import {
  expect,
  expectNoAxeViolations,
  newJourneyContext,
  screenshot,
  signIn,
  test,
} from './fixtures';

// "Where you're signed in" (decision 062): a person signed in on two browsers sees both in the
// account settings and signs the other one out; that browser is signed out on its next request.
// The venue demo account: few journeys use it, and only the other browser's session is ended.

const SHOTS = 'test-results/screenshots';
// The second browser says it is Opera on ChromeOS, so its row is this journey's own.
const OTHER_BROWSER =
  'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 OPR/120.0';

test('a person signed in on two browsers signs the other one out', async ({ page, browser }) => {
  await signIn(page, 'venue');
  const other = await newJourneyContext(browser, { userAgent: OTHER_BROWSER });
  const otherPage = await other.newPage();
  await signIn(otherPage, 'venue');
  const session = async () =>
    (await (await otherPage.request.get('/api/auth/session')).json()).user as unknown;
  expect(await session()).not.toBeNull();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile');
  const list = page.getByRole('list', { name: "Where you're signed in" });
  await list.scrollIntoViewIfNeeded();
  const otherRow = list.getByRole('listitem').filter({ hasText: 'Opera 120 on ChromeOS' });
  await expect(otherRow).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await screenshot(page, `${SHOTS}/devices-390.png`);

  await otherRow.getByRole('button', { name: 'Sign out Opera 120 on ChromeOS' }).click();
  await expect(otherRow).toHaveCount(0);
  // The other browser's very next request finds itself signed out.
  expect(await session()).toBeNull();
  await other.close();
});
