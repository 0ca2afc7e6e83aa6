import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import PO from 'pofile';
import type { Locale } from '../../../contracts/locales';
import { PACKAGE_ROOT } from '../../platform/paths';

/**
 * The web catalogs a first view reads its words from: the shell's (src/web/locales) and a few
 * features'. The app and the server's copy of its first view then say the same thing in the same
 * words, translated once, so swapping one for the other changes no text.
 */
export type WebCatalog =
  | 'shell'
  | 'vendors'
  | 'service-types'
  | 'events'
  | 'home'
  | 'content'
  | 'subscriptions'
  | 'seating'
  | 'auth'
  | 'devices';

export function webCatalogFile(catalog: WebCatalog, locale: Locale): string {
  return catalog === 'shell'
    ? path.join(PACKAGE_ROOT, 'src/web/locales', `${locale}.po`)
    : path.join(PACKAGE_ROOT, 'src/web/features', catalog, 'locales', `${locale}.po`);
}

// One Lingui instance per catalog and language, read from its .po file on first use (like the
// server's own catalogs, translate.ts): the same English may be translated differently by two
// features, so the catalogs are not merged.
const instances = new Map<string, I18n>();

function instanceFor(catalog: WebCatalog, locale: Locale): I18n {
  const key = `${catalog} ${locale}`;
  let i18n = instances.get(key);
  if (!i18n) {
    const file = webCatalogFile(catalog, locale);
    const messages: Record<string, ReturnType<typeof compileMessage>> = {};
    if (existsSync(file))
      for (const item of PO.parse(readFileSync(file, 'utf8')).items)
        messages[generateMessageId(item.msgid, item.msgctxt ?? undefined)] = compileMessage(
          item.msgstr[0] || item.msgid,
        );
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    // A message missing from the catalog still reads in English with its values filled in.
    i18n.setMessagesCompiler(compileMessage);
    instances.set(key, i18n);
  }
  return i18n;
}

/** A web text: its catalog and its English, exactly as the app's macro writes it (ICU). */
export interface WebText {
  catalog: WebCatalog;
  message: string;
}

export const webText = (catalog: WebCatalog, message: string): WebText => ({ catalog, message });

/** A web text in a language, as the app shows it. */
export function translateWeb(
  locale: Locale,
  text: WebText,
  values?: Record<string, unknown>,
): string {
  const id = generateMessageId(text.message);
  return instanceFor(text.catalog, locale)._({ id, message: text.message, values });
}
