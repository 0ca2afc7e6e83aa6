import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';

// Translations are written, not copied: a non-English value equal to the English is allowed
// only when its catalog lists it in identical.json (brand names, "Blog", "OK"…), so a catalog
// filled with English to pass the check fails here.
const root = fileURLToPath(new URL('../src', import.meta.url));

function catalogDirs(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.name === 'locales') found.push(full);
    else catalogDirs(full, found);
  }
  return found;
}

/** Only placeholders, tags, digits and punctuation: nothing to translate. */
const nothingToTranslate = (text: string) =>
  text.replace(/\{[^}]*\}|<\/?\d+\/?>|[\d\s.,:;!?%+\-–—·/()#@&*"'«»]/g, '') === '';

describe('catalogs', () => {
  const dirs = catalogDirs(root);

  it('are found', () => {
    expect(dirs.length).toBeGreaterThan(0);
  });

  it.each(dirs.map((dir) => [path.relative(root, dir), dir]))(
    '%s: every translation differs from the English unless listed as identical',
    (_name, dir) => {
      const listFile = path.join(dir, 'identical.json');
      const allowed: Record<string, string[]> = fs.existsSync(listFile)
        ? (JSON.parse(fs.readFileSync(listFile, 'utf8')) as Record<string, string[]>)
        : {};
      const copied: string[] = [];
      for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.po'))) {
        const locale = path.basename(file, '.po');
        if (locale === 'en') continue;
        const items = PO.parse(fs.readFileSync(path.join(dir, file), 'utf8')).items;
        for (const item of items) {
          const value = item.msgstr[0] ?? '';
          if (value !== item.msgid || nothingToTranslate(item.msgid)) continue;
          if (!(allowed[locale] ?? []).includes(item.msgid))
            copied.push(`${locale}: ${item.msgid}`);
        }
      }
      expect(copied).toEqual([]);
    },
  );
});
