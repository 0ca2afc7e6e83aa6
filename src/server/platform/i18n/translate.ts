import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import PO from 'pofile';
import { contractTextTranslator } from '../../../contracts/contract-texts';
import { SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import { PACKAGE_ROOT } from '../paths';

// Everything the server writes for a person (API messages, mail, push and in-app texts, PDFs)
// goes through one Lingui instance per language, holding every server catalog
// (src/server/locales and each module's locales/, see lingui.config.ts). The catalogs are read
// from their .po files once, on first use: the server runs from src/ and from dist/ alike, and
// no build step has to keep compiled copies in line. Decision 049.

function serverCatalogFiles(locale: Locale): string[] {
  const files = [path.join(PACKAGE_ROOT, 'src/server/locales', `${locale}.po`)];
  const modules = path.join(PACKAGE_ROOT, 'src/server/modules');
  for (const name of readdirSync(modules))
    files.push(path.join(modules, name, 'locales', `${locale}.po`));
  return files.filter((file) => existsSync(file));
}

function readCatalog(locale: Locale, contractIds: string[]): Messages {
  const messages: Messages = {};
  for (const file of serverCatalogFiles(locale)) {
    for (const item of PO.parse(readFileSync(file, 'utf8')).items) {
      const text = item.msgstr[0] || item.msgid;
      messages[generateMessageId(item.msgid, item.msgctxt ?? undefined)] = compileMessage(text);
    }
  }
  // The contracts' texts are looked up by their English (see contracts/contract-texts.ts).
  const file = path.join(PACKAGE_ROOT, 'src/contracts/locales', `${locale}.po`);
  if (existsSync(file))
    for (const item of PO.parse(readFileSync(file, 'utf8')).items) {
      messages[item.msgid] = compileMessage(item.msgstr[0] || item.msgid);
      contractIds.push(item.msgid);
    }
  return messages;
}

const instances = new Map<Locale, { i18n: I18n; contractText: (text: string) => string }>();

function instanceFor(locale: Locale) {
  let instance = instances.get(locale);
  if (!instance) {
    const contractIds: string[] = [];
    const i18n = setupI18n({ locale, messages: { [locale]: readCatalog(locale, contractIds) } });
    // A message not yet in a catalog still gets its values filled in, in production too.
    i18n.setMessagesCompiler(compileMessage);
    const contractText = contractTextTranslator(contractIds, (id, values) => i18n._(id, values));
    instance = { i18n, contractText };
    instances.set(locale, instance);
  }
  return instance;
}

/** The server's Lingui instance for a language, its catalogs loaded on first use. */
export function i18nFor(locale: Locale): I18n {
  return instanceFor(locale).i18n;
}

/**
 * A message in a language. Descriptors come from the `msg` macro (they carry their English);
 * a plain string is looked up as English source text (a contracts text included, values and
 * all), so a text that is in a catalog reads translated wherever it came from, and any other
 * string passes through unchanged.
 */
export function translate(
  locale: Locale,
  message: MessageDescriptor | string,
  values?: Record<string, unknown>,
): string {
  const i18n = i18nFor(locale);
  if (typeof message !== 'string') return i18n._(message);
  if (locale === SOURCE_LOCALE) return message;
  const id = generateMessageId(message);
  if (!(id in i18n.messages)) return instanceFor(locale).contractText(message);
  const known: MessageDescriptor = { id, message, values };
  return i18n._(known);
}

/** `_(msg\`…\`)` in one language: what mail, push and PDF writers call for each text. */
export function translator(locale: Locale): (message: MessageDescriptor) => string {
  const i18n = i18nFor(locale);
  return (message) => i18n._(message);
}
