import { i18n, type Messages } from '@lingui/core';
import { isLocale, isRightToLeft, SOURCE_LOCALE, type Locale } from '../../contracts/locales';

type CatalogModule = { messages: Messages };
type CatalogLoaders = Partial<Record<string, () => Promise<CatalogModule>>>;

/** A catalog's files from `import.meta.glob('./locales/*.po')`, by language. */
export function catalogLoaders(files: Record<string, () => Promise<unknown>>): CatalogLoaders {
  return Object.fromEntries(
    Object.entries(files).map(([file, load]) => [
      file.replace(/^.*\/|\.po$/g, ''),
      load as () => Promise<CatalogModule>,
    ]),
  );
}

// Every catalog a loaded module needs, by name; switching language loads each of them again in
// the new language before activating it, so no text on screen is ever without its message.
const registered = new Map<string, CatalogLoaders>();

/** The language the server chose for this page (account, cookie, Accept-Language): <html lang>. */
export function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLocale(lang) ? lang : SOURCE_LOCALE;
}

async function loadInto(locale: Locale, loaders: CatalogLoaders) {
  const load = loaders[locale] ?? loaders[SOURCE_LOCALE];
  if (load) i18n.load(locale, (await load()).messages);
}

/** Called by each catalog's loader module (see scripts/lingui-vite.mjs) when it first runs. */
export async function registerCatalog(name: string, loaders: CatalogLoaders): Promise<void> {
  registered.set(name, loaders);
  const locale = (i18n.locale as Locale | '') || pageLocale();
  await loadInto(locale, loaders);
  if (i18n.locale !== locale) i18n.activate(locale);
}

/** Loads every registered catalog in `locale`, then switches the whole page to it. */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([...registered.values()].map((loaders) => loadInto(locale, loaders)));
  i18n.activate(locale);
  const root = document.documentElement;
  root.lang = locale;
  root.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
}
