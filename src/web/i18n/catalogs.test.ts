import { i18n, type Messages } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, catalogsPendingReady, catalogsReady, registerCatalog } from './catalogs';

/**
 * A catalog whose loads answer only when the test says so, in the order it chooses; once
 * released, every load answers at once (the clean-up switches back to English).
 */
function slowCatalog(id: string) {
  const waiting: { locale: string; answer: () => void }[] = [];
  let released = false;
  const loader = (locale: string) => () =>
    new Promise<{ messages: Messages }>((resolve) => {
      const answer = () => resolve({ messages: { [id]: `${id} in ${locale}` } });
      if (released) answer();
      else waiting.push({ locale, answer });
    });
  const release = () => {
    released = true;
    for (const load of waiting) load.answer();
  };
  return { loaders: { en: loader('en'), ar: loader('ar') }, waiting, release };
}

const until = async (condition: () => boolean) => expect.poll(condition).toBe(true);

afterEach(async () => {
  await catalogsReady();
  await activateLocale('en');
});

describe('catalogs while the language changes', () => {
  it('a catalog that arrives after a switch is loaded in the new language and does not turn the page back', async () => {
    const late = slowCatalog('late.heading');
    registerCatalog('late-part', late.loaders);
    expect(late.waiting.map((load) => load.locale)).toEqual(['en']);

    // The person picks Arabic while the late part's English catalog is still on its way.
    const switching = activateLocale('ar');
    await until(() => late.waiting.length === 2);
    late.waiting[1]?.answer();
    await switching;
    expect(i18n.locale).toBe('ar');

    late.release();
    await catalogsReady();
    expect(i18n.locale).toBe('ar');
    expect(i18n._('late.heading')).toBe('late.heading in ar');
  });

  it('a catalog registered during a switch is loaded before the page switches', async () => {
    const first = slowCatalog('first.text');
    registerCatalog('first-part', first.loaders);
    first.waiting[0]?.answer();
    await catalogsReady();

    const switching = activateLocale('ar');
    await until(() => first.waiting.length === 2);
    const arriving = slowCatalog('arriving.text');
    registerCatalog('arriving-part', arriving.loaders);
    first.waiting[1]?.answer();
    await until(() => arriving.waiting.length === 2);
    expect(i18n.locale).toBe('en');
    arriving.release();
    await switching;
    first.release();

    expect(i18n.locale).toBe('ar');
    expect(i18n._('arriving.text')).toBe('arriving.text in ar');
    expect(i18n._('first.text')).toBe('first.text in ar');
  });
});

describe('what a lazy page waits for', () => {
  it('the catalogs pending when it asks, not one registered while it waits', async () => {
    const own = slowCatalog('own.title');
    registerCatalog('own-part', own.loaders);
    let ready = false;
    const waiting = catalogsPendingReady().then(() => (ready = true));
    // A part loading beside the page (the signed-in header) registers its catalog meanwhile.
    const beside = slowCatalog('beside.title');
    registerCatalog('beside-part', beside.loaders);
    await Promise.resolve();
    expect(ready).toBe(false);

    own.release();
    await waiting;
    expect(ready).toBe(true);
    expect(i18n._('own.title')).toBe('own.title in en');
    expect(beside.waiting.map((load) => load.locale)).toEqual(['en']);
    beside.release();
  });
});
