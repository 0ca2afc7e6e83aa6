import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

// The web shell of the "Platform foundation" issue: layout, navigation, guards, errors, 404.

test.describe('404 page', () => {
  test('Go Back returns to the previous page when the referrer is this site', async ({ page }) => {
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    // A full page load from /events, as when following a stale link on the site.
    await page.evaluate(() => window.location.assign('/this-page-does-not-exist'));
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(await page.evaluate(() => document.referrer)).toMatch(/\/events$/);

    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/events$/);
  });

  test('Go Back goes home without a referrer', async ({ page }) => {
    await page.goto('/events');
    await page.goto('/this-page-does-not-exist');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(await page.evaluate(() => document.referrer)).toBe('');

    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('Go Back goes home when the referrer is another site', async ({ page }) => {
    await page.goto('/events');
    await page.goto('/this-page-does-not-exist', { referer: 'https://example.com/somewhere' });
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(await page.evaluate(() => document.referrer)).toContain('example.com');

    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('Go Back returns after an in-app navigation', async ({ page }) => {
    await page.goto('/events');
    await page.evaluate(() => {
      window.history.pushState({ usr: null, key: 'x', idx: 1 }, '', '/gone-page');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/events$/);
  });

  test('Return Home goes home', async ({ page }) => {
    await page.goto('/nowhere/at/all');
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  });

  for (const path of ['/mea/checkout-foo', '/payment/x']) {
    test(`adds the payment note on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      await expect(page.getByText('check your email for confirmation')).toBeVisible();
      await expect(
        page.getByText('return to the event page to verify your purchase'),
      ).toBeVisible();
    });
  }

  test('has no payment note elsewhere', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('check your email for confirmation')).toHaveCount(0);
  });
});

test.describe('error boundary', () => {
  test('a page whose code fails to load shows Something went wrong, and Try Again recovers', async ({
    page,
  }) => {
    // Chunk files are named by hash only: the build's manifest says which one is the home page.
    const manifest = JSON.parse(
      readFileSync(new URL('../dist/web/.vite/manifest.json', import.meta.url), 'utf8'),
    ) as Record<string, { file: string }>;
    const homeFile = manifest['features/home/home-page.tsx']?.file;
    expect(homeFile).toBeTruthy();
    const homeChunk = `**/${homeFile}`;
    await page.route(homeChunk, (route) =>
      route.fulfill({ status: 500, body: 'deploy in progress' }),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    // The header stays usable around the failed page.
    await expect(page.getByRole('banner')).toBeVisible();

    await page.unroute(homeChunk);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  });
});

test.describe('header, menu and footer (signed out)', () => {
  test('show the product, the public menu and the footer links', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    // The badge sits in the header row from 768 px; on phones the same badge heads the menu.
    await expect(header.getByText('Beta Testing').filter({ visible: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'MEA Events' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/auth',
    );

    const menu = page.getByRole('navigation', { name: 'Main' });
    const menuLinks = menu.getByRole('link');
    await expect(menuLinks).toHaveCount(5);
    for (const [name, href] of [
      ['Events', '/events'],
      ['Vendors', '/vendors'],
      ['Organizers', '/organizers'],
      ['Venues', '/venues'],
      ['Categories', '/categories'],
    ] as const) {
      await expect(menu.getByRole('link', { name })).toHaveAttribute('href', href);
    }

    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Home', '/'],
      ['Events', '/events'],
      ['Vendors', '/vendors'],
      ['Sign In', '/auth'],
      ['Blog', '/blog'],
      ['FAQ', '/help'],
      ['Support', '/contact'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link', { name: 'support@mea.events' })).toHaveAttribute(
      'href',
      'mailto:support@mea.events',
    );
    await expect(footer.getByRole('link', { name: '+1 (555) 010-0199' })).toHaveAttribute(
      'href',
      'tel:+15550100199',
    );
  });

  test('links navigate', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Venues' })
      .click();
    await expect(page).toHaveURL(/\/venues$/);
    await expect(page.getByRole('heading', { name: 'Venues', level: 1 })).toBeVisible();

    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { name: 'How can we help?' })).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByRole('banner').getByRole('link', { name: 'MEA Events' }).click();
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  });

  test('the skip link moves focus to the page content', async ({ page }) => {
    await page.goto('/');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    // The app renders once its messages have arrived: a Tab before that moves nothing.
    await expect(skip).toBeAttached();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });
});

test.describe('signed-in header', () => {
  test('a vendor gets Vendor Profile and Vendor Applications, and can sign out', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'vendor');
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Create event' })).toHaveAttribute(
      'href',
      '/create-event',
    );
    await expect(header.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveCount(0);

    const menu = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Messages', '/messages'],
      ['My Diary', '/event-diary'],
      ['Email Lists', '/email-lists'],
      ['Ads', '/ads'],
      ['Subscriptions', '/subscription'],
      ['Affiliate', '/affiliate'],
    ] as const) {
      await expect(menu.getByRole('link', { name })).toHaveAttribute('href', href);
    }

    await header.getByRole('button', { name: /Account menu/ }).click();
    const userMenu = page.getByRole('menu');
    await expect(userMenu.getByRole('menuitem', { name: 'Vendor Profile' })).toHaveAttribute(
      'href',
      '/vendor-profile',
    );
    await expect(userMenu.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(userMenu.getByRole('menuitem', { name: 'My Events' })).toHaveAttribute(
      'href',
      '/my-events',
    );
    await expect(userMenu.getByRole('menuitem', { name: 'Vendor Applications' })).toHaveAttribute(
      'href',
      '/vendor_applications',
    );
    await expect(userMenu.getByRole('menuitem', { name: 'My Profile' })).toHaveCount(0);

    await userMenu.getByRole('menuitem', { name: 'Vendor Applications' }).click();
    await expect(page).toHaveURL(/\/vendor_applications$/);
    await expect(
      page.getByRole('heading', { name: 'Vendor Applications', level: 1 }),
    ).toBeVisible();

    await header.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Messages' })).toHaveCount(0);
    // The server ended the session too: a fresh load is still signed out.
    await page.reload();
    await expect(header.getByRole('link', { name: 'Get Started' })).toBeVisible();
  });

  test('an attendee gets My Profile and no vendor applications', async ({ page, signIn }) => {
    await signIn(page, 'attendee');
    await page.goto('/');
    await page.getByRole('button', { name: /Account menu/ }).click();
    const userMenu = page.getByRole('menu');
    await expect(userMenu.getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(userMenu.getByRole('menuitem', { name: 'Vendor Profile' })).toHaveCount(0);
    await expect(userMenu.getByRole('menuitem', { name: 'Vendor Applications' })).toHaveCount(0);
  });
});

test.describe('search', () => {
  test('trims and encodes the term', async ({ page }) => {
    await page.goto('/');
    const search = page
      .getByRole('banner')
      .getByRole('combobox', { name: 'Search events, vendors and venues' });
    await search.fill('  dj & mc  ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=dj%20%26%20mc$/);
    await expect(page.getByRole('heading', { name: 'Search: dj & mc' })).toBeVisible();
  });

  test('a blank term does nothing', async ({ page }) => {
    await page.goto('/events');
    const search = page
      .getByRole('banner')
      .getByRole('combobox', { name: 'Search events, vendors and venues' });
    await search.fill('   ');
    await search.press('Enter');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    // A navigation the key or the click started would have changed the address by the time
    // the page has drawn two more frames.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    );
    await expect(page).toHaveURL(/\/events$/);
  });
});

test.describe('mobile (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('search opens a full-screen overlay', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(
      header.getByRole('combobox', { name: 'Search events, vendors and venues' }),
    ).toBeHidden();

    await header.getByRole('button', { name: 'Open search' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search' });
    await expect(overlay).toBeVisible();
    const box = await overlay.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 740 });
    const field = overlay.getByRole('combobox', { name: 'Search events, vendors and venues' });
    await expect(field).toBeFocused();

    await field.fill('  wedding   dj ');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=wedding%20%20%20dj$/);
    await expect(overlay).toBeHidden();
  });

  test('the overlay closes without searching', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open search' }).click();
    await page
      .getByRole('dialog', { name: 'Search' })
      .getByRole('combobox', { name: 'Search events, vendors and venues' })
      .fill('   ');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
    await page.getByRole('button', { name: 'Close search' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open search' })).toBeFocused();
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('the menu collapses behind the menu button', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Main menu' });
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(menu).toBeHidden();
  });

  test('home has no accessibility violations', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: /support@/ }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('guards', () => {
  test('a login-required page sends a signed-out visitor to /auth with the origin', async ({
    page,
  }) => {
    await page.goto('/messages');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fmessages$/);
    await expect(page.getByRole('heading', { name: 'Sign In or Register' })).toBeVisible();
  });

  test('a public page with personal parts opens signed out, with a sign-in prompt', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.goto('/attending');
    await expect(page.getByRole('heading', { name: 'Attending', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upcoming events' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Who is going/ }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('region', { name: 'Your events' }).getByRole('link').click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fattending$/);
  });

  test('/auth sends a signed-in visitor back to where they came from', async ({ page, signIn }) => {
    await signIn(page, 'organizer');
    await page.goto('/auth?redirect=%2Fmessages');
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

    await page.goto('/auth');
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('the admin area sends signed-out visitors to /auth', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin%2Fusers$/);
  });

  test('the admin area sends non-admins away and admits admins', async ({ page, signIn }) => {
    await signIn(page, 'organizer');
    await page.goto('/admin');
    // Sent to /auth, which sends a signed-in visitor home.
    await expect(page).toHaveURL(/:\d+\/$/);

    await signIn(page, 'admin');
    await page.goto('/admin/settings');
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Sign In or Register' })).toBeVisible();
  });
});

test.describe('system health', () => {
  test('shows the server figures and refreshes every 5 s', async ({ page }) => {
    await page.goto('/system-health');
    await expect(page.getByRole('heading', { name: 'System Health' })).toBeVisible();
    for (const name of ['database', 'jobs']) {
      const row = page.getByTestId(`check-${name}`);
      await expect(row.getByText('up', { exact: true })).toBeVisible();
      await expect(row.getByText(/\d+(\.\d)? ms/)).toBeVisible();
    }
    await expect(page.getByText('ok', { exact: true })).toBeVisible();
    await expect(page.getByText('Last updated')).toBeVisible();

    const next = await page.waitForResponse((r) => r.url().endsWith('/api/health'), {
      timeout: 7_000,
    });
    expect(next.status()).toBe(200);
  });
});

test.describe('accessibility', () => {
  test('home (desktop) has no WCAG 2 A/AA violations', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: /support@/ }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the signed-in header and 404 page have no violations', async ({
    page,
    signIn,
    expectNoAxeViolations,
  }) => {
    await signIn(page, 'attendee');
    await page.goto('/mea/checkout-foo');
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
