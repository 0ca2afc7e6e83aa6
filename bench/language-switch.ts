// Switching language on the events page (/events) in Debian's Chromium against the production
// build (run `npm run build` first): from the footer picker's change to the next frame after the
// heading reads the new language, every catalog already loaded once (decision 049). Beside it,
// the same measure for an in-app navigation (/events → /vendors, its chunk cached): the work of
// re-rendering a page, which a language switch does too.
import { chromium, type Page } from '@playwright/test';
import { median, startBuiltServer } from './lib';

const RUNS = Number(process.env.BENCH_LANGUAGE_SWITCH_RUNS ?? 15);
export const SWITCH_AIM_MS = 150;
// The events page's heading in each language the switch goes through.
const LANGUAGES = ['es', 'de', 'fr', 'en'] as const;

// Plain JavaScript run in the page: performance.now() from the trigger to the frame after the
// heading's text changes. A function handed to Playwright would carry tsx's helpers.
const TIME_UNTIL_HEADING_CHANGES = `(trigger) => new Promise((resolve) => {
  const heading = () => document.querySelector('h1')?.textContent;
  const before = heading();
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (heading() === before) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - start));
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  if (trigger.language) {
    const select = document.querySelector('footer select');
    select.value = trigger.language;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  } else document.querySelector('a[href="' + trigger.href + '"]').click();
})`;

type Trigger = { language: string } | { href: string };

async function timed(page: Page, trigger: Trigger): Promise<number> {
  return page.evaluate(`(${TIME_UNTIL_HEADING_CHANGES})(${JSON.stringify(trigger)})`);
}

export interface LanguageSwitchResult {
  runs: number;
  switchMs: number;
  navigationMs: number;
}

export async function benchLanguageSwitch(): Promise<LanguageSwitchResult> {
  const server = await startBuiltServer('language-switch');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const page = await (await browser.newContext({ baseURL: server.base })).newPage();
    await page.goto('/events');
    await page.locator('h1').waitFor();
    // Warm up: every language's catalogs and the vendors page's chunk loaded once.
    for (const language of LANGUAGES) await timed(page, { language });
    await timed(page, { href: '/vendors' });
    await page.goBack();
    await page.locator('h1', { hasText: 'Events' }).waitFor();

    const switches: number[] = [];
    const navigations: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      for (const language of LANGUAGES) switches.push(await timed(page, { language }));
      navigations.push(await timed(page, { href: '/vendors' }));
      await page.goBack();
      await page.locator('h1', { hasText: 'Events' }).waitFor();
    }
    return { runs: switches.length, switchMs: median(switches), navigationMs: median(navigations) };
  } finally {
    await browser.close();
    await server.stop();
  }
}
