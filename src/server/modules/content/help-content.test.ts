import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../../contracts/accounts';
import { PASSWORD_MIN_LENGTH } from '../../../contracts/limits';
import { HOLD_MINUTES } from '../../../contracts/tickets';
import { VENDOR_RATING_MAX, VENDOR_RATING_MIN } from '../../../contracts/vendors';
import { HELP_ARTICLES } from './help-content';

// The help center, the FAQ (its isFaq articles) and the assistant (which answers with them) must
// say what the product does: every button, tab or heading an article quotes is text the web app
// contains, and every limit an article states is the one the app enforces.

const ROOT = join(import.meta.dirname, '../../../..');

/** The text of the web app's source and the contracts it shows (tests left out). */
function appSource(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        texts.push(readFileSync(path, 'utf8'));
    }
  };
  walk(join(ROOT, 'src/web'));
  walk(join(ROOT, 'src/contracts'));
  return texts.join('\n');
}

/** What an article quotes: “…”, "…" or **…**. */
function quotedLabels(text: string): string[] {
  const patterns = [/“([^”]+)”/g, /"([^"]+)"/g, /\*\*([^*]+)\*\*/g];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1] ?? ''));
}

const articleText = (a: (typeof HELP_ARTICLES)[number]) => `${a.title}\n${a.summary}\n${a.body}`;

// Limits an article may state, each with the value the app enforces.
const LIMITS: { name: string; pattern: RegExp; expected: number[] }[] = [
  {
    name: 'password minimum',
    pattern: /password[^.]*?(\d+) characters/gi,
    expected: [PASSWORD_MIN_LENGTH],
  },
  { name: 'ticket hold', pattern: /held for (\d+) minutes/gi, expected: [HOLD_MINUTES] },
  {
    name: 'image size',
    pattern: /images? up to (\d+) MB/gi,
    expected: [AVATAR_MAX_BYTES / 1024 / 1024],
  },
  {
    name: 'vendor rating',
    pattern: /from (\d+) to (\d+) stars/gi,
    expected: [VENDOR_RATING_MIN, VENDOR_RATING_MAX],
  },
];

describe('quotedLabels', () => {
  it('finds curly-quoted, straight-quoted and bold labels', () => {
    expect(quotedLabels('Choose “Get Started”, then "Sign Up" and **Create Account**.')).toEqual([
      'Get Started',
      'Sign Up',
      'Create Account',
    ]);
  });
});

describe('the seeded help articles and FAQ', () => {
  const source = appSource();

  it('quote only buttons, tabs and headings the web app contains', () => {
    const missing = HELP_ARTICLES.flatMap((article) =>
      quotedLabels(articleText(article))
        .filter((label) => !source.includes(label))
        .map((label) => `${article.slug}: “${label}”`),
    );
    expect(missing).toEqual([]);
    // The check has something to check: the sign-up article names its controls.
    const signUp = HELP_ARTICLES.find((a) => a.slug === 'create-an-account');
    expect(quotedLabels(signUp?.body ?? '')).toEqual(
      expect.arrayContaining(['Get Started', 'Sign Up', 'Create Account']),
    );
  });

  it('state the limits the app enforces', () => {
    const wrong = HELP_ARTICLES.flatMap((article) =>
      LIMITS.flatMap(({ name, pattern, expected }) =>
        [...articleText(article).matchAll(pattern)]
          .map((m) => m.slice(1).map(Number))
          .filter((found) => found.join() !== expected.join())
          .map(
            (found) =>
              `${article.slug}: ${name} ${found.join('–')}, the app uses ${expected.join('–')}`,
          ),
      ),
    );
    expect(wrong).toEqual([]);
    // The check has something to check: the sign-up article states the password minimum.
    const signUp = HELP_ARTICLES.find((a) => a.slug === 'create-an-account');
    expect(signUp?.body).toContain(`password of at least ${PASSWORD_MIN_LENGTH} characters`);
  });

  it('never name controls the app does not have', () => {
    // Names earlier articles used for controls that are called otherwise in the app.
    const stale = ['Sign up in the header', 'Forgot password', 'Sign in with a passkey'];
    const found = HELP_ARTICLES.flatMap((article) =>
      stale.filter((s) => articleText(article).includes(s)).map((s) => `${article.slug}: ${s}`),
    );
    expect(found).toEqual([]);
  });
});
