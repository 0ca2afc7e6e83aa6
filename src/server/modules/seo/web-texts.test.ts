import { readFileSync } from 'node:fs';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../contracts/locales';
import { AUTH_TEXTS } from './first-view-auth';
import { CONTENT_TEXTS, HELP_CATEGORY_TEXTS } from './first-view-content';
import { DIRECTORY_TEXTS } from './first-view-directory';
import { HOME_TEXTS } from './first-view-home';
import { LIST_TEXTS } from './first-view-lists';
import { VENDOR_TEXTS } from './first-view-vendor';
import { translateWeb, webCatalogFile, type WebText } from './web-texts';

// The first views' words are the app's: each one must be a message of its web catalog, in every
// language, or the server's copy and the app's page would say different things.
// Keyed by table and name: two tables may name different texts alike (each has a `search`).
const TEXTS: Record<string, WebText> = Object.fromEntries(
  Object.entries({
    vendor: VENDOR_TEXTS,
    list: LIST_TEXTS,
    home: HOME_TEXTS,
    directory: DIRECTORY_TEXTS,
    content: CONTENT_TEXTS,
    helpCategory: HELP_CATEGORY_TEXTS,
    auth: AUTH_TEXTS,
  }).flatMap(([table, texts]) =>
    Object.entries(texts).map(([name, text]) => [`${table}.${name}`, text]),
  ),
);

describe('first views’ web texts', () => {
  it.each(Object.entries(TEXTS))('%s is in its web catalog in every language', (_, text) => {
    for (const locale of LOCALES) {
      const items = PO.parse(readFileSync(webCatalogFile(text.catalog, locale), 'utf8')).items;
      const item = items.find(
        (entry) =>
          generateMessageId(entry.msgid, entry.msgctxt ?? undefined) ===
          generateMessageId(text.message),
      );
      expect(item, `${text.message} in ${text.catalog} ${locale}`).toBeDefined();
      expect(item?.msgstr[0], `${text.message} translated in ${locale}`).toBeTruthy();
    }
  });

  it('fills values and plurals in the language', () => {
    expect(translateWeb('en', VENDOR_TEXTS.rated, { average: '4.5', ratingCount: 1 })).toBe(
      '4.5 out of 5 (1 rating)',
    );
    expect(translateWeb('fr', VENDOR_TEXTS.rated, { average: '4.5', ratingCount: 3 })).toBe(
      '4.5 sur 5 (3 notes)',
    );
  });
});
