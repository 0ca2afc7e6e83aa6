// `npm run i18n:extract` brings every catalog in line with the source (new messages added,
// unused ones removed, empty catalogs deleted); `npm run i18n:check` (part of `npm run check`)
// fails when a catalog is out of line with the source, a translation is missing, a message does
// not parse as ICU, or a translation's placeholders differ from the English. Decision 049.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@messageformat/parser';
import PO from 'pofile';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = 'en';

function catalogFiles(base = root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.po') && path.basename(dir) === 'locales') found.push(full);
    }
  };
  if (fs.existsSync(path.join(base, 'src'))) walk(path.join(base, 'src'));
  return found.sort();
}

/** A catalog's text without the creation date Lingui stamps on every extraction. */
const withoutDate = (text) => text.replace(/^"POT-Creation-Date: .*\\n"\n/m, '');

function runLinguiExtract(configFile) {
  const args = [path.join(root, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean'];
  args.push('--config', configFile);
  execFileSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Every translation in the tree, by language and English text: moved messages keep theirs. */
function knownTranslations(base = root) {
  const known = new Map();
  for (const file of catalogFiles(base)) {
    const locale = localeOf(file);
    if (!known.has(locale)) known.set(locale, new Map());
    for (const item of PO.parse(fs.readFileSync(file, 'utf8')).items)
      if (item.msgstr[0]) known.get(locale).set(messageKey(item), item.msgstr[0]);
  }
  return known;
}

/**
 * Extracts into a scratch copy, then writes back only the catalogs under the given paths (all
 * without paths) and only when they changed: people converting different features at once do
 * not overwrite each other's catalogs. Catalogs without messages are removed, the date dropped.
 */
function extract(scopes) {
  const before = new Map(catalogFiles().map((f) => [f, fs.readFileSync(f, 'utf8')]));
  const known = knownTranslations();
  const after = extractedCatalogs(before);
  const inScope = (file) =>
    scopes.length === 0 ||
    scopes.some((s) => path.relative(root, file).startsWith(path.normalize(s)));
  for (const [file, text] of after) {
    if (!inScope(file)) continue;
    const po = PO.parse(text);
    if (po.items.length === 0) {
      fs.rmSync(file, { force: true });
      continue;
    }
    // A message that moved to another catalog (a file moved between features) keeps its
    // translation.
    const translations = known.get(localeOf(file));
    let filled = false;
    for (const item of po.items)
      if (!item.msgstr[0] && translations?.has(messageKey(item))) {
        item.msgstr = [translations.get(messageKey(item))];
        filled = true;
      }
    const result = withoutDate(filled ? `${po.toString()}\n` : text);
    if (result === before.get(file)) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, result);
  }
  const dirs = new Set();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) {
        const full = path.join(dir, entry.name);
        if (entry.name === 'locales') dirs.add(full);
        else walk(full);
      }
  };
  walk(path.join(root, 'src'));
  for (const dir of dirs) if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
}

const localeOf = (file) => path.basename(file, '.po');
const messageKey = (item) => `${item.msgctxt ?? ''}\u0004${item.msgid}`;

/** The placeholders and tags of an ICU message, sorted: a translation must keep the same. */
function argumentsOf(message) {
  const names = new Set();
  const visit = (tokens) => {
    for (const token of tokens) {
      if (token.type === 'content' || token.type === 'octothorpe') continue;
      names.add(token.arg);
      if ('cases' in token) for (const c of token.cases) visit(c.tokens);
    }
  };
  visit(parse(message));
  for (const tag of message.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag[1]}>`);
  return [...names].sort().join(',');
}

/**
 * Extracts into a copy of the catalogs (never the tree itself, which others may be editing) and
 * compares: a message the source uses that a catalog lacks, or one it keeps that nothing uses.
 */
function compareWithSource(before, problems) {
  const after = new Map(
    [...extractedCatalogs(before)].filter(([, text]) => PO.parse(text).items.length > 0),
  );
  for (const [file, text] of after) {
    const old = before.get(file);
    const oldKeys = new Set(old ? PO.parse(old).items.map(messageKey) : []);
    const newKeys = new Set(PO.parse(text).items.map(messageKey));
    const rel = path.relative(root, file);
    for (const k of newKeys)
      if (!oldKeys.has(k)) problems.push(`${rel}: missing "${k.split('\u0004')[1]}"`);
    for (const k of oldKeys)
      if (!newKeys.has(k)) problems.push(`${rel}: no longer used "${k.split('\u0004')[1]}"`);
  }
  for (const file of before.keys())
    if (!after.has(file)) problems.push(`${path.relative(root, file)}: no message uses it`);
}

/** Lingui's extraction run over a scratch copy of the catalogs: each catalog's new text. */
function extractedCatalogs(before) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mea-i18n-'));
  try {
    for (const [file, text] of before) {
      const copy = path.join(scratch, path.relative(root, file));
      fs.mkdirSync(path.dirname(copy), { recursive: true });
      fs.writeFileSync(copy, text);
    }
    const config = path.join(scratch, 'lingui.config.ts');
    fs.writeFileSync(
      config,
      `import config from ${JSON.stringify(path.join(root, 'lingui.config.ts'))};\n` +
        `export default { ...config, rootDir: ${JSON.stringify(root)}, catalogs: config.catalogs.map((c) => ({ ...c, path: c.path.replace('<rootDir>', ${JSON.stringify(scratch)}) })) };\n`,
    );
    runLinguiExtract(config);
    const after = new Map();
    for (const file of catalogFiles(scratch))
      after.set(path.join(root, path.relative(scratch, file)), fs.readFileSync(file, 'utf8'));
    return after;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function check() {
  const before = new Map(catalogFiles().map((f) => [f, fs.readFileSync(f, 'utf8')]));
  const problems = [];
  compareWithSource(before, problems);
  for (const [file, text] of before) {
    const rel = path.relative(root, file);
    const locale = localeOf(file);
    for (const item of PO.parse(text).items) {
      const translation = item.msgstr[0] ?? '';
      let source;
      try {
        source = argumentsOf(item.msgid);
      } catch (error) {
        problems.push(`${rel}: "${item.msgid}" is not a valid ICU message (${error.message})`);
        continue;
      }
      if (locale === SOURCE) {
        // The English catalog is what English readers see: it says the source text itself.
        if (translation && translation !== item.msgid)
          problems.push(`${rel}: "${item.msgid}" reads "${translation}" in English`);
        continue;
      }
      if (!translation) {
        problems.push(`${rel}: "${item.msgid}" has no translation`);
        continue;
      }
      try {
        const translated = argumentsOf(translation);
        if (translated !== source)
          problems.push(`${rel}: "${translation}" uses {${translated}}, the English {${source}}`);
      } catch (error) {
        problems.push(`${rel}: "${translation}" is not a valid ICU message (${error.message})`);
      }
    }
  }
  if (problems.length > 0) {
    console.error(`${problems.length} catalog problem(s):\n  ${problems.join('\n  ')}`);
    console.error('Run `npm run i18n:extract`, then translate what is missing.');
    process.exit(1);
  }
  console.log(`i18n: ${before.size} catalogs in line with the source, every message translated.`);
}

const command = process.argv[2];
if (command === 'extract') extract(process.argv.slice(3));
else if (command === 'check') check();
else {
  console.error('usage: node scripts/i18n.mjs extract [path…] | check');
  process.exit(2);
}
