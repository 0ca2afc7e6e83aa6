import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buttonClasses, type ButtonSize, type ButtonVariant } from '../components/ui/button';
import { cn } from './cn';
import { cnLight } from './cn-light';

// Tests run from the repository root (vitest.config.ts).
const webRoot = path.resolve('src/web');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every word of every string written in the web app that could be a Tailwind class. */
function classesWritten(): string[] {
  const words = new Set<string>();
  for (const file of sourceFiles(webRoot)) {
    const text = readFileSync(file, 'utf8');
    for (const literal of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g))
      for (const word of (literal[1] ?? literal[2] ?? literal[3] ?? '').split(/\s+/))
        if (/^!?-?[a-z@[*][\w\-:[\]/.%&>_()#,=*@!]*$/i.test(word)) words.add(word);
  }
  return [...words];
}

const variants: ButtonVariant[] = ['primary', 'secondary', 'outline', 'ghost', 'destructive'];
const sizes: ButtonSize[] = ['sm', 'md', 'lg', 'icon'];

// The class lists the first paint's components start from (see each component).
const bases = [
  ...variants.flatMap((variant) => sizes.map((size) => buttonClasses({ variant, size }))),
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  'bg-primary text-primary-foreground',
  'border border-border text-foreground',
  'bg-success-soft text-success',
  'inline-flex',
  'size-8',
  'relative flex w-full items-center gap-2',
  'cursor-pointer px-3 py-2 text-sm bg-primary-soft text-foreground hover:bg-muted',
  'border-t border-border md:block block hidden',
  'block rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring bg-muted text-foreground',
  'min-h-[3.4em] text-4xl font-extrabold tracking-tight text-balance transition-opacity ease-in-out md:min-h-[2.1em] md:text-6xl opacity-100 opacity-0',
  // The event page's first view (decision 087): cover, price box, avatar, alert, stars.
  'aspect-video w-full bg-muted object-cover',
  'flex aspect-video w-full items-center justify-center bg-gradient-to-br from-primary-soft to-muted text-primary',
  'flex h-[4.5rem] items-center justify-between gap-3 rounded-lg border border-border bg-card px-4',
  'size-12 shrink-0 rounded-full bg-muted object-cover',
  'flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary',
  'flex gap-3 rounded-md border px-4 py-3 text-sm border-border bg-primary-soft text-foreground',
  'flex gap-3 rounded-md border px-4 py-3 text-sm border-success/40 bg-success-soft text-success',
  'flex gap-3 rounded-md border px-4 py-3 text-sm border-destructive/50 bg-destructive-soft text-destructive',
];

describe('cnLight', () => {
  it('merges like the full cn: a later class of the same group wins', () => {
    expect(cnLight('inline-flex gap-2 px-4 h-10', 'hidden gap-1 px-2')).toBe(
      'h-10 hidden gap-1 px-2',
    );
    expect(cnLight('text-sm text-foreground', 'text-base text-destructive')).toBe(
      'text-base text-destructive',
    );
    expect(cnLight('h-10 w-4', 'size-6')).toBe('size-6');
    expect(cnLight('border border-border', 'border-0 border-transparent')).toBe(
      'border-0 border-transparent',
    );
  });

  it('reads each first-paint base as the full cn does', () => {
    for (const base of bases) expect(cnLight(base)).toBe(cn(base));
  });

  // A base followed by one class loses exactly the base classes that class conflicts with, so
  // checking each base class against each written class covers every base and override.
  it('answers as the full cn does for every class the web app writes, over every base class', () => {
    const words = classesWritten();
    // The scan reads the app's own class lists: a broken scan would make this test pass empty.
    expect(words).toEqual(expect.arrayContaining(['self-start', 'w-full', 'hover:bg-muted']));
    const baseClasses = new Set(bases.flatMap((base) => base.split(' ')));
    const differences: string[] = [];
    for (const earlier of baseClasses)
      for (const word of words) {
        const full = cn(earlier, word);
        const light = cnLight(earlier, word);
        if (full !== light)
          differences.push(`${earlier} ${word}: cn "${full}", cnLight "${light}"`);
      }
    expect(differences).toEqual([]);
    // Every base class against every written class: some 200 × 4,000 merges, about 15 s on a
    // loaded 2-core machine.
  }, 60_000);
});
