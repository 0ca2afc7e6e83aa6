import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import {
  DEMO_PASSWORD,
  getDemoAccount,
  type DemoAccount,
} from '../src/server/db/seed/demo-accounts';

export type DemoKey = DemoAccount['key'];

/**
 * Signs the page's browser context in as a seeded demo account through the real API; the
 * HttpOnly session cookie lands in the context, so the next page load is signed in.
 */
export async function signIn(page: Page, key: DemoKey): Promise<void> {
  const { email } = getDemoAccount(key);
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.status(), `sign in as ${key}: ${await response.text()}`).toBe(200);
}

/**
 * Fails the test with the list of WCAG 2 A/AA problems axe finds on the page, once its finite
 * animations have ended: a toast fading in has its final colours a moment later, and axe would
 * measure the contrast of the half-transparent frame (infinite ones, spinners, go on). A live
 * notice can also start fading in while axe runs, so a finding is read again once the page has
 * settled: a real problem is still there, a passing frame is not.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  let summary: string[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await settleAnimations(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    summary = results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
    );
    if (summary.length === 0) return;
  }
  expect(summary, summary.join('\n')).toEqual([]);
}

/** Waits until a frame passes with no finite animation or transition running (at most 5 s). */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const running = () =>
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .filter((a) => a.playState === 'running' || a.pending);
    const deadline = performance.now() + 5000;
    while (performance.now() < deadline) {
      const now = running();
      if (now.length === 0) {
        await frame();
        await frame();
        if (running().length === 0) return;
        continue;
      }
      await Promise.race([
        Promise.all(now.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ]);
    }
  });
}

/**
 * Pictures of the pages for a person to look at are taken only with E2E_SCREENSHOTS=1: a picture
 * checks nothing, and a full-page one (with the resizes around it) costs a second or more of a
 * journey on a busy machine. Checks made at another width stay outside `if (SCREENSHOTS)`.
 */
export const SCREENSHOTS = Boolean(process.env.E2E_SCREENSHOTS);

/** `page.screenshot` when E2E_SCREENSHOTS=1, else nothing. */
export async function screenshot(
  page: Page,
  file: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, ...options });
}

/**
 * Pays the checkout the page has just been sent to (`/pay/{sessionId}`, the local provider)
 * through the provider's API with the 4242 card, then follows the payment's return address as
 * the page would. For journeys where the order, not the card form, is under test: the form
 * itself (declines, the extra step, cancelling) is the tickets journeys'.
 */
export async function payOnTestProvider(page: Page, name = 'Ada Lovelace'): Promise<void> {
  await expect(page).toHaveURL(/\/pay\/[\w-]+$/);
  const sessionId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const paid = await page.request.post(`/api/payments/local/sessions/${sessionId}/pay`, {
    data: { name, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const result = (await paid.json()) as { status: string; redirectUrl: string | null };
  expect(result.status).toBe('succeeded');
  let next = result.redirectUrl;
  if (!next) {
    const session = await page.request.get(`/api/payments/local/sessions/${sessionId}`);
    next = ((await session.json()) as { successUrl: string }).successUrl;
  }
  await page.goto(next);
}

/**
 * The key under which the browser remembers that the push prompt had its one chance. Journeys
 * start with it set, so the prompt (a toast 3 s after a first ticket or message) does not cover
 * their own toasts; buy-bar.spec.ts uses a context of its own to see it.
 */
export const PUSH_PROMPT_DISMISSED_KEY = 'mea.push-prompt-dismissed';

/** A browser context of a journey's own, with the push prompt already answered like the default one. */
export async function newJourneyContext(
  browser: Browser,
  options?: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript((key) => {
    try {
      window.localStorage.setItem(key, 'journey');
    } catch {
      // storage unavailable (about:blank): nothing to prompt there either
    }
  }, PUSH_PROMPT_DISMISSED_KEY);
  return context;
}

export const test = base.extend<{
  signIn: (page: Page, key: DemoKey) => Promise<void>;
  expectNoAxeViolations: (page: Page) => Promise<void>;
}>({
  context: async ({ context }, use) => {
    await context.addInitScript((key) => {
      try {
        window.localStorage.setItem(key, 'journey');
      } catch {
        // storage unavailable (about:blank): nothing to prompt there either
      }
    }, PUSH_PROMPT_DISMISSED_KEY);
    await use(context);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their deps.
  signIn: async ({}, use) => use(signIn),
  // eslint-disable-next-line no-empty-pattern
  expectNoAxeViolations: async ({}, use) => use(expectNoAxeViolations),
});

/**
 * Toasts fade by themselves; axe should judge the page, not a passing toast. Live notifications
 * from journeys running beside this one (shared demo accounts) can arrive meanwhile, and a toast
 * can vanish between finding its close button and clicking it: close until none is left.
 */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]');
  await expect(async () => {
    const closers = page.getByRole('button', { name: /^Close (toast|notification)$/ });
    for (const close of await closers.all()) {
      await close.click({ timeout: 500 }).catch(() => undefined);
    }
    await expect(toasts).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * An event of the signed-in organizer's, made through the API: an evening in Brooklyn in 2031
 * (dates far ahead so journeys never meet a past event), published unless `publish` is false.
 * Its id.
 */
export async function createEventThroughApi(
  page: Page,
  data: {
    title: string;
    description: string;
    isFree?: boolean;
    startsAt?: string;
    endsAt?: string;
    capacity?: number;
  },
  { publish = true }: { publish?: boolean } = {},
): Promise<string> {
  const created = await page.request.post('/api/events', {
    data: {
      category: 'Music',
      startsAt: '2031-09-12T23:00:00.000Z',
      endsAt: '2031-09-13T02:00:00.000Z',
      timezone: 'America/New_York',
      city: 'Brooklyn',
      venueName: 'Blue Room',
      capacity: 200,
      isFree: false,
      ...data,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  if (publish) {
    const published = await page.request.post(`/api/events/${id}/publish`);
    expect(published.status(), await published.text()).toBe(200);
  }
  return id;
}

/** A ticket type of the event (100 of them unless `quantity` says), made through the API; its id. */
export async function addTicketTypeThroughApi(
  page: Page,
  eventId: string,
  data: { name: string; priceCents: number; quantity?: number } & Record<string, unknown>,
): Promise<string> {
  const response = await page.request.post(`/api/events/${eventId}/ticket-types`, {
    data: { quantity: 100, ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export { expect };

/**
 * Nothing on the page scrolls sideways at `width`. Polled, not read once: after the viewport
 * changes, charts and other parts that size themselves through a ResizeObserver reflow a frame
 * or more later (a single read once saw 1,111 px on the dashboard).
 */
export async function expectNoSideScroll(page: Page, width = 390): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
}
