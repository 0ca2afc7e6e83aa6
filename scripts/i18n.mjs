// `npm run i18n:extract` brings every catalog in line with the source (new messages added,
// unused ones removed, empty catalogs deleted); `npm run i18n:check` (part of `npm run check`)
// fails when a catalog is out of line with the source, a translation is missing, a message does
// not parse as ICU, or a translation's placeholders differ from the English. Decision 049.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@messageformat/parser';
import PO from 'pofile';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = 'en';

function catalogFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.po') && path.basename(dir) === 'locales') found.push(full);
    }
  };
  walk(path.join(root, 'src'));
  return found.sort();
}

/** A catalog's text without the creation date Lingui stamps on every extraction. */
const withoutDate = (text) => text.replace(/^"POT-Creation-Date: .*\\n"\n/m, '');

function runLinguiExtract() {
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/** Extracts, then removes catalogs without messages and the date stamp. */
function extract() {
  runLinguiExtract();
  for (const file of catalogFiles()) {
    const text = fs.readFileSync(file, 'utf8');
    if (PO.parse(text).items.length === 0) fs.rmSync(file);
    else fs.writeFileSync(file, withoutDate(text));
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

function check() {
  const before = new Map(catalogFiles().map((f) => [f, fs.readFileSync(f, 'utf8')]));
  const problems = [];
  try {
    extract();
    const after = new Map(catalogFiles().map((f) => [f, fs.readFileSync(f, 'utf8')]));
    for (const [file, text] of after) {
      const old = before.get(file);
      const oldKeys = new Set(old ? PO.parse(old).items.map(messageKey) : []);
      const newKeys = new Set(PO.parse(text).items.map(messageKey));
      const missing = [...newKeys].filter((k) => !oldKeys.has(k));
      const unused = [...oldKeys].filter((k) => !newKeys.has(k));
      const rel = path.relative(root, file);
      for (const k of missing) problems.push(`${rel}: missing "${k.split('\u0004')[1]}"`);
      for (const k of unused) problems.push(`${rel}: no longer used "${k.split('\u0004')[1]}"`);
    }
    for (const file of before.keys())
      if (!after.has(file)) problems.push(`${path.relative(root, file)}: no message uses it`);
  } finally {
    for (const file of catalogFiles()) if (!before.has(file)) fs.rmSync(file);
    for (const [file, text] of before) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
  }
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
      if (locale === SOURCE) continue;
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
if (command === 'extract') extract();
else if (command === 'check') check();
else {
  console.error('usage: node scripts/i18n.mjs extract|check');
  process.exit(2);
}
