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

// Catalogs still on their way. A module registers its catalog when it is evaluated and the
// load starts at once; whoever renders that module's components first waits for them all
// (catalogsReady): main.tsx before the first paint, lazyPage before a page. No top-level await:
// in the entry's modules it made the bundler split the first load into many more files.
const pending = new Set<Promise<void>>();

/**
 * Called by each catalog's loader module (see scripts/lingui-vite.mjs) when it first runs, and
 * by main.tsx for the shell's catalog.
 */
export function registerCatalog(name: string, loaders: CatalogLoaders): void {
  if (registered.has(name)) return;
  registered.set(name, loaders);
  const locale = (i18n.locale as Locale | '') || pageLocale();
  const loading = loadInto(locale, loaders).then(async () => {
    const active = i18n.locale as Locale | '';
    if (!active) i18n.activate(locale);
    // The person switched language while this catalog was on its way (a part of the page that
    // loads after the first paint): it is needed in the new language too. Activating the
    // language it started in would turn the whole page back.
    else if (active !== locale) await loadInto(active, loaders);
  });
  pending.add(loading);
  void loading.finally(() => pending.delete(loading));
}

/** Resolves once every catalog registered so far has arrived (at once when none is pending). */
export async function catalogsReady(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/**
 * Resolves once the catalogs pending now have arrived, not those registered while it waits. A
 * lazy page's modules have all run (and registered their catalogs) when its import resolves, so
 * this is all the page needs; waiting for every catalog made a page wait for what loads beside
 * it, such as the signed-in header's controls, whose catalogs start a second later.
 */
export async function catalogsPendingReady(): Promise<void> {
  await Promise.all([...pending]);
}

/** Loads every registered catalog in `locale`, then switches the whole page to it. */
export async function activateLocale(locale: Locale): Promise<void> {
  // A catalog registered while these load (a lazy part of the page arriving) is loaded too,
  // before the switch.
  const loaded = new Set<CatalogLoaders>();
  for (;;) {
    const next = [...registered.values()].filter((loaders) => !loaded.has(loaders));
    if (!next.length) break;
    for (const loaders of next) loaded.add(loaders);
    await Promise.all(next.map((loaders) => loadInto(locale, loaders)));
  }
  i18n.activate(locale);
  const root = document.documentElement;
  root.lang = locale;
  root.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
}
